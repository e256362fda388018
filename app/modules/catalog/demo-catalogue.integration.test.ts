import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { media, variants } from "~/lib/db/tables/catalogue.server";
import { IMAGE_WIDTHS } from "~/modules/media/images.server";
import { LocalDiskStorage } from "~/modules/media/storage.server";
import { createTestDatabase, testTarget, type TestDatabase } from "../../../tests/support/test-db";
import { CATEGORY_IMAGE_WIDTHS, getProductDetail, listCategories, listProductCards } from "./catalog.server";
import { isCatalogueEmpty, seedDemoCatalogue } from "./demo-catalogue.server";
import { hasDiscount } from "./pricing";

let database: TestDatabase;
let uploads: string;
let emptyBefore: boolean;
let created: number;

beforeAll(async () => {
  database = await createTestDatabase();
  uploads = fs.mkdtempSync(path.join(os.tmpdir(), "shop-demo-"));
  emptyBefore = await isCatalogueEmpty(database.db);
  created = await seedDemoCatalogue(database.db, new LocalDiskStorage(uploads));
}, 120_000);

afterAll(async () => {
  await database?.close();
  if (uploads) fs.rmSync(uploads, { recursive: true, force: true });
});

const allCards = async () => (await listProductCards(database.db, { pageSize: 100 })).items;

describe(`the demo catalogue (${testTarget()})`, () => {
  it("is loaded only into an empty catalogue", async () => {
    expect(emptyBefore).toBe(true);
    expect(await isCatalogueEmpty(database.db)).toBe(false);
  });

  it("has the six categories of the shop, newest first", async () => {
    const list = await listCategories(database.db);
    expect(list.map((c) => c.name)).toEqual(["Shoe", "Backpacks", "Office", "Belts", "Bags", "Wallet"]);
    for (const c of list) {
      expect(c.productCount).toBeGreaterThanOrEqual(4);
      expect(c.image).not.toBeNull();
    }
  });

  it("has about thirty products, each in a category", async () => {
    const cards = await allCards();
    expect(created).toBe(cards.length);
    expect(cards.length).toBeGreaterThanOrEqual(25);
    expect(cards.length).toBeLessThanOrEqual(35);
    expect(cards.filter((c) => c.categoryName === "Uncategorized")).toEqual([]);
  });

  it("has featured products, new products and products out of stock", async () => {
    const cards = await allCards();
    const featured = await listProductCards(database.db, { featuredOnly: true, pageSize: 100 });
    expect(featured.total).toBeGreaterThanOrEqual(4);
    expect(featured.total).toBeLessThan(cards.length);
    const newOnes = cards.filter((c) => c.isNew);
    expect(newOnes.length).toBeGreaterThanOrEqual(3);
    expect(newOnes.length).toBeLessThan(cards.length);
    expect(cards.some((c) => c.outOfStock)).toBe(true);
  });

  it("has at least one product sold out in every variant and size", async () => {
    const cards = await allCards();
    let soldOut = 0;
    for (const card of cards) {
      const detail = await getProductDetail(database.db, card.id);
      const units = detail.variants.flatMap((v) => v.stock).reduce((sum, s) => sum + s.qty, 0);
      if (units === 0) soldOut++;
    }
    expect(soldOut).toBeGreaterThanOrEqual(1);
  });

  it("sizes belts and shoes with numbers", async () => {
    for (const category of ["Belts", "Shoe"]) {
      const cards = (await allCards()).filter((c) => c.categoryName === category);
      expect(cards.length).toBeGreaterThan(0);
      for (const card of cards) {
        const detail = await getProductDetail(database.db, card.id);
        const sizes = detail.variants.flatMap((v) => v.stock.map((s) => s.size));
        expect(sizes.length).toBeGreaterThan(1);
        for (const size of sizes) expect(size).toMatch(/^\d+$/);
      }
    }
  });

  it("prices discounts correctly: every offer is below its price", async () => {
    const rows = await database.db.select().from(variants);
    for (const v of rows) {
      expect(Number.isInteger(v.price)).toBe(true);
      expect(v.price).toBeGreaterThan(0);
      if (v.inOffer) expect(hasDiscount(v)).toBe(true);
    }
    // Prices are paisa: PKR 3,500 is stored as 350000.
    expect(rows.some((v) => v.price === 350000 && v.discountPrice === 299000)).toBe(true);
  });

  it("gives every variant an image stored as WebP at every width", async () => {
    const variantRows = await database.db.select({ id: variants.id }).from(variants);
    const images = await database.db.select().from(media);
    for (const v of variantRows) {
      const own = images.filter((m) => m.variantId === v.id && m.kind === "image");
      expect(own.length).toBeGreaterThanOrEqual(1);
      for (const image of own) {
        expect(image.widths).toEqual(IMAGE_WIDTHS);
        for (const width of image.widths) {
          const file = path.join(uploads, `${image.storageKey}-${width}.webp`);
          expect(fs.existsSync(file), file).toBe(true);
        }
      }
    }
    const sample = images[0];
    const meta = await sharp(path.join(uploads, `${sample.storageKey}-${IMAGE_WIDTHS[0]}.webp`)).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBe(IMAGE_WIDTHS[0]);
  });

  it("stores category images at the category widths", async () => {
    for (const c of await listCategories(database.db)) {
      for (const width of CATEGORY_IMAGE_WIDTHS) {
        expect(fs.existsSync(path.join(uploads, `${c.image!.key}-${width}.webp`))).toBe(true);
      }
    }
  });
});
