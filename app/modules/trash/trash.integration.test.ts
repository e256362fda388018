import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { categories, productCategories, products } from "~/lib/db/tables/catalogue.server";
import { contactSubmissions, subscribers } from "~/lib/db/tables/messages.server";
import { orderItems } from "~/lib/db/tables/orders.server";
import { session, user } from "~/lib/db/tables/accounts.server";
import { upsertAccount } from "~/modules/accounts/accounts.server";
import { signIn } from "~/modules/accounts/session.server";
import { listCategories } from "~/modules/catalog/catalog.server";
import { sweepOrphanUploads } from "~/modules/media/upload-sweep.server";
import { checkData } from "~/modules/backup/check-data.server";
import { subscribe } from "~/modules/subscribers/subscribers.server";
import { insertCategory, insertProduct } from "../../../tests/support/fixtures";
import { flashOf } from "../../../tests/support/route-answer";
import { testTarget } from "../../../tests/support/test-db";
import { action as productsAction } from "~/routes/admin/products";
import { action as productViewAction } from "~/routes/admin/products-view";
import { action as categoriesAction } from "~/routes/admin/categories";
import { action as subscriptionsAction } from "~/routes/admin/managesubscriptions";
import { action as submissionsAction } from "~/routes/admin/contactsubmissions";
import { action as adminListAction } from "~/routes/admin/adminlist";
import { listTrash, purgeExpiredTrash, restoreFromTrash } from "./trash.server";
import { visitors, storage, db, post, trashPage, trashDo, fileExists, everyRow, entryOf, richProduct, useTrash } from "../../../tests/support/trash";

useTrash();

/*
 * Goal 6 of issue 31: what the back office deletes waits in the Trash and comes back exactly as it
 * was (docs/decisions/0053-trash.md). "Exactly" is checked on every row of every table a kind
 * touches, as the database itself writes it (to the microsecond), before the delete and after the
 * restore.
 */

