import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "~/lib/db/value-lists";
import { ORDER_MOVES, planOrderTransition } from "./order-status";

describe("order status transitions", () => {
  it("lets staff set any other status, as the shop works", () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
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

  it("setting the status an order already has changes nothing, so a second cancel returns nothing", () => {
    for (const s of ORDER_STATUSES) expect(planOrderTransition(s, s)).toEqual({ change: false });
  });

  it("a move missing from the table is refused", () => {
    const saved = ORDER_MOVES.completed.confirmed;
    delete ORDER_MOVES.completed.confirmed;
    try {
      expect(planOrderTransition("completed", "confirmed")).toBeNull();
    } finally {
      ORDER_MOVES.completed.confirmed = saved;
    }
  });
});
