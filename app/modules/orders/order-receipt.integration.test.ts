import { describe, expect, it } from "vitest";
import { testTarget, useTestDatabase } from "../../../tests/support/test-db";
import { insertProduct, testCustomer } from "../../../tests/support/fixtures";
import { orderByReceipt, RECEIPT_EXPIRED, receiptFor } from "./order-receipt.server";
import { RECEIPT_TTL_MS } from "./placed-order";
import { placeOrder } from "./orders.server";

const testDb = useTestDatabase();

describe(`order receipts (${testTarget()})`, () => {
  it("give the browser that placed an order its items, totals and address for an hour, and nothing to anyone with the id alone", async () => {
    const p = await insertProduct(testDb().db, { name: "Travel Duffel", variants: [{ name: "Brown", price: 1200000, stock: [["", 5]] }] });
    const v = p.variants[0];
    const placed = await placeOrder(testDb().db, {
      customer: testCustomer({ landmark: "Near the big mosque" }),
      lines: [{ productID: p.productId, productVariantKey: `${v.id}_`, productSize: "", productQuantity: 2 }],
      idempotencyKey: `receipt-${Date.now()}`,
    });
    const now = Date.now();
    const receipt = await receiptFor(testDb().db, placed.id, now);
    const order = await orderByReceipt(testDb().db, receipt, now + 1000);
    expect(order).toMatchObject({
      orderNumber: placed.orderNumber,
      items: [{ productName: "Travel Duffel", quantity: 2, lineTotal: 2400000 }],
      subtotal: 2400000,
      tax: 120000,
      shipping: 0,
      total: 2520000,
      deliverTo: { landmark: "Near the big mosque" },
    });
    expect(order.deliverTo.lines.join(" ")).toContain("Lahore");

    await expect(orderByReceipt(testDb().db, receipt, now + RECEIPT_TTL_MS + 1)).rejects.toThrow(RECEIPT_EXPIRED);
    await expect(orderByReceipt(testDb().db, placed.id, now)).rejects.toThrow(RECEIPT_EXPIRED);
    const [, expiry, mac] = receipt.split(".");
    const other = placed.id.slice(0, -1) + (placed.id.endsWith("x") ? "y" : "x");
    await expect(orderByReceipt(testDb().db, `${other}.${expiry}.${mac}`, now)).rejects.toThrow(RECEIPT_EXPIRED);
  });
});