describe(`the Trash (${testTarget()})`, () => {
  it("a deleted product waits in the Trash with its files, and comes back exactly: variants, stock, media, links, counts, order lines", async () => {
    const p = await richProduct("Weekend Holdall");
    const before = await everyRow();
    const countsBefore = await listCategories(db());

    const deleted = await post(productsAction, "admin", "/admin/products", { intent: "delete", id: p.productId, returnTo: "/admin/products" });
    expect(deleted.status).toBe(303);
    expect(flashOf(deleted)).toBe("Product deleted successfully!");
    expect(await db().select().from(products).where(eq(products.id, p.productId))).toEqual([]);
    // Orders are unaffected but for the reference the delete clears (decision 0008).
    const [line] = await db().select().from(orderItems).where(eq(orderItems.orderId, p.orderId));
    expect(line).toMatchObject({ productId: null, productName: "Weekend Holdall", lineTotal: 600000 });
    // The product's files wait with it.
    for (const f of p.files) expect(fileExists(f)).toBe(true);
    const counts = await listCategories(db());
    for (const id of p.categoryIds) expect(counts.find((c) => c.id === id)?.productCount).toBe(0);

    const listed = await trashPage("mainAdmin");
    expect(listed.status).toBe(200);
    const [row] = listed.data.rows;
    expect(row).toMatchObject({ kind: "product", name: "Weekend Holdall", deletedByName: "admin Test", daysLeft: 30 });

    const restored = await trashDo("mainAdmin", { intent: "restore", id: row.id });
    expect(restored.status).toBe(303);
    expect(restored.location).toBe("/admin/trash");
    expect(flashOf(restored)).toBe("Product 'Weekend Holdall' restored.");
    expect(await everyRow()).toEqual(before);
    expect(await listCategories(db())).toEqual(countsBefore);
    expect(await entryOf(p.productId)).toBeUndefined();
    for (const f of p.files) expect(fileExists(f)).toBe(true);

    // From the product view too.
    const fromView = await post(productViewAction, "admin", `/admin/products/${p.productId}/view`, { intent: "delete" }, { id: p.productId });
    expect(fromView.status).toBe(303);
    expect(flashOf(fromView)).toBe("Product deleted successfully!");
    await restoreFromTrash(db(), (await entryOf(p.productId)).id);
    expect(await everyRow()).toEqual(before);
  });

  it("a deleted category comes back with its image and its product links; its products keep their other categories meanwhile", async () => {
    const p = await richProduct("Satchel");
    const [bagsId] = p.categoryIds.slice(1);
    const other = await insertProduct(db(), { name: "Tote", categoryIds: [bagsId], variants: [{ name: "Red", price: 1000, stock: [["", 1]] }] });
    const imageKey = "category_images/1700000000000-bags";
    await db().update(categories).set({ imageKey }).where(eq(categories.id, bagsId));
    for (const w of [320, 640]) await storage.put(`${imageKey}-${w}.webp`, Buffer.from("image"));
    const before = await everyRow();

    const deleted = await post(categoriesAction, "admin", "/admin/categories", { intent: "delete", id: bagsId });
    expect(deleted.status).toBe(303);
    expect(flashOf(deleted)).toBe("Category 'Satchel Bags' deleted successfully!");
    expect(await db().select().from(productCategories).where(eq(productCategories.categoryId, bagsId))).toEqual([]);
    expect(await db().select().from(productCategories).where(eq(productCategories.productId, p.productId))).toHaveLength(1);
    for (const w of [320, 640]) expect(fileExists(`${imageKey}-${w}.webp`)).toBe(true);

    const entry = await entryOf(bagsId);
    expect(entry).toMatchObject({ kind: "category", name: "Satchel Bags" });
    expect((await trashDo("mainAdmin", { intent: "restore", id: entry.id })).status).toBe(303);
    expect(await everyRow()).toEqual(before);
    expect((await listCategories(db())).find((c) => c.id === bagsId)?.productCount).toBe(2);
    expect(other.productId).toBeTruthy();
  });

  it("a link whose other end is in the Trash too comes back with whichever returns last, in either order", async () => {
    for (const productFirst of [true, false]) {
      const category = await insertCategory(db(), `Linked ${productFirst}`);
      const p = await insertProduct(db(), {
        name: `Linked Wallet ${productFirst}`,
        categoryIds: [category],
        variants: [{ name: "Tan", price: 1, stock: [] }],
      });
      const before = await everyRow();
      // Deleted in one order, restored in each.
      await post(productsAction, "admin", "/admin/products", { intent: "delete", id: p.productId });
      await post(categoriesAction, "admin", "/admin/categories", { intent: "delete", id: category });
      const [first, second] = productFirst ? [p.productId, category] : [category, p.productId];
      await restoreFromTrash(db(), (await entryOf(first)).id);
      expect(await db().select().from(productCategories).where(eq(productCategories.productId, p.productId))).toEqual([]);
      await restoreFromTrash(db(), (await entryOf(second)).id);
      expect(await everyRow()).toEqual(before);
    }
  });

  it("a category restored after its product was deleted for good comes back without that link", async () => {
    const category = await insertCategory(db(), "Orphaned Links");
    const p = await insertProduct(db(), { name: "Gone Wallet", categoryIds: [category], variants: [{ name: "Tan", price: 1, stock: [] }] });
    await post(categoriesAction, "admin", "/admin/categories", { intent: "delete", id: category });
    await post(productsAction, "admin", "/admin/products", { intent: "delete", id: p.productId });
    await trashDo("mainAdmin", { intent: "delete", id: (await entryOf(p.productId)).id });
    expect((await trashDo("mainAdmin", { intent: "restore", id: (await entryOf(category)).id })).status).toBe(303);
    expect((await listCategories(db())).find((c) => c.id === category)?.productCount).toBe(0);
  });

  it("a subscriber comes back as it was; one who subscribed again meanwhile is not overwritten, and says why", async () => {
    await subscribe(db(), "returning@example.pk");
    const [row] = await db().select().from(subscribers).where(eq(subscribers.email, "returning@example.pk"));
    const before = await everyRow();
    const deleted = await post(subscriptionsAction, "admin", "/admin/managesubscriptions", { id: row.id });
    expect(deleted.status).toBe(303);
    expect(flashOf(deleted)).toBe("Subscription deleted for returning@example.pk");
    const entry = await entryOf(row.id);
    expect((await trashDo("mainAdmin", { intent: "restore", id: entry.id })).status).toBe(303);
    expect(await everyRow()).toEqual(before);

    await post(subscriptionsAction, "admin", "/admin/managesubscriptions", { id: row.id });
    await subscribe(db(), "Returning@Example.pk");
    const refused = await trashDo("mainAdmin", { intent: "restore", id: (await entryOf(row.id)).id });
    expect(refused.status).toBe(409);
    expect(refused.data).toEqual({
      ok: false,
      message: "returning@example.pk has subscribed again since it was deleted, so the old subscription cannot be restored.",
    });
    expect(await entryOf(row.id)).toBeDefined();
  });

  it("a contact message comes back as it was", async () => {
    const [message] = await db()
      .insert(contactSubmissions)
      .values({ name: "Sana", email: "sana@example.pk", subject: "wholesale", message: "Fifty wallets, please.", status: "replied", read: true })
      .returning();
    const before = await everyRow();
    const deleted = await post(submissionsAction, "admin", "/admin/contactsubmissions?status=replied", { intent: "delete", id: message.id });
    expect(deleted.status).toBe(303);
    expect(deleted.location).toBe("/admin/contactsubmissions?status=replied");
    expect(flashOf(deleted)).toBe("Message deleted.");
    expect(await db().select().from(contactSubmissions).where(eq(contactSubmissions.id, message.id))).toEqual([]);
    expect(await entryOf(message.id)).toMatchObject({ kind: "message", name: "Sana (sana@example.pk)" });
    expect((await trashDo("mainAdmin", { intent: "restore", id: (await entryOf(message.id)).id })).status).toBe(303);
    expect(await everyRow()).toEqual(before);
    const again = await post(submissionsAction, "admin", "/admin/contactsubmissions", { intent: "delete", id: "no-such-message" });
    expect(again.status).toBe(404);
  });

  it("an admin comes back with their account, role and password; their sessions end; an e-mail taken meanwhile is refused", async () => {
    const { id } = await upsertAccount(db(), {
      email: "packer@example.pk",
      password: "packer-password-1",
      role: "admin",
      firstName: "Bilal",
      lastName: "Packer",
    });
    await signIn(db(), { email: "packer@example.pk", password: "packer-password-1" }, visitors.auth);
    const before = await everyRow();

    // Only a main admin deletes admins, and never themselves.
    expect((await post(adminListAction, "admin", "/admin/adminlist", { intent: "delete", id })).status).toBe(403);
    const [me] = await db().select().from(user).where(eq(user.email, "owner@example.pk"));
    const self = await post(adminListAction, "mainAdmin", "/admin/adminlist", { intent: "delete", id: me.id });
    expect(self.status).toBe(400);
    expect(self.data.message).toBe("You cannot delete your own account.");

    const deleted = await post(adminListAction, "mainAdmin", "/admin/adminlist", { intent: "delete", id });
    expect(deleted.status).toBe(303);
    expect(flashOf(deleted)).toBe("Admin packer@example.pk deleted.");
    expect(await db().select().from(session).where(eq(session.userId, id))).toEqual([]);
    await expect(signIn(db(), { email: "packer@example.pk", password: "packer-password-1" }, visitors.auth)).rejects.toThrow();
    expect(await entryOf(id)).toMatchObject({ kind: "admin", name: "Bilal Packer (packer@example.pk)", deletedByName: "main-admin Test" });

    expect((await trashDo("mainAdmin", { intent: "restore", id: (await entryOf(id)).id })).status).toBe(303);
    expect(await everyRow()).toEqual(before);
    const back = await signIn(db(), { email: "packer@example.pk", password: "packer-password-1" }, visitors.auth);
    expect(back.headers.getSetCookie().length).toBeGreaterThan(0);

    await post(adminListAction, "mainAdmin", "/admin/adminlist", { intent: "delete", id });
    await upsertAccount(db(), { email: "packer@example.pk", password: "another-password-2", role: "user" });
    const refused = await trashDo("mainAdmin", { intent: "restore", id: (await entryOf(id)).id });
    expect(refused.status).toBe(409);
    expect(refused.data.message).toBe(
      "An account with the e-mail packer@example.pk has been made since this admin was deleted, so it cannot be restored.",
    );
  });

  it("30 days later (or when emptied) it goes for good, media files included; until then no sweep or check calls its files orphans", async () => {
    await trashDo("mainAdmin", { intent: "empty" });
    const p = await richProduct("Expiring Duffel");
    const now = new Date();
    await post(productsAction, "admin", "/admin/products", { intent: "delete", id: p.productId });
    const entry = await entryOf(p.productId);

    // The sweep of abandoned uploads and the data check leave a trashed product's files alone.
    const later = now.getTime() + 400 * 24 * 60 * 60 * 1000;
    expect((await sweepOrphanUploads(db(), storage, later)).deleted).toEqual([]);
    expect((await checkData(db(), storage)).problems.join("\n")).not.toMatch(/Expiring|expiringduffel/i);

    const day = 24 * 60 * 60 * 1000;
    expect(await purgeExpiredTrash(db(), storage, new Date(entry.deletedAt.getTime() + 30 * day - 1000))).toEqual({ count: 0 });
    expect((await listTrash(db(), { now: new Date(entry.deletedAt.getTime() + 29.5 * day) })).rows[0]).toMatchObject({
      name: "Expiring Duffel",
      daysLeft: 1,
    });
    for (const f of p.files) expect(fileExists(f)).toBe(true);
    // Its days are over: not listed, not restorable, and purged with its files.
    const over = new Date(entry.deletedAt.getTime() + 30 * day);
    expect((await listTrash(db(), { now: over })).total).toBe(0);
    await expect(restoreFromTrash(db(), entry.id, over)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await purgeExpiredTrash(db(), storage, over)).toEqual({ count: 1 });
    for (const f of p.files) expect(fileExists(f)).toBe(false);
    expect(await entryOf(p.productId)).toBeUndefined();

    // Delete for good, and Empty Trash, take the files at once.
    const q = await richProduct("Doomed Clutch");
    await post(productsAction, "admin", "/admin/products", { intent: "delete", id: q.productId });
    const gone = await trashDo("mainAdmin", { intent: "delete", id: (await entryOf(q.productId)).id });
    expect(flashOf(gone)).toBe("'Doomed Clutch' deleted for good.");
    for (const f of q.files) expect(fileExists(f)).toBe(false);
    const r = await richProduct("Emptied Pouch");
    await post(productsAction, "admin", "/admin/products", { intent: "delete", id: r.productId });
    const emptied = await trashDo("mainAdmin", { intent: "empty" });
    expect(flashOf(emptied)).toBe("The Trash is empty.");
    for (const f of r.files) expect(fileExists(f)).toBe(false);
    expect((await trashPage("mainAdmin")).data.total).toBe(0);
    // What is not there any more says so.
    expect((await trashDo("mainAdmin", { intent: "restore", id: entry.id })).data).toEqual({
      ok: false,
      message: "This item is no longer in the Trash.",
    });
  });

  it("two restores of one entry at once: one brings it back, the other is told it is gone", async () => {
    const p = await insertProduct(db(), { name: "Twice Restored", variants: [{ name: "Tan", price: 1, stock: [["", 1]] }] });
    await post(productsAction, "admin", "/admin/products", { intent: "delete", id: p.productId });
    const id = (await entryOf(p.productId)).id;
    const results = await Promise.all([trashDo("mainAdmin", { intent: "restore", id }), trashDo("mainAdmin", { intent: "restore", id })]);
    expect(results.map((r) => r.status).sort()).toEqual([303, 404]);
    expect(await db().select().from(products).where(eq(products.id, p.productId))).toHaveLength(1);
  });

  it("an entry kept before a migration added a column comes back with that column's default", async () => {
    const [message] = await db()
      .insert(contactSubmissions)
      .values({ name: "Older", email: "older@example.pk", message: "Kept by an older release." })
      .returning();
    await post(submissionsAction, "admin", "/admin/contactsubmissions", { intent: "delete", id: message.id });
    await db().execute(sql`alter table contact_submissions add column channel text not null default 'web'`);
    try {
      expect((await trashDo("mainAdmin", { intent: "restore", id: (await entryOf(message.id)).id })).status).toBe(303);
      const result = (await db().execute(sql`select name, channel from contact_submissions where id = ${message.id}`)) as {
        rows: { name: string; channel: string }[];
      };
      expect(result.rows).toEqual([{ name: "Older", channel: "web" }]);
    } finally {
      await db().execute(sql`alter table contact_submissions drop column channel`);
    }
  });

  it("only main admins see the Trash or change it; every other role is refused on the server and nothing changes", async () => {
    const p = await insertProduct(db(), { name: "Guarded Trash", variants: [{ name: "Tan", price: 1, stock: [["", 1]] }] });
    await post(productsAction, "admin", "/admin/products", { intent: "delete", id: p.productId });
    const id = (await entryOf(p.productId)).id;
    const forms: Record<string, string>[] = [{ intent: "restore", id }, { intent: "delete", id }, { intent: "empty" }];
    for (const [who, expected] of [
      ["anonymous", { status: 302, location: "/login" }],
      ["customer", { status: 302, location: "/" }],
      ["admin", { status: 403, data: { ok: false, message: "Access denied. Only a Main Admin can see and restore the Trash." } }],
    ] as const) {
      expect(await trashPage(who), who).toMatchObject(expected);
      for (const form of forms) expect(await trashDo(who, form), `${who} ${form.intent}`).toMatchObject(expected);
    }
    expect(await entryOf(p.productId)).toBeDefined();
    expect(await db().select().from(products).where(eq(products.id, p.productId))).toEqual([]);
    expect((await trashPage("mainAdmin")).status).toBe(200);
    const malformed = await trashDo("mainAdmin", { intent: "restore" });
    expect(malformed.status).toBe(400);
    expect((await trashDo("mainAdmin", { intent: "nonsense", id })).status).toBe(400);
  });
});
