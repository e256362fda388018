import { inArray, sql } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { stock } from "~/lib/db/tables/catalogue.server";
import { inStockLockOrder } from "./stock-lock-order";

export interface LockedStock {
  id: string;
  variantId: string;
  size: string;
  qty: number;
}

/**
 * Locks every stock row of the given variants (FOR UPDATE) in stock lock order, in one statement,
 * and answers them in that order. A transaction that then waits for a row an order holds never
 * holds a row that order still needs.
 */
export async function lockStockOfVariants(tx: Db, variantIds: string[]): Promise<LockedStock[]> {
  if (variantIds.length === 0) return [];
  const ids = inStockLockOrder(await tx.select({ id: stock.id }).from(stock).where(inArray(stock.variantId, variantIds)), (r) => r.id).map(
    (r) => r.id,
  );
  if (ids.length === 0) return [];
  // Rows are locked as the ORDER BY returns them: the position in the list, not the text order.
  const inOrder = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  return tx
    .select({ id: stock.id, variantId: stock.variantId, size: stock.size, qty: stock.qty })
    .from(stock)
    .where(inArray(stock.id, ids))
    .orderBy(sql`array_position(array[${inOrder}]::text[], ${stock.id})`)
    .for("update");
}
