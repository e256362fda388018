import fs from "node:fs";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderHistory, orders } from "~/lib/db/tables/orders.server";
import { stock, stockMovements } from "~/lib/db/tables/catalogue.server";
import { formatAmount } from "~/modules/catalog/pricing";
import { placeOrder } from "~/modules/orders/orders.server";
import { getOrderDetail, listOrders } from "~/modules/orders/admin-orders.server";
import { changeStatusOfOrders, orderBatches } from "~/modules/orders/order-batch.server";
import { recordConfirmationOutcome } from "~/modules/orders/order-confirmation.server";
import { dashboardSummary, returnShares } from "~/modules/orders/order-stats.server";
import { getFirstOrderThreshold, saveFirstOrderThreshold } from "~/modules/orders/order-review.server";
import { DEFAULT_FIRST_ORDER_THRESHOLD } from "~/modules/orders/order-review";
import { firstOrderThresholdSchema, orderSelectionFrom } from "~/modules/orders/admin-orders.schema";
import { callStateText } from "~/modules/orders/customer-contact";
import { runImport } from "~/modules/import/import.server";
import type { ExportData } from "~/modules/import/export-file.server";
import { action, loader } from "./orders";
import { loader as slipsLoader } from "./orders-slips";
import { useAdminRequests } from "../../../tests/support/admin-requests";
import { answer, dataWith } from "../../../tests/support/route-answer";
import { insertProduct, testCustomer } from "../../../tests/support/fixtures";
import { testTarget, useTestDatabase } from "../../../tests/support/test-db";
import { routeArgs } from "../../../tests/support/route-args";

/*
 * The cash-on-delivery day (issue 32, docs/decisions/0054): one status rule on every path, Returned
 * with its stock, the call state, the customer's history and flags, and a slip that adds up.
 */

const testDb = useTestDatabase();
const visitors = useAdminRequests(testDb);

const post = (form: Record<string, string>) =>
  answer(() => action(routeArgs({ request: visitors.request("admin", "/admin/orders", { form }), params: {}, context: visitors.context() })));
const list = (query: string) =>
  answer(() => loader(routeArgs({ request: visitors.request("admin", `/admin/orders${query}`), params: {}, context: visitors.context() })));

let seq = 0;
/** A product with one size; `order` places an order of it for a customer (phone and e-mail of their own unless given). */
async function product(name: string, price: number, qty = 50) {
  const p = await insertProduct(testDb().db, { name, variants: [{ name: "Brown", color: "brown", price, stock: [["M", qty]] }] });
  const v = p.variants[0];
  return {
    stockId: v.stock[0].id,
    /** How a cart line names this product's size M. */
    line: (productQuantity: number) => ({ productID: p.productId, productVariantKey: `${v.id}_M`, productSize: "M", productQuantity }),
    order: (who: { phone?: string; email?: string; city?: string } = {}, quantity = 1) =>
      placeOrder(testDb().db, {
        customer: testCustomer({ phone: who.phone ?? nextPhone(), email: who.email ?? `c${seq}@example.pk`, city: who.city ?? "Lahore" }),
        lines: [{ productID: p.productId, productVariantKey: `${v.id}_M`, productSize: "M", productQuantity: quantity }],
        idempotencyKey: `cod-${Date.now()}-${seq++}`,
      }),
  };
}
let phones = 0;
const nextPhone = () => `0345${String(1_000_000 + phones++).padStart(7, "0")}`;

const qtyOf = async (stockId: string) => (await testDb().db.select({ qty: stock.qty }).from(stock).where(eq(stock.id, stockId)))[0].qty;
const orderRow = async (id: string) => (await testDb().db.select().from(orders).where(eq(orders.id, id)))[0];
const setStatus = (id: string, status: "completed" | "cancelled" | "returned") => testDb().db.update(orders).set({ status }).where(eq(orders.id, id));
const ago = (id: string, hours: number) =>
  testDb()
    .db.update(orders)
    .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
    .where(eq(orders.id, id));

const SHIPPED_REFUSED = "Error updating order status: Shipped needs a courier and a tracking number (CN).";

