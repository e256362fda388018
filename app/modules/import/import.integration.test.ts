import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { account, user } from "~/lib/db/tables/accounts.server";
import { categories, products, stock, variants } from "~/lib/db/tables/catalogue.server";
import { orderHistory, orderItems, orders } from "~/lib/db/tables/orders.server";
import { getProductDetail, listCategories } from "~/modules/catalog/catalog.server";
import { listAdmins } from "~/modules/accounts/admin-accounts.server";
import { upsertAccount } from "~/modules/accounts/accounts.server";
import { signIn } from "~/modules/accounts/session.server";
import { createAuth, loadAuthSecret } from "~/modules/accounts/auth.server";
import { listSubmissions, submissionCounts } from "~/modules/messages/admin-messages.server";
import { imageUrl, videoUrl } from "~/modules/media/media-url";
import { readMediaOrigins } from "~/modules/media/media-origins.server";
import { changeOrderStatus, getOrderDetail, listOrders } from "~/modules/orders/admin-orders.server";
import { placeOrder } from "~/modules/orders/orders.server";
import { listSubscribers } from "~/modules/subscribers/subscribers.server";
import { testTarget, useTestDatabase } from "../../../tests/support/test-db";
import { testCustomer } from "../../../tests/support/fixtures";
import { loadExport, type ExportData } from "./export-file.server";
import { formatSummary } from "./import-report";
import { importCommand } from "./import-command.server";
import { runImport } from "./import.server";
import type { ImportSummary } from "./import-records.server";
import { notGiven } from "../../../tests/support/test-context";
import { FIXTURE, PLAINTEXT_PASSWORDS, reasonsOf, snapshot, tableCounts, totals } from "../../../tests/support/import-run";
import type { FileStorage } from "~/modules/media/storage.server";

/** For a command that stops before it opens the shop. */
const notOpened = () => Promise.reject(new Error("the command opened the shop"));

const testDb = useTestDatabase();

