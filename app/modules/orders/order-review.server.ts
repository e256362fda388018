import { eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { appSettings } from "~/lib/db/tables/site.server";
import { orders } from "~/lib/db/tables/orders.server";
import { DEFAULT_FIRST_ORDER_THRESHOLD, DUPLICATE_WINDOW_HOURS, ORDER_FLAGS, type OrderFlag, type OrderReview } from "./order-review";

const THRESHOLD_KEY = "first_order_review_above";

/** The amount (paisa) above which a customer's first order is flagged; 0: never. Main admins set it in Settings. */
export async function getFirstOrderThreshold(db: Db): Promise<number> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, THRESHOLD_KEY));
  const stored = row ? Number(row.value) : NaN;
  return Number.isSafeInteger(stored) && stored >= 0 ? stored : DEFAULT_FIRST_ORDER_THRESHOLD;
}

/** Saves the threshold (paisa; the caller checks the range and the role); null brings the default back. */
export async function saveFirstOrderThreshold(db: Db, paisa: number | null): Promise<void> {
  if (paisa === null) {
    await db.delete(appSettings).where(eq(appSettings.key, THRESHOLD_KEY));
    return;
  }
  const value = String(paisa);
  await db.insert(appSettings).values({ key: THRESHOLD_KEY, value }).onConflictDoUpdate({ target: appSettings.key, set: { value } });
}

/*
 * The conditions, as SQL on the `orders` row at hand (`o2` is the customer's other order). Each is
 * used twice: to flag the orders of a page, and to find every flagged order (the "Needs attention"
 * filter and its count). Phone numbers are stored normalised; e-mails are compared without case.
 */

/** The other orders this one likely repeats: same phone, same items, within 24 hours either way, not cancelled. */
const duplicates = sql`from ${orders} o2 where o2.phone = ${orders.phone} and o2.id <> ${orders.id} and o2.status <> 'cancelled'
  and o2.created_at between ${orders.createdAt} - make_interval(hours => ${DUPLICATE_WINDOW_HOURS}) and ${orders.createdAt} + make_interval(hours => ${DUPLICATE_WINDOW_HOURS})
  and o2.items_key = ${orders.itemsKey}`;

/** The customer's orders placed before this one, by the same phone or the same e-mail. */
const earlier = sql`from ${orders} o2 where (o2.phone = ${orders.phone} or lower(o2.email) = lower(${orders.email}))
  and o2.id <> ${orders.id} and o2.created_at < ${orders.createdAt}`;

const phoneReturns = sql`from ${orders} o2 where o2.phone = ${orders.phone} and o2.id <> ${orders.id} and o2.status = 'returned' and o2.created_at < ${orders.createdAt}`;

/**
 * Each flag's condition. Flags warn before shipping: only an order still Confirmed carries them
 * (once shipped, cancelled or done, the warning has had its use).
 */
function flagConditions(threshold: number): Record<OrderFlag, SQL> {
  return {
    "likely-duplicate": sql`exists (select 1 ${duplicates})`,
    "past-returns": sql`exists (select 1 ${phoneReturns})`,
    "big-first-order": threshold > 0 ? sql`(${orders.total} > ${threshold} and not exists (select 1 ${earlier}))` : sql`false`,
  };
}

/** Orders that need a look before shipping: still Confirmed, with at least one flag. */
export function needsAttention(threshold: number): SQL {
  return sql`(${orders.status} = 'confirmed' and (${sql.join(Object.values(flagConditions(threshold)), sql` or `)}))`;
}

/** The history and flags of the given orders (a page of the list, or one order), by id. */
export async function reviewOrders(db: Db, ids: string[], threshold: number): Promise<Map<string, OrderReview>> {
  if (ids.length === 0) return new Map();
  const flags = flagConditions(threshold);
  const rows = await db
    .select({
      id: orders.id,
      status: orders.status,
      before: sql<number>`(select count(*) ${earlier})::int`,
      delivered: sql<number>`(select count(*) ${earlier} and o2.status = 'completed')::int`,
      cancelled: sql<number>`(select count(*) ${earlier} and o2.status = 'cancelled')::int`,
      returned: sql<number>`(select count(*) ${earlier} and o2.status = 'returned')::int`,
      phoneReturns: sql<number>`(select count(*) ${phoneReturns})::int`,
      duplicateOf: sql<string[] | null>`(select array_agg(o2.order_number order by o2.created_at) ${duplicates})`,
      ...Object.fromEntries(ORDER_FLAGS.map((f) => [f, sql<boolean>`${flags[f]}`])),
    })
    .from(orders)
    .where(inArray(orders.id, ids));
  return new Map(
    rows.map((r) => {
      const row = r as typeof r & Record<OrderFlag, boolean>;
      return [
        r.id,
        {
          history: { before: Number(r.before), delivered: Number(r.delivered), cancelled: Number(r.cancelled), returned: Number(r.returned) },
          flags: r.status === "confirmed" ? ORDER_FLAGS.filter((f) => row[f] === true) : [],
          duplicateOf: r.duplicateOf ?? [],
          phoneReturns: Number(r.phoneReturns),
        },
      ];
    }),
  );
}
