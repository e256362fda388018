import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/lib/db.server";
import { watchCatalogChanges } from "./catalog-changes.server";
import { LISTS_TAG, PageCache, cachedPageOf, productTag } from "./page-cache.server";
import { categories, products, stock, variants } from "~/lib/db/tables/catalogue.server";
import { placeOrder } from "~/modules/orders/orders.server";
import { insertCategory, insertProduct, testCustomer } from "../../../tests/support/fixtures";
import { testTarget, useTestDatabase } from "../../../tests/support/test-db";

/*
 * The database announces every change to what the storefront shows (triggers in migration 0005),
 * whichever code makes it; the page cache drops exactly the pages that show it.
 */
const testDb = useTestDatabase();
const cache = new PageCache(50_000_000);
let watch: Awaited<ReturnType<typeof watchCatalogChanges>>;
let p: Awaited<ReturnType<typeof insertProduct>>;
let q: Awaited<ReturnType<typeof insertProduct>>;

const keep = async (key: string, tags: string[]) =>
  expect(cache.put(key, await cachedPageOf(Buffer.from(key), 200, [], new Set(tags)), cache.begin())).toBe(true);
const kept = () => ["/product/p", "/product/q", "/shop", "/about"].filter((key) => cache.get(key) !== undefined);
async function keepAll() {
  await keep("/product/p", [productTag(p.productId)]);
  await keep("/product/q", [productTag(q.productId)]);
  await keep("/shop", [LISTS_TAG, productTag(q.productId)]);
  await keep("/about", []);
}

beforeAll(async () => {
  watch = await watchCatalogChanges(testDb(), cache);
  p = await insertProduct(testDb().db, { name: "Bifold Wallet", variants: [{ name: "Brown", price: 250000, stock: [["", 5]] }] });
  q = await insertProduct(testDb().db, { name: "Dress Belt", variants: [{ name: "Black", price: 320000, stock: [["34", 5]] }] });
  await watch.barrier();
});
afterAll(async () => {
  await watch?.stop();
});

describe(`catalogue changes reach the page cache (${testTarget()})`, () => {
  it("a stock change drops the pages showing that product, and only those", async () => {
    await keepAll();
    await testDb().db.update(stock).set({ qty: 4 }).where(eq(stock.id, p.variants[0].stock[0].id));
    await watch.barrier();
    expect(kept()).toEqual(["/product/q", "/shop", "/about"]);
  });

  it("an order drops its products' pages by the time the barrier after it resolves", async () => {
    await keepAll();
    const customer = testCustomer();
    const line = { productID: q.productId, productVariantKey: `${q.variants[0].id}_34`, productSize: "34", productQuantity: 1 };
    await placeOrder(testDb().db, { customer, lines: [line], idempotencyKey: `cache-${Date.now()}` });
    await watch.barrier();
    expect(kept()).toEqual(["/product/p", "/about"]);
  });

  it("a product edit drops its page and every list; a price edit too", async () => {
    await keepAll();
    await testDb().db.update(products).set({ name: "Bifold Wallet II" }).where(eq(products.id, p.productId));
    await watch.barrier();
    expect(kept()).toEqual(["/product/q", "/about"]);
    await keepAll();
    await testDb().db.update(variants).set({ price: 260000 }).where(eq(variants.id, q.variants[0].id));
    await watch.barrier();
    expect(kept()).toEqual(["/product/p", "/about"]);
  });

  it("a new product drops the lists; a category change drops every page", async () => {
    await keepAll();
    await insertProduct(testDb().db, { name: "Card Holder", variants: [{ name: "Tan", price: 90000, stock: [["", 3]] }] });
    await watch.barrier();
    expect(kept()).toEqual(["/product/p", "/product/q", "/about"]);
    await keepAll();
    await insertCategory(testDb().db, "Gifts");
    await watch.barrier();
    expect(kept()).toEqual([]);
    await keepAll();
    await testDb().db.update(categories).set({ name: "Gift Ideas" }).where(eq(categories.name, "Gifts"));
    await watch.barrier();
    expect(kept()).toEqual([]);
  });

  it("a change that is rolled back drops nothing", async () => {
    await keepAll();
    await testDb()
      .db.transaction(async (tx) => {
        await tx.update(stock).set({ qty: 1 }).where(eq(stock.id, p.variants[0].stock[0].id));
        throw new Error("changed my mind");
      })
      .catch(() => {});
    await watch.barrier();
    expect(kept()).toEqual(["/product/p", "/product/q", "/shop", "/about"]);
  });

  // Two connection pools are two app instances; the embedded database has only one process.
  if (testTarget() === "postgres")
    it("a change made by another instance reaches this one", async () => {
      await keepAll();
      const other = await openDatabase({ databaseUrl: testDb().url! });
      try {
        await other.db.execute(sql`update stock set qty = qty + 1 where id = ${p.variants[0].stock[0].id}`);
        await watch.barrier();
        expect(kept()).toEqual(["/product/q", "/shop", "/about"]);
      } finally {
        await other.close();
      }
    });
});
