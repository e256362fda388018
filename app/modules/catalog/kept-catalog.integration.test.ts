import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { watchCatalogChanges } from "~/lib/page-cache.server";
import { searchMemo } from "~/lib/query-memo.server";
import { products, stock } from "~/lib/db/tables.server";
import { insertProduct } from "../../../tests/support/fixtures";
import { testTarget, useTestDatabase } from "../../../tests/support/test-db";
import { keptProductCards } from "./kept-catalog.server";

/* A search's page is kept until a catalogue change notice says what it shows may have changed. */
const testDb = useTestDatabase();
let watch: Awaited<ReturnType<typeof watchCatalogChanges>>;
let wallet: Awaited<ReturnType<typeof insertProduct>>;

beforeAll(async () => {
  watch = await watchCatalogChanges(testDb(), searchMemo);
  searchMemo.enable();
  wallet = await insertProduct(testDb().db, { name: "Kept Bifold Wallet", variants: [{ name: "Brown", price: 250000, stock: [["", 5]] }] });
  await watch.barrier();
});
afterAll(async () => {
  searchMemo.disable();
  await watch?.stop();
});

const search = (q: string) => keptProductCards(testDb().db, { q, pageSize: 24 });

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
