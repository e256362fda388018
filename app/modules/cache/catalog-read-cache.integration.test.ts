import { eq } from "drizzle-orm";
import { categories, productCategories, variants } from "~/lib/db/tables/catalogue.server";
import { countingDatabase } from "../../../tests/support/statement-counter";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { watchCatalogChanges } from "./catalog-changes.server";
import { cardReadCache, searchReadCache } from "./read-cache.server";
import type { Db } from "~/lib/db.server";
import { products, stock } from "~/lib/db/tables/catalogue.server";
import { insertProduct } from "../../../tests/support/fixtures";
import { testTarget, useTestDatabase } from "../../../tests/support/test-db";
import { cachedProductCards } from "./catalog-read-cache.server";

/* A search's page is kept until a catalogue change notice says what it shows may have changed. */
const testDb = useTestDatabase();
let watch: Awaited<ReturnType<typeof watchCatalogChanges>>;
let wallet: Awaited<ReturnType<typeof insertProduct>>;

beforeAll(async () => {
  watch = await watchCatalogChanges(testDb(), { invalidate: (tags) => [searchReadCache, cardReadCache].forEach((memo) => memo.invalidate(tags)) });
  searchReadCache.enable();
  wallet = await insertProduct(testDb().db, { name: "Kept Bifold Wallet", variants: [{ name: "Brown", price: 250000, stock: [["", 5]] }] });
  await watch.barrier();
});
afterAll(async () => {
  searchReadCache.disable();
  cardReadCache.disable();
  await watch?.stop();
});

const search = (q: string) => cachedProductCards(testDb().db, { q, pageSize: 24 });

describe(`searches kept until the catalogue changes (${testTarget()})`, () => {
  it("the same search is answered from memory", async () => {
    const first = await search("bifold");
    expect(first.items.map((i) => i.name)).toContain("Kept Bifold Wallet");
    expect(await search("bifold")).toBe(first);
    // Another search, or another page of it, is its own.
    expect(await search("wallet")).not.toBe(first);
  });

  it("a stock change of a product it shows drops it", async () => {
    const before = await search("bifold");
    expect(before.items.find((i) => i.id === wallet.productId)?.outOfStock).toBe(false);
    await testDb().db.update(stock).set({ qty: 0 }).where(eq(stock.id, wallet.variants[0].stock[0].id));
    await watch.barrier();
    const after = await search("bifold");
    expect(after).not.toBe(before);
    expect(after.items.find((i) => i.id === wallet.productId)?.outOfStock).toBe(true);
  });

  it("a product renamed to match, or added, is found at once after its notice", async () => {
    expect((await search("satchel")).total).toBe(0);
    await insertProduct(testDb().db, { name: "Kept Satchel", variants: [{ name: "Tan", price: 900000, stock: [["", 2]] }] });
    await watch.barrier();
    expect((await search("satchel")).items.map((i) => i.name)).toEqual(["Kept Satchel"]);
    await testDb().db.update(products).set({ name: "Kept Satchel Wallet" }).where(eq(products.id, wallet.productId));
    await watch.barrier();
    expect((await search("satchel")).items.map((i) => i.name).sort()).toEqual(["Kept Satchel", "Kept Satchel Wallet"]);
  });
});

describe(`what each card shows, kept per product while searches are asked afresh (${testTarget()})`, () => {
  // As with KEEP_SEARCHES=off: every search goes to the database; the cards it lists come from memory.
  beforeAll(() => {
    searchReadCache.disable();
    cardReadCache.enable();
  });
  const fresh = (db: Db, q: string) => cachedProductCards(db, { q, pageSize: 24 });

  it("a search is one statement, asking only which products it finds, once their cards are kept", async () => {
    const counted = await countingDatabase(testDb());
    const first = await fresh(counted.db, "satchel");
    expect(first.items.map((i) => i.name)).toContain("Kept Satchel Wallet");
    // The search (its count and its page, one statement), then the cards it lists.
    expect(counted.statements).toHaveLength(2);
    counted.reset();
    const again = await fresh(counted.db, "satchel");
    expect(again.items).toEqual(first.items);
    // Only the search: no read of the cards.
    expect(counted.statements).toHaveLength(1);
    expect(counted.statements.some((statement) => /json_agg/.test(statement))).toBe(false);
  });

  it("a card shows a new stock, price, name, picture or category at once after the change's notice", async () => {
    const card = async () => (await fresh(testDb().db, "satchel")).items.find((i) => i.id === wallet.productId)!;
    expect((await card()).outOfStock).toBe(true);
    await testDb().db.update(stock).set({ qty: 3 }).where(eq(stock.id, wallet.variants[0].stock[0].id));
    await watch.barrier();
    expect((await card()).outOfStock).toBe(false);
    await testDb().db.update(variants).set({ price: 199000 }).where(eq(variants.id, wallet.variants[0].id));
    await watch.barrier();
    expect((await card()).price).toBe(199000);
    await testDb().db.update(products).set({ name: "Kept Satchel Wallet II" }).where(eq(products.id, wallet.productId));
    await watch.barrier();
    expect((await card()).name).toBe("Kept Satchel Wallet II");
    const [category] = await testDb().db.insert(categories).values({ id: "kept-cat", name: "Kept Straps" }).returning();
    await testDb().db.insert(productCategories).values({ productId: wallet.productId, categoryId: category.id, position: 0 });
    await watch.barrier();
    expect((await card()).categoryName).toBe("Kept Straps");
    await testDb().db.update(categories).set({ name: "Kept Belts" }).where(eq(categories.id, category.id));
    await watch.barrier();
    expect((await card()).categoryName).toBe("Kept Belts");
  });
});
