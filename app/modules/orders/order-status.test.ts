import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "~/lib/db/value-lists";
import { checkOrderMove, ORDER_MOVES, orderBadge, planOrderTransition, SHIPPED_NEEDS_DETAILS, statusesFrom } from "./order-status";

const SPEC_STATUSES = ["confirmed", "shipped", "completed", "cancelled"] as const;
const shippedWith = { courier: "TCS", trackingNumber: "CN-1" };
const none = { courier: null, trackingNumber: null };

describe("order status transitions", () => {
  it("lets staff set any other of the spec's statuses, as the shop works", () => {
    for (const from of SPEC_STATUSES) {
      for (const to of SPEC_STATUSES) {
        if (from !== to) expect(planOrderTransition(from, to), `${from} → ${to}`).toMatchObject({ change: true });
      }
    }
  });

  it("gives stock back on entering 'cancelled' and takes it again on leaving it", () => {
    expect(planOrderTransition("confirmed", "cancelled")).toEqual({ change: true, stock: "return" });
    expect(planOrderTransition("shipped", "cancelled")).toEqual({ change: true, stock: "return" });
    expect(planOrderTransition("completed", "cancelled")).toEqual({ change: true, stock: "return" });
    expect(planOrderTransition("cancelled", "confirmed")).toEqual({ change: true, stock: "take" });
    expect(planOrderTransition("cancelled", "shipped")).toEqual({ change: true, stock: "take" });
    expect(planOrderTransition("confirmed", "shipped")).toEqual({ change: true, stock: "none" });
    expect(planOrderTransition("shipped", "completed")).toEqual({ change: true, stock: "none" });
  });

  it("only a parcel that left can come back: Returned follows Shipped or Completed, gives the stock back, and takes it again on leaving", () => {
    expect(planOrderTransition("shipped", "returned")).toEqual({ change: true, stock: "return" });
    expect(planOrderTransition("completed", "returned")).toEqual({ change: true, stock: "return" });
    expect(planOrderTransition("confirmed", "returned")).toBeNull();
    expect(planOrderTransition("cancelled", "returned")).toBeNull();
    expect(planOrderTransition("returned", "shipped")).toEqual({ change: true, stock: "take" });
    // Neither holds stock: nothing moves between them.
    expect(planOrderTransition("returned", "cancelled")).toEqual({ change: true, stock: "none" });
    expect(statusesFrom("confirmed")).toEqual(["confirmed", "shipped", "completed", "cancelled"]);
    expect(statusesFrom("shipped")).toEqual(ORDER_STATUSES);
    expect(checkOrderMove("confirmed", "returned", shippedWith)).toEqual({ ok: false, message: "An order cannot go from Confirmed to Returned." });
  });

  it("setting the status an order already has changes nothing, so a second cancel returns nothing", () => {
    for (const s of ORDER_STATUSES) expect(planOrderTransition(s, s)).toEqual({ change: false });
  });

  it("Shipped needs a courier and a CN, whichever status the order comes from, and keeps needing them", () => {
    for (const from of [null, ...ORDER_STATUSES]) {
      expect(checkOrderMove(from, "shipped", none), String(from)).toEqual({
        ok: false,
        message: SHIPPED_NEEDS_DETAILS,
        fields: { courier: "Shipped needs the courier.", trackingNumber: "Shipped needs the tracking number (CN)." },
      });
    }
    expect(checkOrderMove("confirmed", "shipped", { courier: "TCS", trackingNumber: "  " })).toMatchObject({
      ok: false,
      fields: { trackingNumber: "Shipped needs the tracking number (CN)." },
    });
    expect(checkOrderMove("confirmed", "shipped", shippedWith)).toEqual({ ok: true, change: true, stock: "none" });
    expect(checkOrderMove("shipped", "shipped", shippedWith)).toEqual({ ok: true, change: false });
    expect(checkOrderMove("shipped", "completed", none)).toEqual({ ok: true, change: true, stock: "none" });
  });

  it("a new order's badge does not say Confirmed until someone confirmed it by phone", () => {
    expect(orderBadge("confirmed", false).label).toBe("New");
    expect(orderBadge("confirmed", true).label).toBe("Confirmed");
    expect(orderBadge("shipped", false).label).toBe("Shipped");
  });

  it("a move missing from the table is refused", () => {
    const saved = ORDER_MOVES.completed.confirmed;
    delete ORDER_MOVES.completed.confirmed;
    try {
      expect(planOrderTransition("completed", "confirmed")).toBeNull();
      expect(checkOrderMove("completed", "confirmed", none)).toMatchObject({ ok: false });
    } finally {
      ORDER_MOVES.completed.confirmed = saved;
    }
  });
});
