import { describe, expect, it } from "vitest";
import { testTarget, useTestDatabase } from "../../../tests/support/test-db";
import { insertProduct, testCustomer } from "../../../tests/support/fixtures";
import { changeOrderStatus, getOrderDetail, listOrders } from "./admin-orders.server";
import { DEFAULT_CONFIRMATION_TEMPLATE } from "./customer-contact";
import { getConfirmationTemplate, recordConfirmationOutcome, saveConfirmationTemplate } from "./order-confirmation.server";
import { placeOrder } from "./orders.server";

let seq = 0;

const testDb = useTestDatabase();

async function anOrder(firstName: string) {
  const p = await insertProduct(testDb().db, { name: "Card Holder", variants: [{ name: "Tan", price: 150000, stock: [["", 50]] }] });
  const v = p.variants[0];
  return placeOrder(testDb().db, {
    customer: testCustomer({ firstName, email: `${firstName.toLowerCase()}@example.pk` }),
    lines: [{ productID: p.productId, productVariantKey: `${v.id}_`, productSize: "", productQuantity: 2 }],
    idempotencyKey: `confirm-${Date.now()}-${seq++}`,
  });
}

const pendingNumbers = async () =>
  (await listOrders(testDb().db, { q: "", status: "all", confirmation: "pending", page: 1 })).rows.map((r) => r.orderNumber);

describe(`confirming orders with customers (${testTarget()})`, () => {
  it("records each call's outcome with who and when, and lists only orders nobody has confirmed yet", async () => {
    const first = await anOrder("Bilal");
    const second = await anOrder("Sana");
    const third = await anOrder("Omar");
    expect(await pendingNumbers()).toEqual(expect.arrayContaining([first.orderNumber, second.orderNumber, third.orderNumber]));

    await recordConfirmationOutcome(testDb().db, { orderId: first.id, outcome: "no-answer", by: "staff-1" });
    expect(await pendingNumbers()).toContain(first.orderNumber);
    await recordConfirmationOutcome(testDb().db, { orderId: first.id, outcome: "confirmed-by-phone", by: "staff-1" });
    // Shipped orders are past confirming.
    await changeOrderStatus(testDb().db, { orderId: third.id, to: "shipped", by: "staff-1", courier: "TCS", trackingNumber: "CN-3" });
    const pending = await pendingNumbers();
    expect(pending).not.toContain(first.orderNumber);
    expect(pending).not.toContain(third.orderNumber);
    expect(pending).toContain(second.orderNumber);
    const list = await listOrders(testDb().db, { q: "", status: "all", confirmation: "pending", page: 1 });
    expect(list.total).toBe(list.rows.length);

    const detail = await getOrderDetail(testDb().db, first.id);
    expect(detail.status).toBe("confirmed");
    expect(detail.history.map((h) => [h.fromStatus, h.toStatus, h.note])).toEqual([
      [null, "confirmed", "Order placed"],
      ["confirmed", "confirmed", "No answer"],
      ["confirmed", "confirmed", "Confirmed by phone"],
    ]);
  });

  it("gives each list row its items for the confirmation message", async () => {
    const placed = await anOrder("Hira");
    const { rows } = await listOrders(testDb().db, { q: placed.orderNumber, status: "all", page: 1 });
    expect(rows[0]).toMatchObject({ orderNumber: placed.orderNumber, itemCount: 2, items: [{ productName: "Card Holder", quantity: 2 }] });
  });

  it("keeps the main admins' message template, and an empty one brings the default back", async () => {
    expect(await getConfirmationTemplate(testDb().db)).toBe(DEFAULT_CONFIRMATION_TEMPLATE);
    await saveConfirmationTemplate(testDb().db, "  Salam {name}, order {orderNumber}? ");
    expect(await getConfirmationTemplate(testDb().db)).toBe("Salam {name}, order {orderNumber}?");
    await saveConfirmationTemplate(testDb().db, "Again {total}");
    expect(await getConfirmationTemplate(testDb().db)).toBe("Again {total}");
    await saveConfirmationTemplate(testDb().db, "   ");
    expect(await getConfirmationTemplate(testDb().db)).toBe(DEFAULT_CONFIRMATION_TEMPLATE);
  });

  it("refuses an outcome for an order that does not exist", async () => {
    await expect(recordConfirmationOutcome(testDb().db, { orderId: "nope", outcome: "no-answer", by: "staff-1" })).rejects.toThrow(
      "This order no longer exists.",
    );
  });
});
