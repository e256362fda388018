import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { orders } from "~/lib/db/tables/orders.server";
import { testTarget, useTestDatabase } from "../../../tests/support/test-db";
import { insertProduct, testCustomer } from "../../../tests/support/fixtures";
import { listLowStock, LOW_STOCK_PAGE_SIZE } from "~/modules/inventory/low-stock.server";
import { changeOrderStatus } from "./admin-orders.server";
import { pakistanDay } from "~/lib/admin-date";
import { salesTrend, TREND_DAYS } from "./order-stats.server";
import { placeOrder } from "./orders.server";

let seq = 0;

const testDb = useTestDatabase();

async function buy(name: string, price: number, quantity: number) {
  const p = await insertProduct(testDb().db, { name, variants: [{ name: "Brown", price, stock: [["", 100]] }] });
  const v = p.variants[0];
  return placeOrder(testDb().db, {
    customer: testCustomer(),
    lines: [{ productID: p.productId, productVariantKey: `${v.id}_`, productSize: "", productQuantity: quantity }],
    idempotencyKey: `stats-${Date.now()}-${seq++}`,
  });
}

describe(`the dashboard's figures (${testTarget()})`, () => {
  it("counts orders and revenue per Pakistan day over 30 days, best sellers by units, and the share cancelled", async () => {
    const a = await buy("Laptop Bag", 1000000, 1);
    await buy("Card Holder", 150000, 3);
    const c = await buy("Card Holder", 150000, 2);
    await changeOrderStatus(testDb().db, { orderId: c.id, to: "cancelled", by: "staff" });
    // An order from 40 days ago is outside the chart.
    await testDb().db.execute(sql`update ${orders} set created_at = now() - interval '40 days' where ${orders.id} = ${a.id}`);

    const trend = await salesTrend(testDb().db);
    expect(trend.days).toHaveLength(TREND_DAYS);
    const today = trend.days.at(-1)!;
    expect(today.day).toBe(pakistanDay(new Date()));
    expect(today.orders).toBe(2);
    // Revenue leaves the cancelled order out: 3 × 1,500 + 5% tax.
    expect(today.revenue).toBe(472500);
    expect(trend.days.slice(0, -1).every((d) => d.orders === 0 && d.revenue === 0)).toBe(true);
    expect(trend.top).toEqual([{ name: "Card Holder", units: 3, revenue: 450000 }]);
    expect(trend).toMatchObject({ placed: 2, cancelled: 1, cancelledShare: 0.5 });
  });

  it("pages the low-stock list instead of listing every size", async () => {
    await insertProduct(testDb().db, {
      name: "Nearly Gone Belt",
      variants: [{ name: "Black", price: 100000, stock: Array.from({ length: 23 }, (_, i) => [String(30 + i), i % 3] as [string, number]) }],
    });
    const first = await listLowStock(testDb().db, 1);
    expect(first.total).toBeGreaterThanOrEqual(23);
    expect(first.rows).toHaveLength(LOW_STOCK_PAGE_SIZE);
    expect(first.pageCount).toBe(Math.ceil(first.total / LOW_STOCK_PAGE_SIZE));
    const last = await listLowStock(testDb().db, 999);
    expect(last.page).toBe(first.pageCount);
    expect(last.rows.length).toBe(first.total - (first.pageCount - 1) * LOW_STOCK_PAGE_SIZE);
    expect(first.rows.map((r) => r.qty)).toEqual([...first.rows.map((r) => r.qty)].sort((x, y) => x - y));
  });
});