describe(`one rule for every way an order's status changes (${testTarget()})`, () => {
  it("the row and the detail window: Shipped without a courier and a CN is refused with field errors, and nothing changes", async () => {
    const bag = await product("Rule Bag", 500000);
    const placed = await bag.order();
    // The row's control (no details posted) and the detail window (empty fields posted).
    for (const form of [
      { orderId: placed.id, status: "shipped" } as Record<string, string>,
      { orderId: placed.id, status: "shipped", courier: "", trackingNumber: "  " },
    ]) {
      expect(await post(form)).toMatchObject({
        status: 400,
        data: {
          ok: false,
          message: SHIPPED_REFUSED,
          fields: { courier: "Shipped needs the courier.", trackingNumber: "Shipped needs the tracking number (CN)." },
        },
      });
    }
    const onlyCourier = await post({ orderId: placed.id, status: "shipped", courier: "TCS", trackingNumber: "" });
    expect(onlyCourier.status).toBe(400);
    expect(dataWith(onlyCourier, "fields").fields).toEqual({ trackingNumber: "Shipped needs the tracking number (CN)." });
    expect(await orderRow(placed.id)).toMatchObject({ status: "confirmed", courier: null, trackingNumber: null });

    expect(await post({ orderId: placed.id, status: "shipped", courier: "TCS", trackingNumber: "CN-900" })).toMatchObject({
      status: 200,
      data: { ok: true, changed: true },
    });
    // A shipped order cannot lose its CN when the window is saved again.
    expect(await post({ orderId: placed.id, status: "shipped", courier: "TCS", trackingNumber: "" })).toMatchObject({
      status: 400,
      data: { message: SHIPPED_REFUSED },
    });
    expect(await orderRow(placed.id)).toMatchObject({ status: "shipped", courier: "TCS", trackingNumber: "CN-900" });
  });

  it("bulk moves: Shipped is refused for the ticked orders, and the shared function refuses each order without a CN", async () => {
    const bag = await product("Bulk Bag", 400000);
    const a = await bag.order();
    const b = await bag.order();
    expect(await post({ intent: "bulk-status", ids: a.id, status: "shipped" })).toMatchObject({ status: 400, data: { ok: false } });
    const result = await changeStatusOfOrders(testDb().db, { ids: [a.id, b.id], to: "shipped", by: "staff" });
    expect(result.changed).toEqual([]);
    expect(result.refused.map((r) => r.reason)).toEqual([
      "Shipped needs a courier and a tracking number (CN).",
      "Shipped needs a courier and a tracking number (CN).",
    ]);
    expect((await orderRow(a.id)).status).toBe("confirmed");
  });

  it("the import: an original order Shipped without a courier and a CN is refused that status, first time or when it changes", async () => {
    const original = JSON.parse(fs.readFileSync(path.join(process.cwd(), "tests/fixtures/original-export.json"), "utf8")) as ExportData;
    const doc = structuredClone(original.orders!.oConfirmed1) as Record<string, unknown>;
    doc.orderId = "ORD-1719000000000";
    const shippedDoc = { ...doc, orderId: "ORD-1719000000001", status: "shipped" };
    const first = await runImport(testDb().db, { orders: { oRule1: doc, oRule2: shippedDoc } });
    expect(first.adjusted.filter((a) => a.id === "oRule2").map((a) => a.reason)).toContain(
      'status "shipped" refused (Shipped needs a courier and a tracking number (CN).): imported as "confirmed"',
    );
    const byNumber = async (n: string) => (await testDb().db.select().from(orders).where(eq(orders.orderNumber, n)))[0];
    expect((await byNumber("ORD-1719000000001")).status).toBe("confirmed");

    // The original changes the first order to Shipped: refused, kept; then to Completed: taken.
    const again = await runImport(testDb().db, { orders: { oRule1: { ...doc, status: "shipped" } } });
    expect(again.adjusted.filter((a) => a.id === "oRule1").map((a) => a.reason)).toContain(
      'status "shipped" refused (Shipped needs a courier and a tracking number (CN).): kept "confirmed"',
    );
    const kept = await byNumber("ORD-1719000000000");
    expect(kept.status).toBe("confirmed");
    await runImport(testDb().db, { orders: { oRule1: { ...doc, status: "completed" } } });
    expect((await byNumber("ORD-1719000000000")).status).toBe("completed");
    const history = await testDb().db.select().from(orderHistory).where(eq(orderHistory.orderId, kept.id)).orderBy(asc(orderHistory.createdAt));
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.note])).toEqual([
      [null, "confirmed", "Imported from the original shop"],
      ["confirmed", "completed", "Changed in the original shop"],
    ]);
  });
});

