import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testTarget, type TestDatabase } from "../../../tests/support/test-db";
import { listCategories, listProductCards } from "./catalog.server";
import { listFooterCategories, listSitemapEntries, newestCategory } from "./catalogue-links.server";
import { hasDiscount } from "./pricing";
import { NOW, addProduct } from "../../../tests/support/catalogue-rows";

describe(`an empty shop and the offer rule in SQL (${testTarget()})`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("an empty shop has no products, categories or latest collection", async () => {
    expect(await listProductCards(database.db, {})).toMatchObject({ items: [], total: 0 });
    expect(await listCategories(database.db)).toEqual([]);
    expect(await listFooterCategories(database.db)).toEqual([]);
    expect(await newestCategory(database.db)).toBeNull();
    expect(await listSitemapEntries(database.db)).toEqual({ products: [], categories: [] });
  });

  it("featured products in SQL agree with hasDiscount on every edge case", async () => {
    const cases: [inOffer: boolean, price: number, discountPrice: number][] = [
      [true, 350000, 299000],
      [true, 350000, 349999],
      [true, 350000, 1],
      [true, 350000, 350000],
      [true, 350000, 350001],
      [true, 350000, 0],
      [true, 0, 0],
      [true, 0, 100],
      [true, 1, 0],
      [false, 350000, 299000],
      [false, 350000, 0],
      [false, 0, 0],
      [true, 9_000_000_000_000, 8_999_999_999_999],
      [false, 9_000_000_000_000, 8_999_999_999_999],
    ];
    const expected = new Set<string>();
    for (const [i, [inOffer, price, discountPrice]] of cases.entries()) {
      const name = `case ${i}: inOffer=${inOffer} price=${price} discount=${discountPrice}`;
      await addProduct(database.db, { name, createdAt: NOW, variants: [{ name: "Only", position: 0, price, inOffer, discountPrice }] });
      if (hasDiscount({ inOffer, price, discountPrice })) expected.add(name);
    }
    expect(expected.size).toBeGreaterThan(0);
    expect(expected.size).toBeLessThan(cases.length);
    const featured = await listProductCards(database.db, { featuredOnly: true, pageSize: 100 });
    expect(new Set(featured.items.map((c) => c.name))).toEqual(expected);
    expect(featured.total).toBe(expected.size);
  });
});
