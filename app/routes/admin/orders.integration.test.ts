import { asc, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { openDatabase } from "~/lib/db.server";
import { orderHistory, orders } from "~/lib/db/tables/orders.server";
import { products, stock, stockMovements } from "~/lib/db/tables/catalogue.server";
import { user } from "~/lib/db/tables/accounts.server";
import { placeOrder } from "~/modules/orders/orders.server";
import { changeOrderStatus, listOrders } from "~/modules/orders/admin-orders.server";
import { action, loader } from "./orders";
import { useAdminRequests } from "../../../tests/support/admin-requests";
import { answer, dataWith } from "../../../tests/support/route-answer";
import { insertProduct, testCustomer } from "../../../tests/support/fixtures";
import { testTarget, useTestDatabase } from "../../../tests/support/test-db";
import { useLiveEvents } from "../../../tests/support/live";
import { routeArgs } from "../../../tests/support/route-args";

const testDb = useTestDatabase();
const visitors = useAdminRequests(testDb);

const customer = (firstName: string, email: string) => testCustomer({ firstName, email, notes: "Call before delivery" });

let seq = 0;
async function belt(qty: number) {
  const p = await insertProduct(testDb().db, {
    name: "Formal Dress Belt",
    variants: [{ name: "Black", color: "black", price: 320000, stock: [["34", qty]] }],
  });
  const v = p.variants[0];
  return {
    productId: p.productId,
    stockId: v.stock[0].id,
    order: (quantity: number, who = "Ayesha", email = "ayesha@example.pk") =>
      placeOrder(testDb().db, {
        customer: customer(who, email),
        lines: [{ productID: p.productId, productVariantKey: `${v.id}_34`, productSize: "34", productQuantity: quantity }],
        idempotencyKey: `k-${Date.now()}-${seq++}`,
      }),
  };
}

async function qtyOf(stockId: string) {
  const [row] = await testDb().db.select({ qty: stock.qty }).from(stock).where(eq(stock.id, stockId));
  return row?.qty;
}

const post = (who: "anonymous" | "user" | "admin", form: Record<string, string>) =>
  answer(() => action(routeArgs({ request: visitors.request(who, "/admin/orders", { form }), params: {}, context: visitors.context() })));
const get = (who: "anonymous" | "user" | "admin", query = "") =>
  answer(() => loader(routeArgs({ request: visitors.request(who, `/admin/orders${query}`), params: {}, context: visitors.context() })));

const { heard } = useLiveEvents(testDb);

describe(`order status changes (${testTarget()})`, () => {
  it("cancelling gives the stock back exactly once, even when cancelled twice at the same time", async () => {
    const p = await belt(5);
    const placed = await p.order(2);
    expect(await qtyOf(p.stockId)).toBe(3);
    const results = await Promise.all([
      post("admin", { orderId: placed.id, status: "cancelled" }),
      post("admin", { orderId: placed.id, status: "cancelled" }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results.map((r) => dataWith(r, "changed").changed).sort()).toEqual([false, true]);
    expect(await qtyOf(p.stockId)).toBe(5);
    expect(await post("admin", { orderId: placed.id, status: "cancelled" })).toMatchObject({ data: { ok: true, changed: false } });
    expect(await qtyOf(p.stockId)).toBe(5);
    const moves = await testDb().db.select().from(stockMovements).where(eq(stockMovements.orderId, placed.id));
    expect(moves.map((m) => [m.reason, m.delta]).sort()).toEqual([
      ["cancel", 2],
      ["order", -2],
    ]);
  });

  it("leaving 'cancelled' takes the stock again, or refuses and names the item when too little is left", async () => {
    const p = await belt(3);
    const first = await p.order(2);
    await post("admin", { orderId: first.id, status: "cancelled" });
    expect(await qtyOf(p.stockId)).toBe(3);
    await p.order(2); // Someone else buys while it is cancelled: 1 left.
    const refused = await post("admin", { orderId: first.id, status: "confirmed" });
    expect(refused.status).toBe(409);
    expect(refused.data).toEqual({
      ok: false,
      message: "Error updating order status: Not enough stock: Formal Dress Belt (black, size 34) has 1 left and the order needs 2.",
    });
    const [still] = await testDb().db.select({ status: orders.status }).from(orders).where(eq(orders.id, first.id));
    expect(still.status).toBe("cancelled");
    expect(await qtyOf(p.stockId)).toBe(1);

    const p2 = await belt(4);
    const second = await p2.order(3);
    await post("admin", { orderId: second.id, status: "cancelled" });
    expect(await post("admin", { orderId: second.id, status: "shipped", courier: "TCS", trackingNumber: "CN-2" })).toMatchObject({
      status: 200,
      data: { ok: true, changed: true },
    });
    expect(await qtyOf(p2.stockId)).toBe(1);
  });

  it("the stock trail names the staff member who cancelled or reinstated an order", async () => {
    const [{ id: staffId }] = await testDb().db.select({ id: user.id }).from(user).where(eq(user.email, "staff@example.pk"));
    const p = await belt(5);
    const placed = await p.order(2);
    await post("admin", { orderId: placed.id, status: "cancelled" });
    await post("admin", { orderId: placed.id, status: "confirmed" });
    const moves = await testDb()
      .db.select({ reason: stockMovements.reason, delta: stockMovements.delta, changedBy: stockMovements.changedBy })
      .from(stockMovements)
      .where(eq(stockMovements.orderId, placed.id))
      .orderBy(asc(stockMovements.createdAt));
    expect(moves).toEqual([
      { reason: "order", delta: -2, changedBy: null },
      { reason: "cancel", delta: 2, changedBy: staffId },
      { reason: "reinstate", delta: -2, changedBy: staffId },
    ]);
  });

  it("a cancelled order whose product was deleted cannot come back, and says why", async () => {
    const p = await belt(2);
    const placed = await p.order(1);
    await post("admin", { orderId: placed.id, status: "cancelled" });
    await testDb().db.delete(products).where(eq(products.id, p.productId));
    const refused = await post("admin", { orderId: placed.id, status: "completed" });
    expect(refused.status).toBe(409);
    expect(dataWith(refused, "message").message).toBe(
      "Error updating order status: Formal Dress Belt (black, size 34) is no longer in the catalogue, so its stock cannot be taken again.",
    );
  });

  it("records who changed what and when, keeps courier and CN for a shipped order, and shows it all in the detail", async () => {
    const p = await belt(5);
    const placed = await p.order(1, "Bilal", "bilal@example.pk");
    const shipped = await post("admin", { orderId: placed.id, status: "shipped", courier: " TCS ", trackingNumber: "CN-778812" });
    expect(shipped.data).toMatchObject({ ok: true, changed: true });
    const { detail } = dataWith(await get("admin", `?order=${placed.id}`), "detail");
    if (!detail) throw new Error("The order has no detail.");
    expect(detail).toMatchObject({
      status: "shipped",
      courier: "TCS",
      trackingNumber: "CN-778812",
      notes: "Call before delivery",
      phone: "03001234567",
    });
    expect(detail.updatedAt).not.toBeNull();
    expect(detail.items).toEqual([
      expect.objectContaining({ productName: "Formal Dress Belt", color: "black", size: "34", quantity: 1, lineTotal: 320000 }),
    ]);
    expect(
      detail.history.map((h: { fromStatus: string | null; toStatus: string; by: string; note: string }) => [h.fromStatus, h.toStatus, h.by, h.note]),
    ).toEqual([
      [null, "confirmed", "Customer", "Order placed"],
      ["confirmed", "shipped", "staff@example.pk", "Courier: TCS · CN: CN-778812"],
    ]);
    const [row] = await testDb().db.select().from(orderHistory).where(eq(orderHistory.toStatus, "shipped"));
    expect(row.changedBy).toBeTruthy();
  });

  it("announces every placed order and status change to the open lists", async () => {
    const p = await belt(5);
    const placed = await p.order(1);
    await post("admin", { orderId: placed.id, status: "completed" });
    await vi.waitFor(() => expect(heard.filter((e) => e.topic === "orders" && e.id === placed.id)).toHaveLength(2));
  });

  it("refuses an unknown status or order with the exact message (docs/product.md)", async () => {
    const p = await belt(1);
    const placed = await p.order(1);
    expect(await post("admin", { orderId: placed.id, status: "lost" })).toMatchObject({
      status: 400,
      data: { ok: false, message: "Error updating order status: Please choose a status." },
    });
    expect(await post("admin", { orderId: "no-such-order", status: "shipped" })).toMatchObject({
      status: 404,
      data: { ok: false, message: "Error updating order status: This order no longer exists." },
    });
  });

  it("moves ticked orders to one status through the same rules, but never to Shipped, which needs each order's CN", async () => {
    const p = await belt(3);
    const placed = await p.order(1);
    expect(await post("admin", { intent: "bulk-status", ids: placed.id, status: "shipped" })).toMatchObject({
      status: 400,
      data: {
        ok: false,
        message: "Error updating order status: Shipped needs each order's courier and CN: ship orders one at a time from their row.",
      },
    });
    const [still] = await testDb().db.select({ status: orders.status }).from(orders).where(eq(orders.id, placed.id));
    expect(still.status).toBe("confirmed");
    expect(await post("admin", { intent: "bulk-status", ids: placed.id, status: "cancelled" })).toMatchObject({
      status: 200,
      data: { ok: true, bulk: { changed: [placed.orderNumber] } },
    });
    expect(await qtyOf(p.stockId)).toBe(3);
  });

  it("refuses every visitor who is not staff, and changes nothing", async () => {
    const p = await belt(3);
    const placed = await p.order(1);
    expect(await get("anonymous")).toMatchObject({ status: 302, location: "/login" });
    expect(await get("user")).toMatchObject({ status: 302, location: "/" });
    expect(await post("anonymous", { orderId: placed.id, status: "cancelled" })).toMatchObject({ status: 302, location: "/login" });
    expect(await post("user", { orderId: placed.id, status: "cancelled" })).toMatchObject({ status: 302, location: "/" });
    const [row] = await testDb().db.select({ status: orders.status }).from(orders).where(eq(orders.id, placed.id));
    expect(row.status).toBe("confirmed");
    expect(await qtyOf(p.stockId)).toBe(2);
  });

  it("two staff cancelling the same order at once give the stock back once (two app instances on PostgreSQL)", async () => {
    const p = await belt(6);
    const placed = await p.order(4);
    // On PostgreSQL a second pool, as a second app instance would have: the order row lock decides.
    // The embedded database has one connection that runs transactions one after the other: there the
    // test holds the change to one transaction (read and write apart, both would give stock back).
    const other = testDb().url ? await openDatabase({ databaseUrl: testDb().url! }) : undefined;
    try {
      const results = await Promise.all([
        changeOrderStatus(testDb().db, { orderId: placed.id, to: "cancelled", by: "a" }),
        changeOrderStatus((other ?? testDb()).db, { orderId: placed.id, to: "cancelled", by: "b" }),
      ]);
      expect(results.map((r) => r.changed).sort()).toEqual([false, true]);
      expect(await qtyOf(p.stockId)).toBe(6);
      const history = await testDb().db.select().from(orderHistory).where(eq(orderHistory.orderId, placed.id));
      expect(history.filter((h) => h.toStatus === "cancelled")).toHaveLength(1);
    } finally {
      await other?.close();
    }
  });
});

describe(`the orders list (${testTarget()})`, () => {
  it("searches by order number, name, e-mail or phone number, filters by status, pages, and counts every status", async () => {
    const p = await belt(100);
    const zara = await p.order(1, "Zarafshan", "zara@example.pk");
    await p.order(1, "Omar", "omar.search@example.pk");
    const byName = await listOrders(testDb().db, { q: "zarafshan khan", status: "all", page: 1 });
    expect(byName.rows.map((r) => r.id)).toEqual([zara.id]);
    expect(byName.rows[0]).toMatchObject({ itemCount: 1, total: 336000, paymentMethod: "cod", email: "zara@example.pk" });
    expect((await listOrders(testDb().db, { q: "OMAR.SEARCH@", status: "all", page: 1 })).total).toBe(1);
    expect((await listOrders(testDb().db, { q: zara.orderNumber, status: "all", page: 1 })).rows[0].id).toBe(zara.id);
    expect((await listOrders(testDb().db, { q: "%", status: "all", page: 1 })).total).toBe(0);

    // A customer who calls gives a phone number, written any way: the order is found by it, or by
    // its alternate number.
    const caller = await p.order(1, "Caller", "caller@example.pk");
    await testDb().db.update(orders).set({ phone: "03217654321", alternatePhone: "03451112233" }).where(eq(orders.id, caller.id));
    for (const typed of ["03217654321", "0321-7654321", "+92 321 7654321", "7654321", "0345 1112233"]) {
      expect(
        (await listOrders(testDb().db, { q: typed, status: "all", page: 1 })).rows.map((r) => r.id),
        typed,
      ).toEqual([caller.id]);
    }

    const all = await listOrders(testDb().db, { q: "", status: "all", page: 1 });
    expect(all.counts.all).toBe(all.total);
    expect(all.counts.all).toBe(all.counts.confirmed + all.counts.shipped + all.counts.completed + all.counts.cancelled);
    const cancelled = await listOrders(testDb().db, { q: "", status: "cancelled", page: 1 });
    expect(cancelled.rows.every((r) => r.status === "cancelled")).toBe(true);
    expect(cancelled.total).toBe(all.counts.cancelled);

    for (let i = 0; i < 26; i++) await p.order(1, "Pager", `pager${i}@example.pk`);
    const page1 = await listOrders(testDb().db, { q: "pager", status: "all", page: 1 });
    const page2 = await listOrders(testDb().db, { q: "pager", status: "all", page: 2 });
    expect([page1.rows.length, page2.rows.length, page1.pageCount]).toEqual([25, 1, 2]);
    expect(new Set([...page1.rows, ...page2.rows].map((r) => r.id)).size).toBe(26);
    expect((await listOrders(testDb().db, { q: "pager", status: "all", page: 99 })).page).toBe(2);
  });

  it("the page loader answers the list, and an unknown order in the address is not a crash", async () => {
    const result = await get("admin", "?status=bogus&page=-3&order=missing");
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({ status: "all", page: 1, detail: null, detailMissing: true });
  });
});
