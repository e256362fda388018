import { describe, expect, it } from "vitest";
import type { CartLine } from "~/modules/cart/cart-line";
import type { PricedLine } from "~/modules/cart/cart-line";
import { unitPriceOf, type CartRow } from "./use-cart";

const line: CartLine = {
  productID: "p1",
  productVariantKey: "v1_34",
  productSize: "34",
  productQuantity: 2,
  productName: "Formal Dress Belt",
  productPrice: 3200,
  productDiscountPrice: 2800,
  productImage: "",
  productColor: "brown",
};
const row = (priced?: Partial<PricedLine>): CartRow => ({ line, priced: priced as PricedLine | undefined, problem: null });

describe("a cart line's unit price", () => {
  it("is the price stored with the line until the server has answered, never 0", () => {
    expect(unitPriceOf(row())).toBe(280000);
    expect(unitPriceOf({ ...row(), line: { ...line, productDiscountPrice: null } })).toBe(320000);
  });

  it("is the server's price once it has answered, and none for an item the shop no longer has", () => {
    expect(unitPriceOf(row({ found: true, unitPrice: 300000 }))).toBe(300000);
    expect(unitPriceOf(row({ found: false }))).toBeNull();
  });
});