describe(`a parcel that comes back (${testTarget()})`, () => {
  it("Returned puts the items back into their sizes by default, through the stock trail, and leaving it takes them again", async () => {
    const bag = await product("Return Bag", 600000, 10);
    const placed = await bag.order({}, 2);
    expect(await qtyOf(bag.stockId)).toBe(8);
    // Only a parcel that left can come back.
    expect(await post({ orderId: placed.id, status: "returned" })).toMatchObject({
      status: 400,
      data: { message: "Error updating order status: An order cannot go from Confirmed to Returned." },
    });
    await post({ orderId: placed.id, status: "shipped", courier: "Leopards", trackingNumber: "LE-1" });
    expect(await post({ orderId: placed.id, status: "returned" })).toMatchObject({ status: 200, data: { ok: true, changed: true } });
    expect(await qtyOf(bag.stockId)).toBe(10);
    const moves = await testDb()
      .db.select({ reason: stockMovements.reason, delta: stockMovements.delta })
      .from(stockMovements)
      .where(eq(stockMovements.orderId, placed.id))
      .orderBy(asc(stockMovements.createdAt));
    expect(moves).toEqual([
      { reason: "order", delta: -2 },
      { reason: "return", delta: 2 },
    ]);
    const detail = await getOrderDetail(testDb().db, placed.id);
    expect(detail.history.at(-1)).toMatchObject({ fromStatus: "shipped", toStatus: "returned", note: "Stock returned" });
    // Returned twice gives nothing back twice; sent again, the stock is taken again.
    expect(await post({ orderId: placed.id, status: "returned" })).toMatchObject({ data: { changed: false } });
    expect(await qtyOf(bag.stockId)).toBe(10);
    await post({ orderId: placed.id, status: "shipped", courier: "Leopards", trackingNumber: "LE-2" });
    expect(await qtyOf(bag.stockId)).toBe(8);
  });

  it("staff may write the returned items off instead: the stock stays as it is, and the history says so", async () => {
    const bag = await product("Damaged Bag", 600000, 10);
    const placed = await bag.order({}, 3);
    await post({ orderId: placed.id, status: "shipped", courier: "TCS", trackingNumber: "T-1" });
    expect(await post({ orderId: placed.id, status: "returned", returnStock: "write-off" })).toMatchObject({ status: 200, data: { changed: true } });
    expect(await qtyOf(bag.stockId)).toBe(7);
    expect((await getOrderDetail(testDb().db, placed.id)).history.at(-1)?.note).toBe("Items written off (not back in stock)");
    expect(await post({ orderId: placed.id, status: "returned", returnStock: "bin" })).toMatchObject({ status: 400 });
  });
});

describe(`confirmation at a glance (${testTarget()})`, () => {
  it("each order carries its call state; the list and the dashboard count the orders still to confirm", async () => {
    const bag = await product("Call Bag", 300000);
    const before = (await dashboardSummary(testDb().db)).toConfirm;
    const placed = await bag.order();
    const other = await bag.order();
    const rowOf = async (id: string) => (await listOrders(testDb().db, { q: (await orderRow(id)).orderNumber, status: "all", page: 1 })).rows[0];
    expect(callStateText((await rowOf(placed.id)).call)).toBe("Not yet called");
    expect((await dashboardSummary(testDb().db)).toConfirm).toBe(before + 2);

    await recordConfirmationOutcome(testDb().db, { orderId: placed.id, outcome: "no-answer", by: "staff" });
    await recordConfirmationOutcome(testDb().db, { orderId: placed.id, outcome: "no-answer", by: "staff" });
    expect(callStateText((await rowOf(placed.id)).call)).toBe("No answer ×2");
    await recordConfirmationOutcome(testDb().db, { orderId: placed.id, outcome: "confirmed-by-phone", by: "staff" });
    expect((await rowOf(placed.id)).call).toEqual({ outcome: "confirmed-by-phone", noAnswerCalls: 2 });
    await recordConfirmationOutcome(testDb().db, { orderId: other.id, outcome: "customer-cancelled", by: "staff" });
    expect(callStateText((await rowOf(other.id)).call)).toBe("Customer cancelled");

    expect((await dashboardSummary(testDb().db)).toConfirm).toBe(before + 1);
    const page = await list("?confirmation=pending");
    expect(page.data.counts.toConfirm).toBe(before + 1);
    expect(page.data.rows.map((r: { id: string }) => r.id)).toContain(other.id);
    expect(page.data.rows.map((r: { id: string }) => r.id)).not.toContain(placed.id);
  });
});

