import { asc, count, eq, lte } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { products, stock, variants } from "~/lib/db/tables/catalogue.server";
import { pageOf } from "~/lib/paging";
import { LOW_STOCK_THRESHOLD } from "./stock-rules";

/** Low-stock rows on one page of the dashboard. */
export const LOW_STOCK_PAGE_SIZE = 10;

/** Sizes at or below the low-stock threshold, fewest first, with their product; one page of them and how many pages. */
export async function listLowStock(db: Db, page = 1) {
  const [{ n }] = await db.select({ n: count() }).from(stock).where(lte(stock.qty, LOW_STOCK_THRESHOLD));
  const total = Number(n);
  const { page: current, pageCount, offset } = pageOf(total, page, LOW_STOCK_PAGE_SIZE);
  const rows = await db
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
    .orderBy(asc(stock.qty), asc(products.name), asc(stock.size), asc(stock.id))
    .limit(LOW_STOCK_PAGE_SIZE)
    .offset(offset);
  return { rows, total, page: current, pageCount };
}
