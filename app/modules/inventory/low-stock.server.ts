import { asc, eq, lte } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { products, stock, variants } from "~/lib/schema.server";

import { LOW_STOCK_THRESHOLD } from "./stock-rules";

/** Sizes at or below the low-stock threshold, fewest first, with their product. */
export async function listLowStock(db: Db, limit = 20) {
  return db
    .select({
      productId: products.id,
      productName: products.name,
      variantName: variants.name,
      size: stock.size,
      qty: stock.qty,
    })
    .from(stock)
    .innerJoin(variants, eq(variants.id, stock.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .where(lte(stock.qty, LOW_STOCK_THRESHOLD))
    .orderBy(asc(stock.qty), asc(products.name), asc(stock.size))
    .limit(limit);
}
