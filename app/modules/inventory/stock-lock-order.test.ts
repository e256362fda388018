import { describe, expect, it } from "vitest";
import { newId } from "~/lib/ids";
import { compareStockIds, inStockLockOrder } from "./stock-lock-order";

describe("the stock lock order", () => {
  it("orders ids the same way whatever order they come in, and leaves the input alone", () => {
    const ids = Array.from({ length: 200 }, () => newId());
    const sorted = inStockLockOrder(ids, (id) => id);
    expect(inStockLockOrder([...ids].reverse(), (id) => id)).toEqual(sorted);
    expect(sorted).not.toBe(ids);
    for (let i = 1; i < sorted.length; i++) expect(compareStockIds(sorted[i - 1], sorted[i])).toBeLessThanOrEqual(0);
  });

  it("keeps the order stock rows have always been locked in (localeCompare, letter case apart from the letter)", () => {
    expect(inStockLockOrder(["b", "B", "a", "A", "1", "Z"], (id) => id)).toEqual(["1", "a", "A", "b", "B", "Z"]);
  });

  it("puts lines without a stock row (a size since deleted) first, as they lock nothing", () => {
    const lines = [{ stockId: "b" }, { stockId: null }, { stockId: "a" }];
    expect(inStockLockOrder(lines, (l) => l.stockId)).toEqual([{ stockId: null }, { stockId: "a" }, { stockId: "b" }]);
  });
});