describe(`orders confirmed before this release (${testTarget()})`, () => {
  it("the migration takes each order's call state from its history (the last outcome, the unanswered calls counted) and writes what it holds", async () => {
    const bag = await product("Migrated Bag", 100_000);
    const placed = await bag.order();
    const untouched = await bag.order();
    for (const [note, minutes] of [
      ["No answer", 30],
      ["No answer", 20],
      ["Confirmed by phone", 10],
    ] as const) {
      await testDb()
        .db.insert(orderHistory)
        .values({ orderId: placed.id, fromStatus: "confirmed", toStatus: "confirmed", note, createdAt: new Date(Date.now() - minutes * 60_000) });
    }
    // The items' text as placing the order wrote it; the migration's must be the same.
    const { itemsKey } = await orderRow(placed.id);
    expect(itemsKey).toBe(`${bag.stockId}×1`);
    await testDb().db.update(orders).set({ itemsKey: null });
    const migration = fs.readFileSync(path.join(process.cwd(), "drizzle/0010_order_call_state_and_customer_lookups.sql"), "utf8");
    for (const backfill of migration.split("--> statement-breakpoint").filter((part) => part.includes("UPDATE")))
      await testDb().db.execute(sql.raw(backfill));
    expect(await orderRow(placed.id)).toMatchObject({ callOutcome: "confirmed-by-phone", noAnswerCalls: 2, itemsKey });
    expect(await orderRow(untouched.id)).toMatchObject({ callOutcome: null, noAnswerCalls: 0, itemsKey });
  });
});

