import { and, count, desc, gte, ne, sql } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { categories, orders, orderStatuses, products } from "~/lib/schema.server";

/** Start of the day and of the month in Pakistan time (UTC+5, no daylight saving). */
export function pakistanPeriodStarts(now: Date) {
  const offset = 5 * 60 * 60 * 1000;
  const local = new Date(now.getTime() + offset);
  const day = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - offset;
  const month = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - offset;
  return { dayStart: new Date(day), monthStart: new Date(month) };
}

export async function dashboardSummary(db: Db, now = new Date()) {
  const { dayStart, monthStart } = pakistanPeriodStarts(now);
  const value = (since: Date) =>
    db
      .select({ total: sql<string>`coalesce(sum(${orders.total}), 0)` })
      .from(orders)
      .where(and(gte(orders.createdAt, since), ne(orders.status, "cancelled")));
  const [[p], [c], byStatus, [today], [month], latest] = await Promise.all([
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
  ]);
  const statusCounts = Object.fromEntries(orderStatuses.map((s) => [s, 0])) as Record<(typeof orderStatuses)[number], number>;
  for (const row of byStatus) statusCounts[row.status] = Number(row.n);
  return {
    products: Number(p.n),
    categories: Number(c.n),
    orders: statusCounts,
    todayValue: Number(today.total),
    monthValue: Number(month.total),
    latest: latest.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })),
  };
}
