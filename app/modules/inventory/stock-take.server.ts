import { sql, type SQL } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { stock } from "~/lib/db/tables/catalogue.server";

/**
 * The one guarded stock decrement, as SQL: takes `l.n` units from each stock row `l.stock_id` of
 * `lines` (a relation aliased `l`, with more relations after it when the caller needs them), only
 * where at least that many are left, and returns the ids of the rows it took from. A row left out
 * had too little: the UPDATE is the lock against overselling (docs/decisions/0019). Placing an
 * order runs it inside its one statement; reviving a cancelled order runs it per line.
 */
export function guardedStockTake(lines: SQL): SQL {
  return sql`update ${stock} s set qty = s.qty - l.n from ${lines} where s.id = l.stock_id and s.qty >= l.n returning s.id`;
}

/** Takes `quantity` from one stock row with the guarded decrement, in one statement; false when too few are left. */
export async function takeStock(tx: Db, stockId: string, quantity: number): Promise<boolean> {
  const line = sql`(values (${stockId}::text, ${quantity}::int)) as l (stock_id, n)`;
  const { rows } = (await tx.execute(guardedStockTake(line))) as { rows: unknown[] };
  return rows.length > 0;
}
