import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { media, productCategories, products, stock, variants } from "~/lib/db/tables/catalogue.server";
import { orderItems, orders } from "~/lib/db/tables/orders.server";
import { trash } from "~/lib/db/tables/site.server";
import { deleteForGood } from "~/modules/trash/trash.server";
import type { FileStorage } from "~/modules/media/storage.server";
import { deleteProduct } from "~/modules/catalog/admin-products.server";
import { useTestDatabase, testTarget } from "../../../tests/support/test-db";
import { insertCategory, insertProduct } from "../../../tests/support/fixtures";
import { useAdminRequests, type Who } from "../../../tests/support/admin-requests";
import { answer, dataWith, flashOf } from "../../../tests/support/route-answer";
import { loader as listLoader, action as listAction } from "./products";
import { loader as viewLoader, action as viewAction } from "./products-view";
import { action as checkoutAction } from "../checkout";
import { routeArgs } from "../../../tests/support/route-args";
import { checkoutForm, TEST_CUSTOMER } from "../../../tests/support/test-customer";

const testDb = useTestDatabase();
const admin = useAdminRequests(testDb);

const list = (who: Who, query = "") =>
  answer(() => listLoader(routeArgs({ request: admin.request(who, `/admin/products${query}`), params: {}, context: admin.context() })));
const view = (who: Who, id: string, query = "") =>
  answer(() =>
    viewLoader(routeArgs({ request: admin.request(who, `/admin/products/${id}/view${query}`), params: { id }, context: admin.context() })),
  );
const deleteFromList = (who: Who, id: string, returnTo = "/admin/products", storage?: FileStorage) =>
  answer(() =>
    listAction(
      routeArgs({
        request: admin.request(who, "/admin/products", { form: { intent: "delete", id, returnTo } }),
        params: {},
        context: admin.context(storage && { storage }),
      }),
    ),
  );
const deleteFromView = (who: Who, id: string) =>
  answer(() =>
    viewAction(
      routeArgs({
        request: admin.request(who, `/admin/products/${id}/view`, { form: { intent: "delete" } }),
        params: { id },
        context: admin.context(),
      }),
    ),
  );

const DAY = 24 * 60 * 60 * 1000;
const base = new Date("2026-01-01T00:00:00Z").getTime();

/** A product with a stored image (two widths) and a video on its first variant. */
async function productWithMedia(name: string) {
  const { db } = testDb();
  const p = await insertProduct(db, { name, variants: [{ name: "Brown", price: 500000, stock: [["", 2]] }] });
  const imageKey = `product_images/${name.replace(/\W/g, "")}-img`;
  const videoKey = `product_videos/${name.replace(/\W/g, "")}-vid.mp4`;
  await db.insert(media).values([
    { variantId: p.variants[0].id, kind: "image", storageKey: imageKey, widths: [320, 640], contentType: "image/webp" },
    { variantId: p.variants[0].id, kind: "video", storageKey: videoKey, widths: [], contentType: "video/mp4" },
  ]);
  const storage = admin.storage();
  for (const key of [`${imageKey}-320.webp`, `${imageKey}-640.webp`, videoKey]) await storage.put(key, Buffer.from("x"));
  return { ...p, files: [`${imageKey}-320.webp`, `${imageKey}-640.webp`, videoKey] };
}

