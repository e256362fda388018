import { describe, expect, it } from "vitest";
import type { CartLine } from "~/modules/cart/cart-line";
import { MAX_CART_LINES } from "~/modules/cart/cart.schema";
import { mergeIntoCart, reorderChangeText, reorderLine } from "./reorder";

const line = (id: string, quantity: number): CartLine => ({
  productID: id,
  productVariantKey: `${id}-v_`,
  productSize: "",
  productQuantity: quantity,
  productName: id,
  productPrice: 1000,
  productDiscountPrice: null,
  productImage: "",
  productColor: "tan",
});

describe("reorder", () => {
  it("takes what is left, at most 10 of a line, and names each change", () => {
    expect(reorderLine({ item: "Wallet (tan)", ordered: 2, paid: 250_000, today: { unitPrice: 250_000, available: 9 } })).toEqual({
      quantity: 2,
      changes: [],
    });
    expect(reorderLine({ item: "Wallet (tan)", ordered: 3, paid: 250_000, today: { unitPrice: 275_000, available: 1 } })).toEqual({
      quantity: 1,
      changes: [
        { kind: "fewer", item: "Wallet (tan)", ordered: 3, left: 1 },
        { kind: "price", item: "Wallet (tan)", paid: 250_000, now: 275_000 },
      ],
    });
    expect(reorderLine({ item: "Wallet (tan)", ordered: 2, paid: 1, today: { unitPrice: 1, available: 0 } }).quantity).toBe(0);
    expect(reorderLine({ item: "Wallet (tan)", ordered: 2, paid: 1, today: null })).toEqual({
      quantity: 0,
      changes: [{ kind: "gone", item: "Wallet (tan)" }],
    });
  });

  it("says what changed in words a shopper reads", () => {
    expect(reorderChangeText({ kind: "price", item: "Wallet (tan)", paid: 250_000, now: 275_000 })).toBe(
      "Wallet (tan): now PKR 2,750.00 each (you paid PKR 2,500.00).",
    );
    expect(reorderChangeText({ kind: "fewer", item: "Bag (black)", ordered: 3, left: 2 })).toBe(
      "Bag (black): only 2 left, so your cart has 2 (you ordered 3).",
    );
    expect(reorderChangeText({ kind: "gone", item: "Belt" })).toBe("Belt: no longer sold, so it is not in your cart.");
    expect(reorderChangeText({ kind: "sold-out", item: "Belt" })).toBe("Belt: sold out, so it is not in your cart.");
  });

  it("joins the cart without doubling a line already there, and never past the cart's line limit", () => {
    const cart = [line("a", 5), line("b", 1)];
    expect(mergeIntoCart(cart, [line("b", 2), line("c", 1)]).map((l) => [l.productID, l.productQuantity])).toEqual([
      ["a", 5],
      ["b", 2],
      ["c", 1],
    ]);
    expect(cart[1].productQuantity).toBe(1);
    const full = Array.from({ length: MAX_CART_LINES }, (_, i) => line(`x${i}`, 1));
    expect(mergeIntoCart(full, [line("new", 1)])).toHaveLength(MAX_CART_LINES);
  });
});
