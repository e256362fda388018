import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/lib/db.server";
import { products } from "~/lib/db/tables.server";
import { createTestDatabase, testTarget, type TestDatabase } from "../../../tests/support/test-db";
import { insertCategory, insertProduct } from "../../../tests/support/fixtures";
import { listProductCards } from "./catalog.server";
import { closeMatch, containsText, nameContains } from "./product-search.server";

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date();
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);
/** Products that match nothing searched below, so that the table is big enough for the planner to prefer the index. */
const FILLERS = 3000;

describe(`storefront search (${testTarget()})`, () => {
  let database: TestDatabase;
  let db: Db;
  let wallets: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    wallets = await insertCategory(db, "Wallets");
    const belts = await insertCategory(db, "Belts");
    const add = (name: string, description: string, age: number, categoryIds: string[] = []) =>
      insertProduct(db, { name, description, createdAt: daysAgo(age), categoryIds, variants: [{ name: "Brown", price: 350000, stock: [["", 2]] }] });
    // The sling is the newest, but holds the word only in its description.
    await add("Crossbody Sling", "A compact sling for phone, wallet and keys.", 1);
    await add("Classic Bifold Wallet", "Full-grain cowhide with six card slots.", 2, [wallets]);
    await add("Long Zip Wallet", "A zip-around wallet with twelve card slots.", 3, [wallets]);
    await add("Formal Dress Belt", "A 35 mm belt with a polished steel buckle.", 4, [belts]);
    await add("Leather Tote", "An open tote in soft pebbled leather.", 5);
    await db.execute(sql`
      insert into products (id, name, description, created_at)
      select 'filler' || g, 'Filler product ' || g, 'Plain filler text number ' || g, now() - make_interval(days => 10 + g)
      from generate_series(1, ${FILLERS}) g`);
    await db.execute(sql`analyze`);
  });

  afterAll(async () => {
    await database?.close();
  });

  const search = (q: string, more: Partial<Parameters<typeof listProductCards>[1]> = {}) => listProductCards(db, { q, now: NOW, ...more });
  const names = async (q: string, more: Partial<Parameters<typeof listProductCards>[1]> = {}) => (await search(q, more)).items.map((c) => c.name);

  it("finds the text as typed, names before descriptions, then newest first", async () => {
    const result = await search("WALLET");
    expect(result.items.map((c) => c.name)).toEqual(["Classic Bifold Wallet", "Long Zip Wallet", "Crossbody Sling"]);
    expect(result).toMatchObject({ total: 3, closeMatches: false });
    expect(await names("steel buckle")).toEqual(["Formal Dress Belt"]);
    expect(await names("zip-around")).toEqual(["Long Zip Wallet"]);
  });

  it("every page of a search counts all its matches, a page past the last one too", async () => {
    expect(await search("wallet", { pageSize: 2 })).toMatchObject({
      total: 3,
      closeMatches: false,
      items: [{ name: "Classic Bifold Wallet" }, { name: "Long Zip Wallet" }],
    });
    expect(await search("wallet", { pageSize: 2, page: 2 })).toMatchObject({ total: 3, closeMatches: false, items: [{ name: "Crossbody Sling" }] });
    expect(await search("wallet", { pageSize: 2, page: 5 })).toMatchObject({ total: 3, closeMatches: false, items: [] });
    expect(await search("walet", { pageSize: 2, page: 2 })).toMatchObject({ total: 3, closeMatches: true, items: [{ name: "Long Zip Wallet" }] });
  });

  it("a misspelt word finds the products with the word it stands for", async () => {
    const result = await search("walet");
    expect(result.items.map((c) => c.name)).toEqual(["Crossbody Sling", "Classic Bifold Wallet", "Long Zip Wallet"]);
    expect(result).toMatchObject({ total: 3, closeMatches: true });
    expect(await names("lether")).toEqual(["Leather Tote"]);
    expect(await names("  Buckel ")).toEqual(["Formal Dress Belt"]);
  });

  it("every word must be found, as typed or close to it, in any order", async () => {
    expect(await names("zip walet")).toEqual(["Long Zip Wallet"]);
    expect(await names("wallet bifold")).toEqual(["Classic Bifold Wallet"]);
    expect(await names("walet tote")).toEqual([]);
    // A word held as typed counts more than a close one.
    const close = await closeMatch(db, "walet zip");
    expect(close?.words.map((w) => [w.typed, w.alternatives.map((a) => a.word)])).toEqual([
      ["walet", ["walet", "wallet"]],
      ["zip", ["zip"]],
    ]);
  });

  it("finds nothing for a word close to nothing, and never corrects wildcards or short words", async () => {
    expect(await search("velvet")).toMatchObject({ items: [], total: 0, closeMatches: false });
    expect(await names("zzznothing")).toEqual([]);
    expect(await names("%wallet")).toEqual([]);
    expect(await names("walet_")).toEqual([]);
    expect(await names("wa")).toEqual(["Classic Bifold Wallet", "Long Zip Wallet", "Crossbody Sling"]);
    expect(await names("wq")).toEqual([]);
  });

  it("one- and two-letter searches still count every match", async () => {
    const result = await search("e", { pageSize: 2 });
    const [{ n }] = await db
      .select({ n: count() })
      .from(products)
      .where(sql`lower(${products.name} || ' ' || ${products.description}) like '%e%'`);
    expect(result.total).toBe(Number(n));
    expect(result.total).toBeGreaterThan(FILLERS);
    expect(result.items.map((c) => c.name)).toEqual(["Classic Bifold Wallet", "Long Zip Wallet"]);
  });

  it("pages through matches as typed and close matches with the same total on every page", async () => {
    const typed = await search("wallet", { page: 2, pageSize: 2 });
    expect(typed).toMatchObject({ total: 3, page: 2, closeMatches: false });
    expect(typed.items.map((c) => c.name)).toEqual(["Crossbody Sling"]);
    const close = await search("walet", { page: 2, pageSize: 2 });
    expect(close).toMatchObject({ total: 3, page: 2, closeMatches: true });
    expect(close.items.map((c) => c.name)).toEqual(["Long Zip Wallet"]);
    expect((await search("walet", { page: 3, pageSize: 2 })).items).toEqual([]);
  });

  it("combines with the category filter", async () => {
    expect(await names("walet", { categoryId: wallets })).toEqual(["Classic Bifold Wallet", "Long Zip Wallet"]);
    expect(await names("wallet", { categoryId: wallets })).toEqual(["Classic Bifold Wallet", "Long Zip Wallet"]);
  });

  it("learns the words of products added or renamed later", async () => {
    const added = await insertProduct(db, { name: "Heritage Messenger Bag", description: "A roomy bag.", createdAt: daysAgo(6), variants: [] });
    expect(await names("messanger")).toEqual(["Heritage Messenger Bag"]);
    await db.update(products).set({ name: "Weekender Duffel" }).where(eq(products.id, added.productId));
    expect(await names("duffle")).toEqual(["Weekender Duffel"]);
    expect(await names("messenger")).toEqual([]);
  });

  it("counts and pages through the trigram index, not by reading the whole table", async () => {
    const plan = async (query: { getSQL(): unknown }) => {
      const result = (await db.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, string>[] };
      return result.rows.map((r) => Object.values(r)[0]).join("\n");
    };
    for (const q of ["wallet", "steel buckle"]) {
      const counted = await plan(db.select({ n: count() }).from(products).where(containsText(q)));
      expect(counted, q).toContain("products_search_text_idx");
      expect(counted, q).not.toMatch(/Seq Scan on products/);
      const listed = await plan(
        db
          .select()
          .from(products)
          .where(containsText(q))
          .orderBy(sql`${nameContains(q)} desc`, products.createdAt)
          .limit(24),
      );
      expect(listed, q).toContain("products_search_text_idx");
      expect(listed, q).not.toMatch(/Seq Scan on products/);
    }
  });
});
