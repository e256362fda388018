import type { Db } from "~/lib/db.server";
import { newId } from "~/lib/ids";
import { categories, media, productCategories, products, stock, variants } from "~/lib/db/tables/catalogue.server";

/*
 * Products and categories written straight into the tables, for the catalogue's query tests
 * (app/modules/catalog/catalog*.integration.test.ts).
 */

export const DAY = 24 * 60 * 60 * 1000;
export const NOW = new Date();
export const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);

interface VariantSpec {
  name: string;
  position: number;
  price: number;
  inOffer?: boolean;
  discountPrice?: number;
  /** [size, qty, position] */
  stock?: [string, number, number][];
  /** [key, position] */
  images?: [string, number][];
  videos?: [string, number][];
}

/** Inserts a product the way the admin would store it; rows go in out of position order on purpose. */
export async function addProduct(
  db: Db,
  p: { name: string; description?: string; createdAt: Date; rating?: number; categoryIds?: string[]; variants?: VariantSpec[] },
) {
  const id = newId();
  await db.insert(products).values({ id, name: p.name, description: p.description ?? "", createdAt: p.createdAt, rating: p.rating ?? 0 });
  for (const [position, categoryId] of (p.categoryIds ?? []).entries()) {
    await db.insert(productCategories).values({ productId: id, categoryId, position });
  }
  const variantIds: Record<string, string> = {};
  for (const v of [...(p.variants ?? [])].reverse()) {
    const variantId = newId();
    variantIds[v.name] = variantId;
    await db.insert(variants).values({
      id: variantId,
      productId: id,
      position: v.position,
      name: v.name,
      price: v.price,
      inOffer: v.inOffer ?? false,
      discountPrice: v.discountPrice ?? 0,
    });
    for (const [size, qty, position] of v.stock ?? []) {
      await db.insert(stock).values({ variantId, size, qty, position });
    }
    for (const [key, position] of v.images ?? []) {
      await db
        .insert(media)
        .values({ variantId, kind: "image", position, storageKey: key, widths: [320, 640], width: 800, height: 600, contentType: "image/webp" });
    }
    for (const [key, position] of v.videos ?? []) {
      await db.insert(media).values({ variantId, kind: "video", position, storageKey: key, contentType: "video/mp4" });
    }
  }
  return { id, variantIds };
}

export async function addCategory(db: Db, name: string, createdAt: Date, imageKey: string | null = null) {
  const id = newId();
  await db.insert(categories).values({ id, name, createdAt, imageKey });
  return id;
}