describe(`admin product table (${testTarget()})`, () => {
  it("pages, searches by name or SKU, filters by category and shows each row's figures", async () => {
    const { db } = testDb();
    const wallets = await insertCategory(db, "Wallets");
    const belts = await insertCategory(db, "Belts");
    for (let i = 0; i < 30; i++) {
      await insertProduct(db, {
        name: `Slim Wallet ${String(i).padStart(2, "0")}`,
        categoryIds: i % 3 === 0 ? [wallets, belts] : [wallets],
        createdAt: new Date(base + i * DAY),
        variants: [{ name: "Black", price: 250000 + i * 100, stock: [["", 1]] }],
      });
    }
    const belt = await insertProduct(db, {
      name: "Classic Belt",
      categoryIds: [belts],
      createdAt: new Date(base + 40 * DAY),
      variants: [
        {
          name: "Brown",
          price: 400000,
          inOffer: true,
          discountPrice: 350000,
          stock: [
            ["32", 3],
            ["34", 4],
          ],
        },
        { name: "Black", price: 450000, stock: [["", 0]] },
      ],
    });
    await db.update(products).set({ code: "BLT-100" }).where(eq(products.id, belt.productId));

    const first = await list("admin");
    expect(first.status).toBe(200);
    expect(first.data.total).toBe(31);
    expect(first.data.items).toHaveLength(25);
    expect(first.data.items[0]).toMatchObject({
      name: "Classic Belt",
      code: "BLT-100",
      categories: ["Belts"],
      overview: { range: { min: 400000, max: 450000, lowestDiscount: 350000 }, totalStock: 7, variantCount: 2, onOffer: true },
    });
    expect(first.data.items[1]).toMatchObject({ name: "Slim Wallet 29", overview: { onOffer: false, totalStock: 1 } });

    const second = await list("admin", "?page=2");
    expect(second.data.items).toHaveLength(6);
    expect(second.data.items.at(-1)?.name).toBe("Slim Wallet 00");
    expect(second.data.items.at(-1)?.categories).toEqual(["Wallets", "Belts"]);

    expect((await list("admin", "?q=blt-1")).data.items.map((p) => p.name)).toEqual(["Classic Belt"]);
    expect((await list("admin", "?q=wallet%2007")).data.items.map((p) => p.name)).toEqual(["Slim Wallet 07"]);
    const inBelts = await list("admin", `?category=${belts}`);
    expect(inBelts.data.total).toBe(11);
    const both = await list("admin", `?category=${belts}&q=wallet`);
    expect(both.data.total).toBe(10);
    expect((await list("admin", "?q=100%25")).data.total).toBe(0);
    expect(first.data.categories.map((c) => c.name)).toEqual(["Belts", "Wallets"]);
  });

  it("views a product: price range, offer, stock; an unknown id is 'Product Not Found' with 404", async () => {
    const { db } = testDb();
    const p = await insertProduct(db, {
      name: "Office Folio",
      variants: [
        { name: "Tan", price: 900000, inOffer: true, discountPrice: 900000, stock: [["", 0]] },
        { name: "Navy", price: 700000, stock: [] },
      ],
    });
    const seen = await view("admin", p.productId, "?tab=stock");
    expect(seen.status).toBe(200);
    expect(seen.data.tab).toBe("stock");
    // On offer with a discount not below the price is no offer at all.
    expect(seen.data.product?.overview).toEqual({
      range: { min: 700000, max: 900000, lowestDiscount: null },
      totalStock: 0,
      variantCount: 2,
      onOffer: false,
    });
    expect((await view("admin", p.productId, "?tab=nonsense")).data.tab).toBe("overview");

    const missing = await view("admin", "no-such-product");
    expect(missing.status).toBe(404);
    expect(missing.data.product).toBeNull();
  });

  it("deletes a product with its variants, stock, media rows into the Trash; its files go once it is deleted for good, after that commit; orders keep their snapshot", async () => {
    const { db } = testDb();
    const category = await insertCategory(db, "Bags");
    const p = await productWithMedia("Weekend Bag");
    await db.insert(productCategories).values({ productId: p.productId, categoryId: category });
    const [order] = await db
      .insert(orders)
      .values({
        orderNumber: `ORD-${Date.now()}`,
        ...TEST_CUSTOMER,
        subtotal: 500000,
        tax: 25000,
        total: 525000,
      })
      .returning();
    await db.insert(orderItems).values({
      orderId: order.id,
      productId: p.productId,
      variantId: p.variants[0].id,
      productName: "Weekend Bag",
      quantity: 1,
      price: 500000,
      unitPrice: 500000,
      lineTotal: 500000,
    });

    const result = await deleteFromList("admin", p.productId, "/admin/products?q=bag&page=1&delete=" + p.productId);
    expect(result.status).toBe(303);
    expect(result.location).toBe("/admin/products?q=bag&page=1");
    expect(flashOf(result)).toBe("Product deleted successfully!");
    // Its files wait in the Trash with it (docs/decisions/0053).
    for (const f of p.files) expect(admin.fileExists(f)).toBe(true);
    const [entry] = await db.select().from(trash).where(eq(trash.itemId, p.productId));
    expect(entry.kind).toBe("product");

    // Every file delete checks, from outside the transaction, that the Trash's entry is already gone.
    const real = admin.storage();
    const seenAtDelete: boolean[] = [];
    const watching: FileStorage = {
      put: (k, d) => real.put(k, d),
      open: (k) => real.open(k),
      openRange: (k, r) => real.openRange(k, r),
      list: (f) => real.list(f),
      listAll: () => real.listAll(),
      delete: async (k) => {
        const rows = await db.select().from(trash).where(eq(trash.id, entry.id));
        seenAtDelete.push(rows.length === 0);
        await real.delete(k);
      },
    };
    await deleteForGood(db, watching, entry.id);
    expect(seenAtDelete).toEqual([true, true, true]);
    for (const f of p.files) expect(admin.fileExists(f)).toBe(false);
    expect(await db.select().from(products).where(eq(products.id, p.productId))).toEqual([]);
    expect(await db.select().from(variants).where(eq(variants.productId, p.productId))).toEqual([]);
    expect(await db.select().from(stock).where(eq(stock.variantId, p.variants[0].id))).toEqual([]);
    expect(await db.select().from(media).where(eq(media.variantId, p.variants[0].id))).toEqual([]);
    expect(await db.select().from(productCategories).where(eq(productCategories.productId, p.productId))).toEqual([]);
    const [kept] = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(kept).toMatchObject({ productId: null, productName: "Weekend Bag", lineTotal: 500000 });
    expect((await list("admin", "?q=weekend")).data.total).toBe(0);
  });

  it("deletes from the product view too; deleting what is not there says so and changes nothing", async () => {
    const p = await productWithMedia("Card Holder");
    const result = await deleteFromView("admin", p.productId);
    expect(result.status).toBe(303);
    expect(result.location).toBe("/admin/products");
    expect(flashOf(result)).toBe("Product deleted successfully!");
    expect((await view("admin", p.productId)).status).toBe(404);

    const again = await deleteFromView("admin", p.productId);
    expect(again.status).toBe(404);
    expect(again.data).toEqual({ ok: false, message: "Error deleting product. Check console for details." });
    await expect(deleteProduct(testDb().db, "missing", { id: "someone", name: "Someone" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("a return address outside the product table is not followed", async () => {
    const p = await insertProduct(testDb().db, { name: "Key Fob", variants: [{ name: "Red", price: 1000, stock: [] }] });
    const result = await deleteFromList("admin", p.productId, "https://evil.example/admin/products");
    expect(result.location).toBe("/admin/products");
    for (const [i, returnTo] of [
      "//evil.example/admin/products",
      "/admin/products/..//evil.example",
      "/admin/products\\..\\..\\evil.example",
      "/%2F%2Fevil.example/admin/products",
      "/admin/products\t?q=1",
    ].entries()) {
      const other = await insertProduct(testDb().db, { name: `Key Fob ${i}`, variants: [{ name: "Red", price: 1000, stock: [] }] });
      expect((await deleteFromList("admin", other.productId, returnTo)).location, returnTo).toBe("/admin/products");
    }
  });

  it("refuses anonymous visitors (to /login) and customers (to /), and changes nothing", async () => {
    const p = await productWithMedia("Guarded Wallet");
    for (const [who, to] of [
      ["anonymous", "/login"],
      ["user", "/"],
    ] as const) {
      for (const result of [
        await list(who),
        await view(who, p.productId),
        await deleteFromList(who, p.productId),
        await deleteFromView(who, p.productId),
      ]) {
        expect(result.status).toBe(302);
        expect(result.location).toBe(to);
      }
    }
    expect(await testDb().db.select().from(products).where(eq(products.id, p.productId))).toHaveLength(1);
    for (const f of p.files) expect(admin.fileExists(f)).toBe(true);
  });
});

/** Places an order for one of each given size through the checkout form, from a shopper of its own. */
async function buy(productId: string, variantId: string, sizes: string[], n: number) {
  const form = new URLSearchParams(
    checkoutForm({
      email: `racer${n}@example.pk`,
      phone: `0312${String(n).padStart(7, "0")}`,
      cart: JSON.stringify(
        sizes.map((size) => ({ productID: productId, productVariantKey: `${variantId}_${size}`, productSize: size, productQuantity: 1 })),
      ),
      idempotencyKey: `race-${n}-${Date.now()}`,
    }),
  );
  const request = new Request("http://localhost:3000/checkout", { method: "POST", body: form });
  return answer(() => checkoutAction(routeArgs({ request, params: {}, context: admin.context({ clientAddress: `10.20.${n >> 8}.${n & 255}` }) })));
}

if (testTarget() === "postgres") {
  describe("deleting a product while it sells (postgres)", () => {
    it("a delete racing 40 two-size orders neither deadlocks nor fails: each order is placed or told the item is gone", async () => {
      const { db } = testDb();
      let n = 0;
      for (let round = 0; round < 6; round++) {
        const p = await insertProduct(db, {
          name: `Racing Satchel ${round}`,
          variants: [
            {
              name: "Tan",
              price: 500000,
              stock: [
                ["M", 100],
                ["L", 100],
              ],
            },
          ],
        });
        const variantId = p.variants[0].id;
        // Sizes in both orders of the cart, so rows are locked only by the shared rule.
        const order = () => buy(p.productId, variantId, n % 2 ? ["M", "L"] : ["L", "M"], n++);
        const before = Array.from({ length: 20 }, order);
        const deleting = deleteFromList("admin", p.productId);
        const after = Array.from({ length: 20 }, order);
        const [orders, deleted] = await Promise.all([Promise.all([...before, ...after]), deleting]);
        expect(deleted.status, `round ${round}: the delete answered ${deleted.status}`).toBe(303);
        expect(
          orders.map((o) => o.status).filter((s) => s !== 200 && s !== 409),
          `round ${round}`,
        ).toEqual([]);
        for (const o of orders.filter((o) => o.status === 409))
          expect(dataWith(o, "message").message).toMatch(
            /^There was an error placing your order\. Please try again\. Error: some items are no longer available/,
          );
        expect(await db.select().from(products).where(eq(products.id, p.productId))).toEqual([]);
        // Every placed order kept both its lines (as snapshots).
        const placed = orders.filter((o) => o.status === 200).map((o) => dataWith(o, "storedOrderId").storedOrderId);
        if (placed.length) {
          const lines = await db.select({ orderId: orderItems.orderId }).from(orderItems).where(inArray(orderItems.orderId, placed));
          expect(lines).toHaveLength(placed.length * 2);
        }
      }
    });
  });
}