describe(`importing the original shop (${testTarget()})`, () => {
  let data: ExportData;
  let first: ImportSummary;

  it("reads the export file, leaving collections the shop does not know", async () => {
    const exported = await loadExport(FIXTURE);
    data = exported.data;
    expect(exported.ignored).toEqual(["analytics"]);
    expect(Object.keys(data).sort()).toEqual(["categories", "contactSubmissions", "orders", "products", "subscribers", "users"]);
  });

  it("reads a folder of one <collection>.json per collection the same way", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "shop-export-"));
    try {
      const whole = JSON.parse(await fs.readFile(FIXTURE, "utf8")) as Record<string, unknown>;
      for (const [name, docs] of Object.entries(whole)) {
        // Both shapes the tools write: the documents alone, or wrapped in the collection's name.
        await fs.writeFile(path.join(dir, `${name}.json`), JSON.stringify(name === "orders" ? { orders: docs } : docs));
      }
      const fromFolder = await loadExport(dir);
      expect(fromFolder.data).toEqual(data);
      expect(fromFolder.ignored).toEqual(["analytics"]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it("a dry run reports what it would do and writes nothing", async () => {
    const before = await tableCounts(testDb().db);
    const dry = await runImport(testDb().db, data, { dryRun: true });
    expect(dry.dryRun).toBe(true);
    expect(totals(dry)).toEqual({ imported: 29, updated: 0, unchanged: 0, skipped: 9 });
    expect(await tableCounts(testDb().db)).toEqual(before);
  });

  it("imports every collection, skipping broken records and dropping broken parts, each reported with its id", async () => {
    first = await runImport(testDb().db, data, { now: new Date("2026-01-01T00:00:00Z") });
    expect(first.counts).toEqual({
      categories: { imported: 4, updated: 0, unchanged: 0, skipped: 1, adjusted: 1 },
      products: { imported: 4, updated: 0, unchanged: 0, skipped: 2, adjusted: 4 },
      users: { imported: 5, updated: 0, unchanged: 0, skipped: 1, adjusted: 2 },
      // The original's two Shipped orders have no courier and CN: imported as Confirmed, and reported.
      orders: { imported: 8, updated: 0, unchanged: 0, skipped: 1, adjusted: 5 },
      contactSubmissions: { imported: 5, updated: 0, unchanged: 0, skipped: 2, adjusted: 1 },
      subscribers: { imported: 3, updated: 0, unchanged: 0, skipped: 2, adjusted: 0 },
    });
    const skipped = (c: string, id: string) => reasonsOf(first.skipped, c, id).join(" | ");
    const adjusted = (c: string, id: string) => reasonsOf(first.adjusted, c, id).join(" | ");
    expect(skipped("categories", "cBroken05")).toMatch(/CategoryName is missing/);
    expect(skipped("products", "pBroken05")).toMatch(/no usable variant/);
    expect(skipped("products", "pNoName06")).toMatch(/PName is missing/);
    expect(skipped("users", "uidBad6")).toMatch(/Email is not a valid e-mail address/);
    expect(skipped("orders", "oEmpty8")).toMatch(/no usable line.*productPrice/);
    expect(skipped("contactSubmissions", "msgBad6")).toMatch(/message is missing/);
    expect(skipped("contactSubmissions", "msgBad7")).toMatch(/email is not a valid/);
    expect(skipped("subscribers", "sub4")).toMatch(/already subscribed/);
    expect(skipped("subscribers", "sub5")).toMatch(/not a valid e-mail/);

    expect(adjusted("categories", "cShoes04")).toMatch(/CatImgUrl is not a web address/);
    expect(adjusted("products", "pBifold01")).toMatch(/category cGone99 does not exist: link left out/);
    expect(adjusted("products", "pTote02")).toMatch(/PType\[2\] "Olive": PPrice: is not a number: variant left out/);
    expect(adjusted("products", "pBelt03")).toMatch(/quantity is negative: variant left out/);
    expect(adjusted("products", "pBelt03")).toMatch(/ftp:.*not a web address/);
    expect(adjusted("products", "pBelt03")).toMatch(/size "34" appears twice: quantities added together/);
    expect(adjusted("products", "pLoafer04")).toMatch(/PTypeName is empty: named "Cognac"/);
    expect(adjusted("products", "pLoafer04")).toMatch(/PRating 9 is not a rating/);
    expect(adjusted("products", "pLoafer04")).toMatch(/on offer without a discount price between 0 and the price/);
    expect(adjusted("users", "uidMain4")).toMatch(/role "MainAdmin" taken as "main-admin"/);
    expect(adjusted("users", "uidOdd5")).toMatch(/unknown role "superuser": set to "user"/);
    expect(adjusted("orders", "oPending5")).toMatch(/status "pending" taken as "confirmed"/);
    expect(adjusted("orders", "oOdd6")).toMatch(/unknown status "lost in the mail": set to "confirmed"/);
    expect(adjusted("orders", "oPartly7")).toMatch(/items\[1\].*quantity is below 1: line left out/);
    for (const shipped of ["oShipped2", "oPartly7"]) {
      expect(adjusted("orders", shipped)).toMatch(
        /status "shipped" refused \(Shipped needs a courier and a tracking number \(CN\)\.\): imported as "confirmed"/,
      );
    }
    expect(adjusted("orders", "oDupNo9")).toMatch(/order number ORD-1717232400000 is already taken here: numbered ORD-1717232400000-2/);
    expect(adjusted("contactSubmissions", "msgOdd5")).toMatch(/unknown status "archived": set to "read"/);

    expect(first.importedUserEmails.sort()).toEqual([
      "ayesha.khan@example.pk",
      "bilal@example.pk",
      "omar@example.pk",
      "sana@example.pk",
      "zain@example.pk",
    ]);
    expect(first.mediaOrigins).toEqual(["https://firebasestorage.googleapis.com"]);
    expect(await readMediaOrigins(testDb().db)).toEqual(["https://firebasestorage.googleapis.com"]);
  });

  it("never stores or prints the plaintext passwords of the original's staff records, and makes no credential", async () => {
    const text = formatSummary(first) + JSON.stringify(first) + (await snapshot(testDb().db));
    for (const password of PLAINTEXT_PASSWORDS) expect(text).not.toContain(password);
    const staff = await testDb().db.select({ id: user.id }).from(user);
    expect(staff).toHaveLength(5);
    expect(await testDb().db.select().from(account)).toEqual([]);
  });

  it("shows the imported shop through the shop's own reads", async () => {
    const db = testDb().db;
    const counts = Object.fromEntries((await listCategories(db)).map((c) => [c.name, c.productCount]));
    // Recomputed from the links: the stored ProductCount (7, 2, 1, 0) is not taken.
    expect(counts).toEqual({ Wallets: 2, Bags: 1, Belts: 1, Shoes: 1 });
    const wallets = (await listCategories(db)).find((c) => c.name === "Wallets")!;
    expect(imageUrl(wallets.image)).toMatch(/^https:\/\/firebasestorage\.googleapis\.com\/.*wallets\.jpg/);

    const [bifold] = await db
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.code} = 'WAL-001'`);
    const detail = await getProductDetail(db, bifold.id);
    expect(detail.name).toBe("Classic Bifold Wallet");
    expect(detail.rating).toBe(4.5);
    expect(detail.variants.map((v) => [v.name, v.price, v.inOffer, v.discountPrice, v.stock.map((s) => [s.size, s.qty])])).toEqual([
      ["Brown", 350000, true, 299000, [["", 12]]],
      ["Black", 350000, false, 0, [["", 0]]],
    ]);
    expect(detail.variants[0].images.map((img) => imageUrl(img))).toEqual([
      expect.stringContaining("bifold-brown-1.jpg"),
      expect.stringContaining("bifold-brown-2.jpg"),
    ]);
    expect(videoUrl(detail.variants[0].videos[0].key)).toMatch(/^https:\/\/.*bifold\.mp4/);
    expect(detail.variants[0].videos[0].contentType).toBe("video/mp4");

    const [belt] = await db
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.code} = 'BLT-220'`);
    const beltDetail = await getProductDetail(db, belt.id);
    expect(beltDetail.variants.map((v) => v.stock.map((s) => [s.size, s.qty]))).toEqual([
      [
        ["32", 4],
        ["34", 8],
        ["36", 1],
      ],
    ]);
    const [tote] = await db
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.code} = 'BAG-014'`);
    expect((await getProductDetail(db, tote.id)).variants.map((v) => [v.name, v.price])).toEqual([
      ["Tan", 1850000],
      ["Chocolate", 1890000],
    ]);

    const list = await listOrders(db, { q: "", status: "all", confirmation: "all", page: 1 });
    // Shipped in the original, which records no courier or CN: here a Confirmed order, to ship with its CN.
    expect(list.counts).toMatchObject({ all: 8, confirmed: 5, shipped: 0, completed: 2, cancelled: 1, returned: 0 });
    const shipped = list.rows.find((r) => r.orderNumber === "ORD-1717318800000")!;
    const order = await getOrderDetail(db, shipped.id);
    expect(order).toMatchObject({ firstName: "Hamza", city: "Lahore", status: "confirmed", subtotal: 3479000, total: 3653000 });
    expect(order.history.map((h) => h.note)).toEqual([
      "Imported from the original shop (Shipped there; Shipped needs a courier and a tracking number (CN).)",
    ]);
    expect(order.items.map((i) => [i.productName, i.quantity, i.unitPrice, i.lineTotal])).toEqual([
      ["Classic Bifold Wallet", 1, 299000, 299000],
      ["Leather Tote Bag", 2, 1590000, 3180000],
    ]);
    // A line of a product the original no longer had keeps its snapshot, with no product link.
    const [satchel] = await db
      .select()
      .from(orderItems)
      .where(sql`${orderItems.productName} = 'Old Satchel'`);
    expect(satchel).toMatchObject({ productId: null, price: 900000, discountPrice: null, unitPrice: 900000 });

    expect(await submissionCounts(db)).toMatchObject({ total: 5 });
    const inbox = await listSubmissions(db, {});
    expect(inbox.rows.map((r) => r.email).sort()).toEqual([
      "fatima@example.pk",
      "hira@example.pk",
      "kamran@example.pk",
      "nida@example.pk",
      "usman@example.pk",
    ]);
    expect(inbox.rows.find((r) => r.email === "hira@example.pk")).toMatchObject({ subject: "wholesale", status: "replied", read: true });

    expect((await listSubscribers(db)).rows.map((r) => r.email).sort()).toEqual([
      "reader.one@example.pk",
      "reader.three@example.pk",
      "reader.two@example.pk",
    ]);
    const admins = await listAdmins(db);
    expect(admins.map((a) => [a.email, a.role]).sort()).toEqual([
      ["bilal@example.pk", "admin"],
      ["omar@example.pk", "main-admin"],
      ["sana@example.pk", "main-admin"],
    ]);
  });

  it("a second run over the same export changes nothing", async () => {
    const before = await snapshot(testDb().db);
    const second = await runImport(testDb().db, data);
    expect(totals(second)).toEqual({ imported: 0, updated: 0, unchanged: 29, skipped: 9 });
    expect(second.adjusted).toEqual([]);
    expect(second.importedUserEmails).toEqual([]);
    expect(await snapshot(testDb().db)).toBe(before);
  });

  it("updates a record that changed in the original since, and only that one; the shop's own edits to the others stay", async () => {
    await testDb().db.update(categories).set({ name: "Bags & Totes" }).where(eq(categories.name, "Bags"));
    const changed = structuredClone(data);
    const bifold = changed.products!.pBifold01 as { PType: { PPrice: number }[] };
    bifold.PType[1].PPrice = 3700;
    const third = await runImport(testDb().db, changed);
    expect(totals(third)).toEqual({ imported: 0, updated: 1, unchanged: 28, skipped: 9 });
    const [row] = await testDb()
      .db.select({ id: products.id })
      .from(products)
      .where(sql`${products.code} = 'WAL-001'`);
    expect((await getProductDetail(testDb().db, row.id)).variants[1].price).toBe(370000);
    expect((await listCategories(testDb().db)).map((c) => c.name).sort()).toEqual(["Bags & Totes", "Belts", "Shoes", "Wallets"]);
  });

  it("a new order never takes an imported order number, even in the same millisecond", async () => {
    const db = testDb().db;
    const [bifold] = await db
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.code} = 'WAL-001'`);
    const variant = (await getProductDetail(db, bifold.id)).variants[0];
    const placed = await placeOrder(
      db,
      {
        customer: testCustomer(),
        lines: [{ productID: bifold.id, productVariantKey: `${variant.id}_`, productSize: "", productQuantity: 1 }],
        idempotencyKey: "import-collision",
      },
      () => new Date(1717232400000),
    );
    expect(placed.orderNumber).toBe("ORD-1717232400001");
    const numbers = (await db.select({ n: orders.orderNumber }).from(orders)).map((r) => r.n);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it("the command prints the summary with every skipped and adjusted record", async () => {
    const result = await importCommand([FIXTURE, "--dry-run"], async () => ({
      database: { ...testDb(), close: async () => {} },
      storage: notGiven<FileStorage>("storage"),
    }));
    expect(result.exitCode).toBe(0);
    expect(result.output).toMatch(/^Dry run: nothing was written/);
    expect(result.output).toContain("products/pNoName06: PName is missing");
    expect(result.output).toMatch(/total\s+0 imported, 1 updated, 28 unchanged, 9 skipped/);
    expect((await importCommand([], notOpened)).output).toMatch(/^Usage: npm run import/);
    expect((await importCommand([FIXTURE, "--media", "copy"], notOpened)).exitCode).toBe(1);
    expect((await importCommand(["/nonexistent/export.json"], notOpened)).output).toMatch(/does not exist/);
  });

  it("imported accounts are the sign-in's users, refused until they set a password, even with the original's old one", async () => {
    const db = testDb().db;
    const auth = createAuth(db, { secret: await loadAuthSecret(db), baseURL: "http://localhost:3000" });
    await expect(signIn(db, { email: "bilal@example.pk", password: "Lahore#Admin2024", address: "203.0.113.9" }, auth)).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
  });

  it("leaves alone an account that already has the e-mail, and tells progress on large collections", async () => {
    const db = testDb().db;
    await upsertAccount(db, { email: "owner@example.pk", password: "walnut ledger monsoon kettle", role: "main-admin" });
    const messages: string[] = [];
    const small: ExportData = {
      users: { uidOwner: { Email: "Owner@Example.pk", FirstName: "Someone", Role: "user" } },
      subscribers: Object.fromEntries(
        Array.from({ length: 5 }, (_, i) => [`s${i}`, { email: `progress${i}@example.pk`, subscribedAt: "2024-01-01T00:00:00Z" }]),
      ),
    };
    const summary = await runImport(db, small, { progress: (m) => messages.push(m), progressEvery: 2 });
    expect(summary.skipped).toEqual([
      { collection: "users", id: "uidOwner", reason: "an account with the e-mail owner@example.pk already exists here: left as it is" },
    ]);
    const [owner] = await db
      .select()
      .from(user)
      .where(sql`${user.email} = 'owner@example.pk'`);
    expect(owner).toMatchObject({ role: "main-admin", firstName: "" });
    expect(messages).toEqual(["subscribers: 2 of 5 written", "subscribers: 4 of 5 written", "subscribers: 5 of 5 written"]);
  });

  it("cancelling an imported order gives its stock back and reinstating one takes it again, as for an order placed here", async () => {
    const db = testDb().db;
    const [staff] = await db
      .select({ id: user.id })
      .from(user)
      .where(sql`${user.email} = 'bilal@example.pk'`);
    const sizeOf = async (code: string, variant: string, size: string) => {
      const [row] = await db
        .select({ id: stock.id, qty: stock.qty })
        .from(stock)
        .innerJoin(variants, eq(variants.id, stock.variantId))
        .innerJoin(products, eq(products.id, variants.productId))
        .where(and(eq(products.code, code), eq(variants.name, variant), eq(stock.size, size)));
      return row;
    };
    const orderOf = async (orderNumber: string) => (await db.select().from(orders).where(eq(orders.orderNumber, orderNumber)))[0];
    const lastNote = async (orderId: string) =>
      (
        await db
          .select({ note: orderHistory.note })
          .from(orderHistory)
          .where(eq(orderHistory.orderId, orderId))
          .orderBy(desc(orderHistory.createdAt))
          .limit(1)
      )[0].note;

    // A confirmed order of one brown bifold wallet: cancelled, the wallet is back on the shelf.
    const wallet = (await sizeOf("WAL-001", "Brown", "")).qty;
    const confirmed = await orderOf("ORD-1717232400000");
    expect(confirmed.status).toBe("confirmed");
    await changeOrderStatus(db, { orderId: confirmed.id, to: "cancelled", by: staff.id });
    expect((await sizeOf("WAL-001", "Brown", "")).qty).toBe(wallet + 1);
    expect(await lastNote(confirmed.id)).toBe("Stock returned");

    // An order the original had cancelled, reinstated: its wallet is taken again.
    const cancelled = await orderOf("ORD-1717491600000");
    expect(cancelled.status).toBe("cancelled");
    await changeOrderStatus(db, { orderId: cancelled.id, to: "confirmed", by: staff.id });
    expect((await sizeOf("WAL-001", "Brown", "")).qty).toBe(wallet);

    // An order placed here for a tan tote in size L; then the original changes the tote's price and
    // the import runs again: the order still finds its size, and cancelling it gives the tote back.
    const [tote] = await db.select({ id: products.id }).from(products).where(eq(products.code, "BAG-014"));
    const tan = (await getProductDetail(db, tote.id)).variants.find((v) => v.name === "Tan")!;
    const large = (await sizeOf("BAG-014", "Tan", "L")).qty;
    const placed = await placeOrder(db, {
      customer: testCustomer(),
      lines: [{ productID: tote.id, productVariantKey: `${tan.id}_L`, productSize: "L", productQuantity: 1 }],
      idempotencyKey: "before-the-second-import",
    });
    expect((await sizeOf("BAG-014", "Tan", "L")).qty).toBe(large - 1);
    const changed = structuredClone(data);
    (changed.products!.pTote02 as { PType: { PPrice: number }[] }).PType[0].PPrice = 19000;
    await runImport(db, changed);
    const stockAfterImport = (await sizeOf("BAG-014", "Tan", "L")).qty;
    const [placedRow] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, placed.orderNumber));
    await changeOrderStatus(db, { orderId: placedRow.id, to: "cancelled", by: staff.id });
    expect((await sizeOf("BAG-014", "Tan", "L")).qty).toBe(stockAfterImport + 1);
    expect(await lastNote(placedRow.id)).toBe("Stock returned");

    // A line of a colour and size the tote never had is imported as it is, and reported.
    const order = structuredClone(data.orders!.oPending5) as { orderId: string; items: { productColor: string; productSize: string }[] };
    order.orderId = "ORD-1717900000000";
    order.items[0].productColor = "Purple";
    order.items[0].productSize = "XL";
    const summary = await runImport(db, { orders: { oPurple10: order } });
    expect(reasonsOf(summary.adjusted, "orders", "oPurple10")).toContain(
      "line 0: Leather Tote Bag (Purple, size XL) matches no single size in the catalogue: cancelling the order gives no stock back for it",
    );

    // Two tan totes in size M, a size staff have since removed: nothing to give back, and the
    // order's history says so instead of "Stock returned".
    const pending = await orderOf("ORD-1717578000000");
    expect(pending.status).toBe("confirmed");
    await db.delete(stock).where(eq(stock.id, (await sizeOf("BAG-014", "Tan", "M")).id));
    await changeOrderStatus(db, { orderId: pending.id, to: "cancelled", by: staff.id });
    expect(await lastNote(pending.id)).toBe("No stock to return (no longer in the catalogue): Leather Tote Bag (Tan, size M)");
    // An order of two lines, one of them of that size: the other goes back, and the note says which did not.
    const walletsBefore = (await sizeOf("WAL-001", "Brown", "")).qty;
    const shipped = await orderOf("ORD-1717318800000");
    await changeOrderStatus(db, { orderId: shipped.id, to: "cancelled", by: staff.id });
    expect((await sizeOf("WAL-001", "Brown", "")).qty).toBe(walletsBefore + 1);
    expect(await lastNote(shipped.id)).toBe("Stock returned, except (no longer in the catalogue): Leather Tote Bag (Tan, size M)");
  });
});