describe(`knowing the customer before shipping (${testTarget()})`, () => {
  it("shows the customer's earlier orders by phone and by e-mail: before, delivered, cancelled, returned", async () => {
    const bag = await product("History Bag", 200000);
    const phone = nextPhone();
    const delivered = await bag.order({ phone });
    const cancelled = await bag.order({ phone });
    const returned = await bag.order({ phone: nextPhone(), email: "history@example.pk" });
    await setStatus(delivered.id, "completed");
    await setStatus(cancelled.id, "cancelled");
    await setStatus(returned.id, "returned");
    for (const [id, hours] of [
      [delivered.id, 300],
      [cancelled.id, 200],
      [returned.id, 100],
    ] as const)
      await ago(id, hours);
    const now = await bag.order({ phone, email: "history@example.pk" });
    const detail = await getOrderDetail(testDb().db, now.id);
    expect(detail.review.history).toEqual({ before: 3, delivered: 1, cancelled: 1, returned: 1 });
    // The earliest knows of none before it.
    expect((await getOrderDetail(testDb().db, delivered.id)).review.history.before).toBe(0);
  });

  it("flags a likely duplicate (same phone, same items, within 24 hours), a phone with past returns, a big first order; Needs attention lists them", async () => {
    const bag = await product("Flag Bag", 1_000_000);
    const belt = await product("Flag Belt", 100_000);
    await saveFirstOrderThreshold(testDb().db, 2_000_000); // PKR 20,000
    const phone = nextPhone();
    const first = await bag.order({ phone });
    const twice = await bag.order({ phone });
    const otherItems = await belt.order({ phone });
    const flagsOf = async (id: string) => (await getOrderDetail(testDb().db, id)).review;
    expect(await flagsOf(first.id)).toMatchObject({ flags: ["likely-duplicate"], duplicateOf: [twice.orderNumber] });
    expect(await flagsOf(twice.id)).toMatchObject({ flags: ["likely-duplicate"], duplicateOf: [first.orderNumber] });
    expect((await flagsOf(otherItems.id)).flags).toEqual([]);
    // More than 24 hours apart: no longer a likely duplicate; a cancelled twin is not one either.
    await ago(first.id, 25);
    expect((await flagsOf(twice.id)).flags).toEqual([]);

    // A parcel to this phone came back: its next order says so.
    const refusedPhone = nextPhone();
    const refused = await belt.order({ phone: refusedPhone });
    await setStatus(refused.id, "returned");
    await ago(refused.id, 48);
    const next = await belt.order({ phone: refusedPhone });
    expect(await flagsOf(next.id)).toMatchObject({ flags: ["past-returns"], phoneReturns: 1 });

    // A first order above the threshold (3 bags: PKR 31,500 with tax); the same customer's next is not a first.
    const big = await bag.order({ email: "big.first@example.pk" }, 3);
    expect((await flagsOf(big.id)).flags).toEqual(["big-first-order"]);
    const bigAgain = await bag.order({ email: "big.first@example.pk" }, 3);
    expect((await flagsOf(bigAgain.id)).flags).toEqual([]);
    // Shipped, an order has had its warning.
    await post({ orderId: next.id, status: "shipped", courier: "TCS", trackingNumber: "F-1" });
    expect((await flagsOf(next.id)).flags).toEqual([]);

    const attention = await list("?attention=flagged");
    const ids = attention.data.rows.map((r: { id: string }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([big.id]));
    expect(ids).not.toContain(next.id);
    expect(ids).not.toContain(otherItems.id);
    expect(attention.data.counts.attention).toBe(attention.data.total);
    for (const row of attention.data.rows) expect(row.review.flags.length).toBeGreaterThan(0);
    // Printing or exporting "all matching" takes the same orders.
    const exported: string[] = [];
    for await (const batch of orderBatches(testDb().db, orderSelectionFrom(new URLSearchParams("attention=flagged"))))
      exported.push(...batch.map((o) => o.id));
    expect(exported.sort()).toEqual([...ids].sort());

    // 0 flags no first order; empty brings the default back.
    await saveFirstOrderThreshold(testDb().db, 0);
    expect((await flagsOf(big.id)).flags).toEqual([]);
    await saveFirstOrderThreshold(testDb().db, null);
    expect(await getFirstOrderThreshold(testDb().db)).toBe(DEFAULT_FIRST_ORDER_THRESHOLD);
  });

  it("the threshold is typed in whole rupees; anything else is refused with a sentence", () => {
    expect(firstOrderThresholdSchema.parse({ threshold: "25,000" })).toEqual({ threshold: 2_500_000 });
    expect(firstOrderThresholdSchema.parse({ threshold: "" })).toEqual({ threshold: null });
    expect(firstOrderThresholdSchema.parse({ threshold: "0" })).toEqual({ threshold: 0 });
    for (const bad of ["-5", "12.5", "lots", "99999999999"]) expect(firstOrderThresholdSchema.safeParse({ threshold: bad }).success, bad).toBe(false);
  });

  it("the dashboard's share returned, by city and by courier (a courier's spellings as one)", async () => {
    const bag = await product("Share Bag", 100_000);
    const ship = async (city: string, courier: string, back: boolean) => {
      const placed = await bag.order({ city });
      await post({ orderId: placed.id, status: "shipped", courier, trackingNumber: `S-${seq}` });
      if (back) await post({ orderId: placed.id, status: "returned" });
    };
    await ship("Multan", "Trax", true);
    await ship("multan ", "trax sonic", false);
    await ship("Multan", "M&P", false);
    await ship("Sukkur", "M&P", true);
    const shares = await returnShares(testDb().db);
    expect(shares.byCity.find((c) => c.name === "Multan")).toEqual({ name: "Multan", dispatched: 3, returned: 1, share: 1 / 3 });
    expect(shares.byCity.find((c) => c.name === "Sukkur")).toEqual({ name: "Sukkur", dispatched: 1, returned: 1, share: 1 });
    expect(shares.byCourier.find((c) => c.name === "Trax")).toEqual({ name: "Trax", dispatched: 2, returned: 1, share: 0.5 });
    expect(shares.byCourier.find((c) => c.name === "M&P")).toEqual({ name: "M&P", dispatched: 2, returned: 1, share: 0.5 });
  });
});

describe(`the packing slip (${testTarget()})`, () => {
  it("shows the stored order's lines, subtotal, tax and shipping, which add up to the amount to collect", async () => {
    const bag = await product("Slip Bag", 90_000);
    const belt = await product("Slip Belt", 45_000);
    const placed = await placeOrder(testDb().db, {
      customer: testCustomer({ phone: nextPhone() }),
      lines: [bag.line(1), belt.line(2)],
      idempotencyKey: `slip-${seq++}`,
    });
    const stored = await orderRow(placed.id);
    const slips = await answer(() =>
      slipsLoader(routeArgs({ request: visitors.request("admin", `/admin/orders/slips?ids=${placed.id}`), params: {}, context: visitors.context() })),
    );
    const [slip] = slips.data.slips;
    expect(slip.lines.map((l: { name: string; quantity: number; lineTotal: string }) => [l.name, l.quantity, l.lineTotal])).toEqual([
      ["Slip Bag", 1, "PKR 900"],
      ["Slip Belt", 2, "PKR 900"],
    ]);
    expect(slip).toMatchObject({
      subtotal: formatAmount(stored.subtotal),
      tax: formatAmount(stored.tax),
      shipping: stored.shipping === 0 ? "Free" : formatAmount(stored.shipping),
      total: formatAmount(stored.total),
      collect: formatAmount(stored.total),
    });
    // The case: lines of PKR 1,800, 5% tax, PKR 1,890 to collect.
    expect([slip.subtotal, slip.tax, slip.collect]).toEqual(["PKR 1,800", "PKR 90", "PKR 1,890"]);
    expect(stored.subtotal + stored.tax + stored.shipping).toBe(stored.total);
  });
});
