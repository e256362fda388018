import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { DomainError } from "~/lib/errors";
import { orders } from "~/lib/db/tables/orders.server";
import { rateLimits } from "~/lib/db/tables/site.server";
import { testTarget, useTestDatabase } from "../../../tests/support/test-db";
import { insertProduct, testCustomer } from "../../../tests/support/fixtures";
import { changeOrderStatus } from "./admin-orders.server";
import { placeOrder } from "./orders.server";
import { ORDER_NOT_FOUND_FOR_PHONE, trackOrder, TRACK_LIMIT } from "./order-tracking.server";
import { trackOrderSchema } from "./order-tracking.schema";

let seq = 0;

const testDb = useTestDatabase();

async function anOrder(phone = "0300 1234567", alternatePhone = "") {
  const p = await insertProduct(testDb().db, { name: "Bifold Wallet", variants: [{ name: "Brown", price: 250000, stock: [["", 50]] }] });
  const v = p.variants[0];
  return placeOrder(testDb().db, {
    customer: testCustomer({ phone, alternatePhone }),
    lines: [{ productID: p.productId, productVariantKey: `${v.id}_`, productSize: "", productQuantity: 1 }],
    idempotencyKey: `track-${Date.now()}-${seq++}`,
  });
}

const ask = (orderNumber: string, phone: string, address = `10.9.0.${seq++}`) =>
  trackOrder(testDb().db, trackOrderSchema.parse({ orderNumber, phone }), address);

describe(`tracking an order (${testTarget()})`, () => {
  it("answers the status, the timeline and the parcel link to whoever has the number and the phone, and nothing else of the order", async () => {
    const placed = await anOrder();
    const confirmed = await ask(placed.orderNumber, "+92 300 1234567");
    expect(confirmed).toMatchObject({ orderNumber: placed.orderNumber, status: "confirmed", statusLabel: "Confirmed", parcel: null });
    expect(confirmed.timeline.map((t) => t.label)).toEqual(["Confirmed"]);

    await changeOrderStatus(testDb().db, { orderId: placed.id, to: "shipped", by: "staff@example.pk", courier: "TCS", trackingNumber: "7731234567" });
    const shipped = await ask(placed.orderNumber.slice(4), "03001234567");
    expect(shipped.status).toBe("shipped");
    expect(shipped.timeline.map((t) => t.label)).toEqual(["Confirmed", "Shipped"]);
    expect(shipped.parcel).toEqual({ courier: "TCS", cn: "7731234567", url: "https://www.tcsexpress.com/track/7731234567" });
    // Only what the page shows: no name, address, e-mail, items or totals.
    expect(Object.keys(shipped).sort()).toEqual(["orderNumber", "parcel", "placedAt", "status", "statusLabel", "timeline"]);
    expect(JSON.stringify(shipped)).not.toMatch(/Lahore|@|Bifold|2500/);

    // A CN corrected later is not a new step, and the link follows the new CN.
    await changeOrderStatus(testDb().db, { orderId: placed.id, to: "shipped", by: "staff@example.pk", courier: "Leopards", trackingNumber: "LE-1" });
    const corrected = await ask(placed.orderNumber, "03001234567");
    expect(corrected.timeline.map((t) => t.label)).toEqual(["Confirmed", "Shipped"]);
    expect(corrected.parcel).toEqual({ courier: "Leopards", cn: "LE-1", url: "https://www.leopardscourier.com/tracking?cn=LE-1" });
  });

  it("finds the order by the alternate phone too, and gives one answer for a wrong number or a wrong phone", async () => {
    const placed = await anOrder("03001112222", "03215556666");
    expect((await ask(placed.orderNumber, "0321-5556666")).status).toBe("confirmed");
    const wrongPhone = ask(placed.orderNumber, "03009999999");
    await expect(wrongPhone).rejects.toBeInstanceOf(DomainError);
    await expect(wrongPhone).rejects.toThrow(ORDER_NOT_FOUND_FOR_PHONE);
    await expect(ask("ORD-1000000000000", "03001112222")).rejects.toThrow(ORDER_NOT_FOUND_FOR_PHONE);
  });

  it("counts every look-up from an address before answering, found or not, and refuses past the limit with the wait", async () => {
    const placed = await anOrder("03007778888");
    const address = "10.77.0.1";
    await testDb().db.delete(rateLimits);
    const answers = await Promise.allSettled(
      Array.from({ length: TRACK_LIMIT.limit + 5 }, (_, i) => ask(i % 2 ? placed.orderNumber : "ORD-1000000000001", "03007778888", address)),
    );
    const refused = answers.filter((a) => a.status === "rejected" && (a.reason as DomainError).code === "TOO_MANY_REQUESTS");
    expect(refused).toHaveLength(5);
    expect(((refused[0] as PromiseRejectedResult).reason as DomainError).message).toMatch(
      /^Too many look-ups from your network in a short time\. Please wait \d+ minutes? and try again\.$/,
    );
    // Another address is not held up.
    expect((await ask(placed.orderNumber, "03007778888", "10.77.0.2")).status).toBe("confirmed");
  });

  it("reads order numbers and phones as people type them, and refuses what cannot be either", () => {
    expect(trackOrderSchema.parse({ orderNumber: " ord 1763900000000 ", phone: "+92 300 1234567" })).toEqual({
      orderNumber: "ORD-1763900000000",
      phone: "03001234567",
    });
    expect(trackOrderSchema.safeParse({ orderNumber: "", phone: "" }).error?.issues[0].message).toBe(
      "Please enter your order number and phone number.",
    );
    expect(trackOrderSchema.safeParse({ orderNumber: "ORD-12", phone: "03001234567" }).error?.issues[0].message).toMatch(
      /^Please enter the order number/,
    );
    expect(trackOrderSchema.safeParse({ orderNumber: "ORD-1763900000000", phone: "12345" }).error?.issues[0].message).toBe(
      "Please enter a valid Pakistani phone number (03XXXXXXXXX)",
    );
  });

  it("stores nothing about a look-up but its count", async () => {
    const placed = await anOrder("03004445555");
    const before = await testDb().db.select().from(orders).where(eq(orders.id, placed.id));
    await ask(placed.orderNumber, "03004445555");
    expect(await testDb().db.select().from(orders).where(eq(orders.id, placed.id))).toEqual(before);
  });
});
