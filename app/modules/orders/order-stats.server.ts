import { and, count, desc, eq, gte, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { categories, products } from "~/lib/db/tables/catalogue.server";
import { orderItems, orders } from "~/lib/db/tables/orders.server";
import { ORDER_STATUSES, type OrderStatus } from "~/lib/db/value-lists";
import { PKT_OFFSET_MS, pakistanDay, pakistanPeriodStarts } from "~/lib/admin-date";
import { courierNamed } from "./couriers";
import { awaitingConfirmation } from "./order-confirmation.server";

export async function dashboardSummary(db: Db, now = new Date()) {
  const { dayStart, monthStart } = pakistanPeriodStarts(now);
  const value = (since: Date) =>
    db
      .select({ total: sql<string>`coalesce(sum(${orders.total}), 0)` })
      .from(orders)
      .where(and(gte(orders.createdAt, since), ne(orders.status, "cancelled")));
  const [[p], [c], byStatus, [today], [month], latest, [toConfirm]] = await Promise.all([
    db.select({ n: count() }).from(products),
    db.select({ n: count() }).from(categories),
    db.select({ status: orders.status, n: count() }).from(orders).groupBy(orders.status),
    value(dayStart),
    value(monthStart),
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        firstName: orders.firstName,
        lastName: orders.lastName,
        total: orders.total,
        status: orders.status,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .orderBy(desc(orders.createdAt))
      .limit(8),
    db.select({ n: count() }).from(orders).where(awaitingConfirmation),
  ]);
  const statusCounts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
  for (const row of byStatus) statusCounts[row.status] = Number(row.n);
  return {
    products: Number(p.n),
    categories: Number(c.n),
    orders: statusCounts,
    /** Orders still to confirm with their customer (placed, and nobody has recorded "Confirmed by phone"). */
    toConfirm: Number(toConfirm.n),
    todayValue: Number(today.total),
    monthValue: Number(month.total),
    latest: latest.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })),
  };
}

/** Days the dashboard's chart covers. */
export const TREND_DAYS = 30;

/**
 * How the last 30 days went, in Pakistan days: orders and revenue per day (revenue leaves out
 * cancelled orders; every day is listed, quiet ones with 0), the best sellers by units, and the share
 * of orders cancelled.
 */
export async function salesTrend(db: Db, now = new Date()) {
  const { dayStart } = pakistanPeriodStarts(now);
  const since = new Date(dayStart.getTime() - (TREND_DAYS - 1) * 24 * 60 * 60 * 1000);
  // Pakistan days: the one offset of admin-date.ts (a constant, written into the statement so that
  // the grouping and the selected day are the same expression).
  const day = sql<string>`to_char(${orders.createdAt} at time zone 'UTC' + make_interval(secs => ${sql.raw(String(PKT_OFFSET_MS / 1000))}), 'YYYY-MM-DD')`;
  const [perDay, top] = await Promise.all([
    db
      .select({
        day,
        orders: count(),
        cancelled: sql<number>`count(*) filter (where ${orders.status} = 'cancelled')::int`,
        revenue: sql<string>`coalesce(sum(${orders.total}) filter (where ${orders.status} <> 'cancelled'), 0)`,
      })
      .from(orders)
      .where(gte(orders.createdAt, since))
      .groupBy(day),
    db
      .select({
        name: orderItems.productName,
        units: sql<number>`sum(${orderItems.quantity})::int`,
        revenue: sql<string>`sum(${orderItems.lineTotal})`,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(gte(orders.createdAt, since), ne(orders.status, "cancelled")))
      .groupBy(orderItems.productName)
      .orderBy(sql`sum(${orderItems.quantity}) desc`, orderItems.productName)
      .limit(5),
  ]);
  const byDay = new Map(perDay.map((d) => [d.day, d]));
  const days = Array.from({ length: TREND_DAYS }, (_, i) => {
    const key = pakistanDay(new Date(since.getTime() + i * 24 * 60 * 60 * 1000));
    const row = byDay.get(key);
    return { day: key, orders: Number(row?.orders ?? 0), revenue: Number(row?.revenue ?? 0) };
  });
  const placed = perDay.reduce((n, d) => n + Number(d.orders), 0);
  const cancelled = perDay.reduce((n, d) => n + Number(d.cancelled), 0);
  return {
    days,
    top: top.map((t) => ({ name: t.name, units: Number(t.units), revenue: Number(t.revenue) })),
    placed,
    cancelled,
    cancelledShare: placed ? cancelled / placed : 0,
  };
}

/** Days the returned share looks back over: a parcel comes back days or weeks after it was placed. */
const RETURNS_DAYS = 90;

/** At most this many cities (the busiest first) in the returned share by city. */
const RETURNS_ROWS = 10;

export interface ReturnShare {
  name: string;
  /** Orders that left the shop (Shipped, Completed or Returned). */
  dispatched: number;
  returned: number;
  share: number;
}

/**
 * Of the orders placed in the last 90 days that left the shop (Shipped, Completed or Returned), the
 * share that came back, by city (the busiest ten) and by courier (a courier's spellings counted as
 * one, couriers.ts).
 */
export async function returnShares(db: Db, now = new Date()) {
  const since = new Date(pakistanPeriodStarts(now).dayStart.getTime() - (RETURNS_DAYS - 1) * 24 * 60 * 60 * 1000);
  const left = and(gte(orders.createdAt, since), inArray(orders.status, ["shipped", "completed", "returned"]));
  const city = sql<string>`initcap(lower(trim(${orders.city})))`;
  const courier = sql<string>`coalesce(nullif(trim(${orders.courier}), ''), '')`;
  const tally = { dispatched: sql<number>`count(*)::int`, returned: sql<number>`(count(*) filter (where ${orders.status} = 'returned'))::int` };
  const [byCity, byCourierRows] = await Promise.all([
    db
      .select({ name: city, ...tally })
      .from(orders)
      .where(left)
      .groupBy(city)
      .orderBy(sql`count(*) desc`, city)
      .limit(RETURNS_ROWS),
    db
      .select({ name: courier, ...tally })
      .from(orders)
      .where(left)
      .groupBy(courier),
  ]);
  const couriers = new Map<string, { dispatched: number; returned: number }>();
  for (const row of byCourierRows) {
    const name = row.name ? (courierNamed(row.name)?.name ?? row.name) : "No courier recorded";
    const seen = couriers.get(name) ?? { dispatched: 0, returned: 0 };
    couriers.set(name, { dispatched: seen.dispatched + Number(row.dispatched), returned: seen.returned + Number(row.returned) });
  }
  const share = (name: string, t: { dispatched: number; returned: number }): ReturnShare => ({
    name,
    dispatched: Number(t.dispatched),
    returned: Number(t.returned),
    share: Number(t.dispatched) ? Number(t.returned) / Number(t.dispatched) : 0,
  });
  return {
    days: RETURNS_DAYS,
    byCity: byCity.map((r) => share(r.name, r)),
    byCourier: [...couriers].map(([name, t]) => share(name, t)).sort((a, b) => b.dispatched - a.dispatched || a.name.localeCompare(b.name)),
  };
}
