import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { categories, media, productCategories, products, stock, variants } from "~/lib/db/tables/catalogue.server";

/**
 * A product's own rows, as its page (catalog.server.ts) and its editor (product-editor.server.ts)
 * read them: the product, its categories in the order it lists them, its variants, and their sizes
 * and media, each in order. Null when there is no such product.
 */
export async function readProductRows(db: Db, id: string) {
  const [product] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!product) return null;
  const [categoryRows, variantRows] = await Promise.all([
    db
      .select({ id: categories.id, name: categories.name })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .where(eq(productCategories.productId, id))
      .orderBy(asc(productCategories.position), asc(categories.name)),
    db.select().from(variants).where(eq(variants.productId, id)).orderBy(asc(variants.position), asc(variants.id)),
  ]);
  const variantIds = variantRows.map((v) => v.id);
  const [stockRows, mediaRows] = variantIds.length
    ? await Promise.all([
        db.select().from(stock).where(inArray(stock.variantId, variantIds)).orderBy(asc(stock.position), asc(stock.id)),
        db.select().from(media).where(inArray(media.variantId, variantIds)).orderBy(asc(media.position), asc(media.id)),
      ])
    : [[], []];
  return { product, categoryRows, variantRows, stockRows, mediaRows };
}
