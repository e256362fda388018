import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/lib/db.server";
import { products } from "~/lib/db/tables/catalogue.server";
import { createTestDatabase, testTarget, type TestDatabase } from "../../../tests/support/test-db";
import { insertCategory, insertProduct } from "../../../tests/support/fixtures";
import { listProductCards } from "./catalog.server";
import { SEARCH_LISTED_MATCHES } from "./shop-listing";
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

  it("one- and two-letter searches find every match, and say when there are more than they list", async () => {
    const result = await search("e", { pageSize: 2 });
    const [{ n }] = await db
      .select({ n: count() })
      .from(products)
      .where(sql`lower(${products.name} || ' ' || ${products.description}) like '%e%'`);
    expect(Number(n)).toBeGreaterThan(SEARCH_LISTED_MATCHES);
    expect(result).toMatchObject({ total: SEARCH_LISTED_MATCHES, more: true });
    // Newest first past the limit: the sling (newest) before the wallets.
    expect(result.items.map((c) => c.name)).toEqual(["Crossbody Sling", "Classic Bifold Wallet"]);
    expect(await search("ee")).toMatchObject({ total: 1, more: false, items: [{ name: "Formal Dress Belt" }] });
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
      const result = (await db.execute(sql`explain ${query}`)) as { rows: Record<string, string>[] };
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

describe(`a search matching more products than it lists (${testTarget()})`, () => {
  let database: TestDatabase;
  let db: Db;
  /** Every "saddle" product's id, newest first: the order a search past the limit lists them in. */
  let newestFirst: string[];

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    // 40 new saddle straps, then 3,000 newer fillers than the 1,000 older saddle bags; the bags
    // also hold "rivet", exactly as many as are listed.
    await db.execute(sql`
      insert into products (id, name, description, created_at)
      select 'strap' || g, 'Saddle Strap No. ' || g, 'A strap.', now() - make_interval(mins => g) from generate_series(1, 40) g
      union all
      select 'filler' || g, 'Filler product ' || g, 'Plain filler text number ' || g, now() - make_interval(hours => 1 + g)
      from generate_series(1, 3000) g
      union all
      select 'bag' || g, 'Old Bag No. ' || g, 'With a saddle stitch and a brass rivet.', now() - make_interval(days => 200, mins => g)
      from generate_series(1, ${SEARCH_LISTED_MATCHES}) g`);
    // Each with a price: the bags dearer the older they are, the straps dearest of all.
    await db.execute(sql`
      insert into variants (id, product_id, name, price)
      select 'v-' || id, id, 'Brown', case when id like 'strap%' then 9000000 else 100000 + substr(id, 4)::int * 100 end
      from products where id like 'strap%' or id like 'bag%'`);
    await db.execute(sql`analyze`);
    const rows = await db
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.id} like 'strap%' or ${products.id} like 'bag%'`)
      .orderBy(sql`${products.createdAt} desc`, products.id);
    newestFirst = rows.map((r) => r.id);
  });

  afterAll(async () => {
    await database?.close();
  });

  const ids = async (q: string, page: number, more: Partial<Parameters<typeof listProductCards>[1]> = {}) => {
    const result = await listProductCards(db, { q, page, pageSize: 24, ...more });
    return { ...result, ids: result.items.map((c) => c.id) };
  };

  it("says there are more than it lists, and lists that many, newest first, page after page", async () => {
    const first = await ids("SADDLE", 1);
    expect(first).toMatchObject({ total: SEARCH_LISTED_MATCHES, more: true, closeMatches: false });
    expect(first.ids).toEqual(newestFirst.slice(0, 24));
    // Page 2 runs past the newest products' matches: the rest are read from all matches.
    expect((await ids("saddle", 2)).ids).toEqual(newestFirst.slice(24, 48));
    const last = Math.ceil(SEARCH_LISTED_MATCHES / 24);
    const lastPage = await ids("saddle", last);
    expect(lastPage.ids).toEqual(newestFirst.slice((last - 1) * 24, SEARCH_LISTED_MATCHES));
    expect(lastPage).toMatchObject({ total: SEARCH_LISTED_MATCHES, more: true });
    expect(await ids("saddle", last + 1)).toMatchObject({ ids: [], total: SEARCH_LISTED_MATCHES, more: true });
  });

  it("a misspelt word past the limit is listed the same way", async () => {
    const close = await ids("sadle", 2);
    expect(close).toMatchObject({ total: SEARCH_LISTED_MATCHES, more: true, closeMatches: true });
    expect(close.ids).toEqual(newestFirst.slice(24, 48));
  });

  it("by price, the cheapest of all matches come first", async () => {
    const cheapest = await ids("saddle", 1, { sort: "price-asc" });
    expect(cheapest.ids.slice(0, 3)).toEqual(["bag1", "bag2", "bag3"]);
    expect(cheapest).toMatchObject({ total: SEARCH_LISTED_MATCHES, more: true });
  });

  it("exactly as many matches as it lists are all counted, names first", async () => {
    const rivets = await ids("rivet", 1);
    expect(rivets).toMatchObject({ total: SEARCH_LISTED_MATCHES, more: false });
    expect(rivets.ids).toEqual(newestFirst.filter((id) => id.startsWith("bag")).slice(0, 24));
  });
});
