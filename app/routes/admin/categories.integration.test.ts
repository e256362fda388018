import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { categories, productCategories, products } from "~/lib/db/tables/catalogue.server";
import { useTestDatabase, testTarget } from "../../../tests/support/test-db";
import { insertCategory, insertProduct } from "../../../tests/support/fixtures";
import { useAdminRequests, type Who } from "../../../tests/support/admin-requests";
import { answer, flashOf } from "../../../tests/support/route-answer";
import { action, loader } from "./categories";
import { png } from "../../../tests/support/images";
import { streamedBody } from "../../../tests/support/streamed-body";
import { routeArgs } from "../../../tests/support/route-args";

const testDb = useTestDatabase();
const admin = useAdminRequests(testDb);

const load = (who: Who = "admin", query = "") =>
  answer(() => loader(routeArgs({ request: admin.request(who, `/admin/categories${query}`), params: {}, context: admin.context() })));

function post(who: Who, fields: Record<string, string>, image?: { bytes: Buffer; name: string; type: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (image) form.set("image", new File([new Uint8Array(image.bytes)], image.name, { type: image.type }));
  const query = fields.intent === "add" || fields.intent === "update" ? `?intent=${fields.intent}` : "";
  return answer(() =>
    action(routeArgs({ request: admin.request(who, `/admin/categories${query}`, { form }), params: {}, context: admin.context() })),
  );
}

const pngFile = (width: number, height = width) => png(width, height).then((bytes) => ({ bytes, name: "wallets.png", type: "image/png" }));

const row = async (name: string) => (await testDb().db.select().from(categories).where(eq(categories.name, name)))[0];
const imageFiles = (key: string) => [`${key}-320.webp`, `${key}-640.webp`];

describe(`admin categories (${testTarget()})`, () => {
  it("adds a category with an image stored at every category width; a small image is not lost", async () => {
    const added = await post("admin", { intent: "add", name: "  Wallets  " }, await pngFile(900, 600));
    expect(added.status).toBe(303);
    expect(added.location).toBe("/admin/categories");
    const wallets = await row("Wallets");
    expect(wallets.imageKey).toMatch(/^category_images\//);
    for (const f of imageFiles(wallets.imageKey!)) expect(admin.fileExists(f)).toBe(true);

    await post("admin", { intent: "add", name: "Coin Pouches" }, await pngFile(200));
    const pouches = await row("Coin Pouches");
    for (const f of imageFiles(pouches.imageKey!)) expect(admin.fileExists(f)).toBe(true);

    await post("admin", { intent: "add", name: "Keyrings" });
    expect((await row("Keyrings")).imageKey).toBeNull();
    const listed = await load();
    expect(listed.data.categories.map((c) => c.name)).toEqual(expect.arrayContaining(["Wallets", "Coin Pouches", "Keyrings"]));
  });

  it("refuses a blank name with 'Category name required' and stores nothing", async () => {
    const before = await testDb().db.select().from(categories);
    const files = admin.filesIn("category_images").length;
    const result = await post("admin", { intent: "add", name: "   " }, await pngFile(400));
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({ ok: false, intent: "add", nameError: "Category name required" });
    expect(await testDb().db.select().from(categories)).toHaveLength(before.length);
    expect(admin.filesIn("category_images")).toHaveLength(files);
  });

  it("refuses a renamed text file and an oversize file, keeping the typed name", async () => {
    const files = admin.filesIn("category_images").length;
    const fake = await post(
      "admin",
      { intent: "add", name: "Fakes" },
      { bytes: Buffer.from("just some text, not a picture"), name: "photo.jpg", type: "image/jpeg" },
    );
    expect(fake.status).toBe(400);
    expect(fake.data).toMatchObject({ message: "Error adding category", name: "Fakes" });
    expect(fake.data.detail).toMatch(/not an image/);

    const big = await post(
      "admin",
      { intent: "add", name: "Huge" },
      { bytes: Buffer.alloc(10 * 1024 * 1024 + 1, 1), name: "huge.png", type: "image/png" },
    );
    expect(big.status).toBe(400);
    expect(big.data).toMatchObject({ message: "Error adding category", detail: "The image is larger than 10 MB." });

    const huger = await post(
      "admin",
      { intent: "add", name: "Huger" },
      { bytes: Buffer.alloc(12 * 1024 * 1024, 1), name: "huger.png", type: "image/png" },
    );
    expect(huger.status).toBe(400);
    expect(huger.data).toMatchObject({ message: "Error adding category", detail: "The image is larger than 10 MB." });

    expect(await row("Fakes")).toBeUndefined();
    expect(await row("Huger")).toBeUndefined();
    expect(await row("Huge")).toBeUndefined();
    expect(admin.filesIn("category_images")).toHaveLength(files);
  });

  it("stops reading a streamed form (no Content-Length) once it passes the limit, and refuses it as an oversize image", async () => {
    const files = admin.filesIn("category_images").length;
    const boundary = "----shop-test-boundary";
    const body = streamedBody(30 * 1024 * 1024, {
      head: new TextEncoder().encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nadd\r\n--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nStreamed\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      tail: new TextEncoder().encode(`\r\n--${boundary}--\r\n`),
    });
    const signedIn = admin.request("admin", "/admin/categories?intent=add");
    const headers = new Headers(signedIn.headers);
    headers.set("content-type", `multipart/form-data; boundary=${boundary}`);
    const request = new Request(signedIn.url, { method: "POST", headers, body: body.stream, duplex: "half" } as RequestInit);
    const result = await answer(() => action(routeArgs({ request, params: {}, context: admin.context() })));
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({ message: "Error adding category", detail: "The image is larger than 10 MB." });
    // The form's limit is the 10 MB image and a little room for the other fields; not the 30 MB sent.
    expect(body.pulled()).toBeGreaterThan(10 * 1024 * 1024);
    expect(body.pulled()).toBeLessThanOrEqual(15 * 1024 * 1024);
    expect(await row("Streamed")).toBeUndefined();
    expect(admin.filesIn("category_images")).toHaveLength(files);
  });

  it("renames, changes the image (old files deleted after the save) and removes the image", async () => {
    await post("admin", { intent: "add", name: "Belts" }, await pngFile(700));
    const belts = await row("Belts");
    const oldKey = belts.imageKey!;

    const renamed = await post("admin", { intent: "update", id: belts.id, name: "Leather Belts" });
    expect(renamed.status).toBe(303);
    expect(flashOf(renamed)).toBe("Category 'Leather Belts' updated successfully!");
    expect((await row("Leather Belts")).imageKey).toBe(oldKey);

    const blank = await post("admin", { intent: "update", id: belts.id, name: "" });
    expect(blank.data).toMatchObject({ intent: "update", id: belts.id, nameError: "Category name required" });

    const changed = await post("admin", { intent: "update", id: belts.id, name: "Leather Belts" }, await pngFile(800));
    expect(changed.status).toBe(303);
    const newKey = (await row("Leather Belts")).imageKey!;
    expect(newKey).not.toBe(oldKey);
    for (const f of imageFiles(oldKey)) expect(admin.fileExists(f)).toBe(false);
    for (const f of imageFiles(newKey)) expect(admin.fileExists(f)).toBe(true);

    const badImage = await post(
      "admin",
      { intent: "update", id: belts.id, name: "Leather Belts" },
      { bytes: Buffer.from("<html>"), name: "x.png", type: "image/png" },
    );
    expect(badImage.data).toMatchObject({ message: "Error updating category" });
    expect((await row("Leather Belts")).imageKey).toBe(newKey);

    const removed = await post("admin", { intent: "remove-image", id: belts.id });
    expect(removed.status).toBe(303);
    expect((await row("Leather Belts")).imageKey).toBeNull();
    for (const f of imageFiles(newKey)) expect(admin.fileExists(f)).toBe(false);

    const gone = await post("admin", { intent: "remove-image", id: "missing" });
    expect(gone.status).toBe(404);
    expect(gone.data.message).toBe("Error removing category image");
    const missingUpdate = await post("admin", { intent: "update", id: "missing", name: "X" }, await pngFile(400));
    expect(missingUpdate.data).toMatchObject({ message: "Error updating category", detail: "Category not found" });
  });

  it("counts products from their links, refreshes counts, and deletes a category from its products while they keep their others", async () => {
    const { db } = testDb();
    await post("admin", { intent: "add", name: "Office" }, await pngFile(500));
    const office = await row("Office");
    const desk = await insertCategory(db, "Desk");
    const a = await insertProduct(db, { name: "Planner Cover", categoryIds: [office.id, desk], variants: [{ name: "Tan", price: 100, stock: [] }] });
    const b = await insertProduct(db, { name: "Pen Case", categoryIds: [office.id], variants: [{ name: "Black", price: 100, stock: [] }] });

    const listed = await load("admin", `?delete=${office.id}`);
    expect(listed.data.deleteId).toBe(office.id);
    expect(listed.data.categories.find((c) => c.id === office.id)?.productCount).toBe(2);
    expect(listed.data.categories.find((c) => c.id === desk)?.productCount).toBe(1);

    const refreshed = await post("admin", { intent: "refresh" });
    expect(flashOf(refreshed)).toBe("Product counts refreshed!");

    const deleted = await post("admin", { intent: "delete", id: office.id });
    expect(deleted.status).toBe(303);
    expect(flashOf(deleted)).toBe("Category 'Office' deleted successfully!");
    expect(await row("Office")).toBeUndefined();
    // Its image waits in the Trash with it, until it is deleted for good (docs/decisions/0053).
    for (const f of imageFiles(office.imageKey!)) expect(admin.fileExists(f)).toBe(true);
    expect(await db.select().from(productCategories).where(eq(productCategories.categoryId, office.id))).toEqual([]);
    expect(await db.select().from(products).where(eq(products.id, b.productId))).toHaveLength(1);
    expect((await db.select().from(productCategories).where(eq(productCategories.productId, a.productId))).map((l) => l.categoryId)).toEqual([desk]);

    const again = await post("admin", { intent: "delete", id: office.id });
    expect(again.status).toBe(404);
    expect(again.data.message).toBe("Error deleting category: Category not found");
  });

  it("refuses anonymous visitors (to /login) and customers (to /) on the page and every action, and changes nothing", async () => {
    await post("admin", { intent: "add", name: "Guarded" }, await pngFile(400));
    const guarded = await row("Guarded");
    const files = admin.filesIn("category_images").length;
    for (const [who, to] of [
      ["anonymous", "/login"],
      ["user", "/"],
    ] as const) {
      const answers = [
        await load(who),
        await post(who, { intent: "add", name: "Sneaky" }, await pngFile(300)),
        await post(who, { intent: "update", id: guarded.id, name: "Renamed" }),
        await post(who, { intent: "remove-image", id: guarded.id }),
        await post(who, { intent: "delete", id: guarded.id }),
        await post(who, { intent: "refresh" }),
      ];
      for (const a of answers) {
        expect(a.status).toBe(302);
        expect(a.location).toBe(to);
      }
    }
    expect(await row("Sneaky")).toBeUndefined();
    expect(await row("Guarded")).toEqual(guarded);
    expect(admin.filesIn("category_images")).toHaveLength(files);
  });
});
