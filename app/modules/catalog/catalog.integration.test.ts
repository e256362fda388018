import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { likePattern } from "~/lib/sql-like";
import { products } from "~/lib/db/tables/catalogue.server";
import { createTestDatabase, testTarget, type TestDatabase } from "../../../tests/support/test-db";
import { getProductDetail, listCategories, listProductCards } from "./catalog.server";
import { listFooterCategories, listSitemapEntries, newestCategory } from "./catalogue-links.server";
import { DAY, NOW, daysAgo, addProduct, addCategory } from "../../../tests/support/catalogue-rows";
import { anInstanceOf } from "../../../tests/support/matchers";
import { refusalOf } from "../../../tests/support/refusal";

describe(`catalogue queries (${testTarget()})`, () => {
  let database: TestDatabase;
  let db: Db;
  const cat: Record<string, string> = {};
  const prod: Record<string, { id: string; variantIds: Record<string, string> }> = {};

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    cat.shoes = await addCategory(db, "Shoes", daysAgo(200));
    cat.wallets = await addCategory(db, "Wallets", daysAgo(100));
    cat.belts = await addCategory(db, "Belts", daysAgo(50));
    cat.blank = await addCategory(db, "   ", daysAgo(10));
    cat.bags = await addCategory(db, "Bags", daysAgo(5), "categories/bags");

    // Shown first (newest); its first category by position is Wallets, though Belts sorts first by name.
    prod.wallet = await addProduct(db, {
      name: "Classic Bifold Wallet",
      description: "Full-grain cowhide with six card slots.",
      createdAt: daysAgo(2),
      rating: 4.5,
      categoryIds: [cat.wallets, cat.belts],
      variants: [
        {
          name: "Black",
          position: 0,
          price: 350000,
          inOffer: true,
          discountPrice: 299000,
          stock: [["One Size", 3, 0]],
          images: [
            ["products/wallet-black-3", 2],
            ["products/wallet-black-1", 0],
            ["products/wallet-black-2", 1],
          ],
          videos: [["products/wallet-black-video", 3]],
        },
        { name: "Brown", position: 1, price: 350000, stock: [["One Size", 0, 0]], images: [["products/wallet-brown", 0]] },
      ],
    });
    // 29 days old: still new. Its only category has a blank name.
    prod.pouch = await addProduct(db, {
      name: "Snake_Skin Pouch",
      description: "A small pouch.",
      createdAt: daysAgo(29),
      categoryIds: [cat.blank],
      variants: [{ name: "Red", position: 0, price: 95000, inOffer: false, discountPrice: 50000, stock: [["One Size", 4, 0]] }],
    });
    // The first variant has no stock at all (the second has): the card is not out of stock.
    prod.belt = await addProduct(db, {
      name: "Formal Dress Belt",
      description: "A 35 mm belt with a polished STEEL buckle.",
      createdAt: daysAgo(40),
      categoryIds: [cat.belts],
      variants: [
        {
          name: "Black",
          position: 0,
          price: 320000,
          stock: [
            ["36", 0, 1],
            ["34", 0, 0],
            ["9", 0, 2],
          ],
        },
        { name: "Brown", position: 1, price: 320000, stock: [["34", 5, 0]] },
      ],
    });
    // A discount equal to the price is no discount.
    prod.tote = await addProduct(db, {
      name: "100% Leather Tote",
      description: "An open tote.",
      createdAt: daysAgo(60),
      variants: [
        {
          name: "Tan",
          position: 0,
          price: 1250000,
          inOffer: true,
          discountPrice: 1250000,
          stock: [["One Size", 2, 0]],
          images: [["products/tote", 0]],
        },
      ],
    });
    // No variants at all.
    prod.holder = await addProduct(db, {
      name: "Card Holder",
      description: "A slim WALLET for cards.",
      createdAt: daysAgo(300),
      categoryIds: [cat.wallets],
    });
    await db
      .update(products)
      .set({ updatedAt: daysAgo(1) })
      .where(eq(products.id, prod.holder.id));
  });

  afterAll(async () => {
    await database?.close();
  });

  const names = async (input: Parameters<typeof listProductCards>[1]) =>
    (await listProductCards(db, { now: NOW, ...input })).items.map((c) => c.name);

  describe("listProductCards", () => {
    it("lists every product, newest first", async () => {
      const result = await listProductCards(db, { now: NOW });
      expect(result.items.map((c) => c.name)).toEqual([
        "Classic Bifold Wallet",
        "Snake_Skin Pouch",
        "Formal Dress Belt",
        "100% Leather Tote",
        "Card Holder",
      ]);
      expect(result.total).toBe(5);
    });

    it("searches names and descriptions whatever the letter case", async () => {
      expect(await names({ q: "wallet" })).toEqual(["Classic Bifold Wallet", "Card Holder"]);
      expect(await names({ q: "steel" })).toEqual(["Formal Dress Belt"]);
      expect(await names({ q: "  BIFOLD " })).toEqual(["Classic Bifold Wallet"]);
      expect(await names({ q: "   " })).toHaveLength(5);
      expect(await names({ q: "velvet" })).toEqual([]);
    });

    it("searches '%', '_' and '\\' literally, not as wildcards", async () => {
      expect(await names({ q: "%" })).toEqual(["100% Leather Tote"]);
      expect(await names({ q: "100%" })).toEqual(["100% Leather Tote"]);
      expect(await names({ q: "_" })).toEqual(["Snake_Skin Pouch"]);
      expect(await names({ q: "b_lt" })).toEqual([]);
      expect(await names({ q: "%tote" })).toEqual([]);
      expect(await names({ q: "\\" })).toEqual([]);
      expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
    });

    it("filters by category, alone or with a search", async () => {
      expect(await names({ categoryId: cat.wallets })).toEqual(["Classic Bifold Wallet", "Card Holder"]);
      expect(await names({ categoryId: cat.belts })).toEqual(["Classic Bifold Wallet", "Formal Dress Belt"]);
      expect(await names({ categoryId: cat.belts, q: "wallet" })).toEqual(["Classic Bifold Wallet"]);
      expect(await names({ categoryId: cat.bags })).toEqual([]);
      expect(await names({ categoryId: "no-such-category" })).toEqual([]);
    });

    it("featured products are exactly those with a variant whose discount applies", async () => {
      const result = await listProductCards(db, { featuredOnly: true, now: NOW });
      expect(result.items.map((c) => c.name)).toEqual(["Classic Bifold Wallet"]);
      expect(result.total).toBe(1);
      expect(await names({ featuredOnly: true, categoryId: cat.blank })).toEqual([]);
    });

    it("pages through the list with the total on every page", async () => {
      const page2 = await listProductCards(db, { page: 2, pageSize: 2, now: NOW });
      expect(page2.items.map((c) => c.name)).toEqual(["Formal Dress Belt", "100% Leather Tote"]);
      expect(page2).toMatchObject({ total: 5, page: 2, pageSize: 2 });
      expect(await names({ page: 3, pageSize: 2 })).toEqual(["Card Holder"]);
      const beyond = await listProductCards(db, { page: 4, pageSize: 2, now: NOW });
      expect(beyond.items).toEqual([]);
      expect(beyond.total).toBe(5);
      // Nonsense paging falls back to sane values.
      const odd = await listProductCards(db, { page: 0, pageSize: 100000, now: NOW });
      expect(odd).toMatchObject({ page: 1, pageSize: 100, total: 5 });
      expect(odd.items).toHaveLength(5);
    });

    it("shows on each card the truth about every variant: lowest price, 'from', sale, out of stock only when nothing is left", async () => {
      const cards = (await listProductCards(db, { now: NOW })).items;
      const byName = Object.fromEntries(cards.map((c) => [c.name, c]));
      expect(byName["Classic Bifold Wallet"]).toEqual({
        id: prod.wallet.id,
        name: "Classic Bifold Wallet",
        categoryName: "Wallets",
        rating: 4.5,
        price: 350000,
        inOffer: true,
        discountPrice: 299000,
        // Black on offer at 2,990, Brown at 3,500: the card says "from" and shows a sale.
        priceVaries: true,
        onSale: true,
        outOfStock: false,
        isNew: true,
        image: { key: "products/wallet-black-1", widths: [320, 640] },
      });
      expect(byName["Snake_Skin Pouch"]).toMatchObject({ categoryName: "Unnamed Category", isNew: true, outOfStock: false, image: null });
      // Black is sold out, Brown has 5: not out of stock.
      expect(byName["Formal Dress Belt"]).toMatchObject({
        categoryName: "Belts",
        isNew: false,
        outOfStock: false,
        image: null,
        price: 320000,
        priceVaries: false,
        onSale: false,
      });
      // A discount equal to the price is no sale.
      expect(byName["100% Leather Tote"]).toMatchObject({
        categoryName: "Uncategorized",
        outOfStock: false,
        onSale: false,
        image: { key: "products/tote", widths: [320, 640] },
      });
      expect(byName["Card Holder"]).toMatchObject({ categoryName: "Wallets", price: 0, outOfStock: true, isNew: false, image: null });
    });

    it("prefers, for the price shown, a variant still in stock over a cheaper sold-out one", async () => {
      const bag = await addProduct(db, {
        name: "Sold-Out Cheap Bag",
        createdAt: daysAgo(300),
        variants: [
          { name: "Cheap", position: 0, price: 100000, stock: [["", 0, 0]] },
          { name: "Dear", position: 1, price: 500000, inOffer: true, discountPrice: 450000, stock: [["", 2, 0]] },
        ],
      });
      const card = (await listProductCards(db, { now: NOW, pageSize: 100 })).items.find((c) => c.id === bag.id)!;
      expect(card).toMatchObject({ price: 500000, inOffer: true, discountPrice: 450000, priceVaries: true, onSale: true, outOfStock: false });
      // Sorted by that shown price (4,500), not by the sold-out 1,000.
      const asc = (await listProductCards(db, { now: NOW, sort: "price-asc", pageSize: 100 })).items.map((c) => c.name);
      expect(asc.indexOf("Sold-Out Cheap Bag")).toBe(asc.indexOf("Formal Dress Belt") + 1);
      await db.delete(products).where(eq(products.id, bag.id));
    });

    it("sorts by the lowest price a shopper pays, low to high and high to low; products without a price last", async () => {
      const asc = (await listProductCards(db, { now: NOW, sort: "price-asc", pageSize: 100 })).items.map((c) => c.name);
      const desc = (await listProductCards(db, { now: NOW, sort: "price-desc", pageSize: 100 })).items.map((c) => c.name);
      // Pouch 950, wallet 2,990 (on offer), belt 3,200, tote 12,500; the card holder has no variant.
      expect(asc).toEqual(["Snake_Skin Pouch", "Classic Bifold Wallet", "Formal Dress Belt", "100% Leather Tote", "Card Holder"]);
      expect(desc).toEqual(["100% Leather Tote", "Formal Dress Belt", "Classic Bifold Wallet", "Snake_Skin Pouch", "Card Holder"]);
    });

    it("a product stops being new 30 days after it was added", async () => {
      const later = new Date(NOW.getTime() + 2 * DAY);
      const cards = (await listProductCards(db, { now: later })).items;
      expect(cards.filter((c) => c.isNew).map((c) => c.name)).toEqual(["Classic Bifold Wallet"]);
    });
  });

  describe("getProductDetail", () => {
    it("gives variants, sizes and media in the order the admin set", async () => {
      const detail = await getProductDetail(db, prod.wallet.id);
      expect(detail).toMatchObject({
        id: prod.wallet.id,
        name: "Classic Bifold Wallet",
        description: "Full-grain cowhide with six card slots.",
        rating: 4.5,
      });
      expect(detail.categories.map((c) => c.name)).toEqual(["Wallets", "Belts"]);
      expect(detail.variants.map((v) => v.name)).toEqual(["Black", "Brown"]);
      const [black, brown] = detail.variants;
      expect(black).toMatchObject({ id: prod.wallet.variantIds.Black, price: 350000, inOffer: true, discountPrice: 299000 });
      expect(black.stock.map(({ size, qty }) => ({ size, qty }))).toEqual([{ size: "One Size", qty: 3 }]);
      expect(black.images.map((i) => i.key)).toEqual(["products/wallet-black-1", "products/wallet-black-2", "products/wallet-black-3"]);
      expect(black.images[0]).toMatchObject({ widths: [320, 640], width: 800, height: 600 });
      expect(black.videos).toEqual([{ id: anInstanceOf(String), key: "products/wallet-black-video", contentType: "video/mp4" }]);
      expect(brown.images.map((i) => i.key)).toEqual(["products/wallet-brown"]);
      expect(brown.videos).toEqual([]);
    });

    it("keeps stock rows in position order", async () => {
      const detail = await getProductDetail(db, prod.belt.id);
      expect(detail.variants[0].stock.map((s) => s.size)).toEqual(["34", "36", "9"]);
      expect(detail.variants[1].stock).toEqual([{ id: anInstanceOf(String), size: "34", qty: 5 }]);
      expect(detail.categories).toEqual([{ id: cat.belts, name: "Belts" }]);
    });

    it("shows a blank category name as 'Unnamed Category' and a product without variants as empty", async () => {
      expect((await getProductDetail(db, prod.pouch.id)).categories).toEqual([{ id: cat.blank, name: "Unnamed Category" }]);
      expect((await getProductDetail(db, prod.holder.id)).variants).toEqual([]);
    });

    it("refuses an unknown product with NOT_FOUND", async () => {
      const error = await refusalOf(getProductDetail(db, "no-such-product"));
      expect(error).toBeInstanceOf(DomainError);
      expect(error.code).toBe("NOT_FOUND");
      expect(error.message).toBe("Product not found");
    });
  });

  describe("categories", () => {
    it("lists categories newest first with the number of products in each", async () => {
      const list = await listCategories(db);
      expect(list.map((c) => [c.name, c.productCount])).toEqual([
        ["Bags", 0],
        ["Unnamed Category", 1],
        ["Belts", 2],
        ["Wallets", 2],
        ["Shoes", 0],
      ]);
      expect(list[0].image).toEqual({ key: "categories/bags", widths: [320, 640] });
      expect(list[1].image).toBeNull();
      expect(list[0].createdAt).toBe(daysAgo(5).toISOString());
    });

    it("the footer shows the four newest categories", async () => {
      expect(await listFooterCategories(db)).toEqual([
        { id: cat.bags, name: "Bags" },
        { id: cat.blank, name: "Unknown Category" },
        { id: cat.belts, name: "Belts" },
        { id: cat.wallets, name: "Wallets" },
      ]);
    });

    it("the newest category is the latest collection", async () => {
      expect(await newestCategory(db)).toEqual({ id: cat.bags, name: "Bags", image: { key: "categories/bags", widths: [320, 640] } });
    });
  });

  it("the sitemap lists every product and category with its last change", async () => {
    const entries = await listSitemapEntries(db);
    expect(entries.products).toHaveLength(5);
    expect(entries.products[0]).toEqual({ id: prod.wallet.id, lastModified: daysAgo(2).toISOString() });
    expect(entries.products.find((p) => p.id === prod.holder.id)?.lastModified).toBe(daysAgo(1).toISOString());
    expect(entries.categories.map((c) => c.id).sort()).toEqual(Object.values(cat).sort());
  });
});
