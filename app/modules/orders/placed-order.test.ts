import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { keepPlacedOrder, placedOrderOfThisTab, RECEIPT_TTL_MS } from "./placed-order";

/** A tab's sessionStorage, as the browser has it. */
function tabStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe("the order a tab placed, kept for its confirmation", () => {
  beforeEach(() => vi.stubGlobal("sessionStorage", tabStorage()));
  afterEach(() => vi.unstubAllGlobals());

  const order = { orderId: "ORD-1764300000000", orderTotal: 3675, storedOrderId: "o1", receipt: "o1.123.mac" };

  it("is read back as it was kept, while its receipt lasts, and not after", () => {
    keepPlacedOrder(order, 1_000);
    expect(placedOrderOfThisTab(1_000 + RECEIPT_TTL_MS - 1)).toEqual(order);
    expect(placedOrderOfThisTab(1_000 + RECEIPT_TTL_MS)).toBeNull();
  });

  it("a later order takes the place of the earlier one", () => {
    keepPlacedOrder(order, 1_000);
    keepPlacedOrder({ orderId: "ORD-1764300000001", orderTotal: 1050 }, 2_000);
    expect(placedOrderOfThisTab(3_000)).toEqual({ orderId: "ORD-1764300000001", orderTotal: 1050 });
  });

  it("nothing kept, something else under its name, or a time to come: no order", () => {
    expect(placedOrderOfThisTab()).toBeNull();
    sessionStorage.setItem("shop:placed-order", "{not json");
    expect(placedOrderOfThisTab()).toBeNull();
    sessionStorage.setItem("shop:placed-order", JSON.stringify({ orderId: 42, placedAt: 1 }));
    expect(placedOrderOfThisTab(2)).toBeNull();
    keepPlacedOrder(order, 5_000);
    expect(placedOrderOfThisTab(4_000)).toBeNull();
  });

  it("a browser that refuses storage: keeping does not fail the checkout, and nothing is read", () => {
    vi.stubGlobal("sessionStorage", {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
    });
    expect(() => keepPlacedOrder(order)).not.toThrow();
    expect(placedOrderOfThisTab()).toBeNull();
  });
});
