import type { CartLine } from "~/modules/cart/cart-line";
import { MAX_CART_LINES } from "~/modules/cart/cart.schema";
import { formatPrice } from "~/modules/catalog/pricing";
import { ORDER_CAPS } from "./order-caps";

/**
 * Reordering (docs/decisions/0057): an earlier order's lines go back into the browser's cart at
 * today's prices and stock, and the shopper reads what changed. Pure, browser-safe: the texts, and
 * how the lines join the cart already there.
 */

export type ReorderChange =
  | { kind: "gone"; item: string }
  | { kind: "sold-out"; item: string }
  | { kind: "fewer"; item: string; ordered: number; left: number }
  | { kind: "price"; item: string; paid: number; now: number };

/** One line of an order as it was bought, and what the shop has of it today. */
export interface ReorderLine {
  item: string;
  ordered: number;
  paid: number;
  /** Today's unit price and units left; null when the shop no longer sells that variant and size. */
  today: { unitPrice: number; available: number } | null;
}

/** How many of a line go back into the cart, and what the shopper is told about it. */
export function reorderLine(line: ReorderLine): { quantity: number; changes: ReorderChange[] } {
  if (!line.today) return { quantity: 0, changes: [{ kind: "gone", item: line.item }] };
  if (line.today.available <= 0) return { quantity: 0, changes: [{ kind: "sold-out", item: line.item }] };
  const quantity = Math.min(line.ordered, line.today.available, ORDER_CAPS.itemsPerLine);
  const changes: ReorderChange[] = [];
  if (quantity < line.ordered) changes.push({ kind: "fewer", item: line.item, ordered: line.ordered, left: quantity });
  if (line.today.unitPrice !== line.paid) changes.push({ kind: "price", item: line.item, paid: line.paid, now: line.today.unitPrice });
  return { quantity, changes };
}

export const REORDER_ALL_SAME = "Everything from this order is in your cart, at the same prices.";
export const REORDER_NOTHING = "Nothing from this order can be bought today, so your cart is as it was.";

/** What the shopper reads about one change. */
export function reorderChangeText(change: ReorderChange): string {
  switch (change.kind) {
    case "gone":
      return `${change.item}: no longer sold, so it is not in your cart.`;
    case "sold-out":
      return `${change.item}: sold out, so it is not in your cart.`;
    case "fewer":
      return `${change.item}: only ${change.left} left, so your cart has ${change.left} (you ordered ${change.ordered}).`;
    case "price":
      return `${change.item}: now ${formatPrice(change.now)} each (you paid ${formatPrice(change.paid)}).`;
  }
}

/**
 * The cart after a reorder: a line already in the cart takes the reordered quantity (so pressing
 * Reorder twice does not double it), a new one is added at the end, up to the cart's line limit.
 */
export function mergeIntoCart(cart: CartLine[], reordered: CartLine[]): CartLine[] {
  const next = cart.map((l) => ({ ...l }));
  for (const line of reordered) {
    const same = next.find((l) => l.productID === line.productID && l.productVariantKey === line.productVariantKey);
    if (same) Object.assign(same, line);
    else if (next.length < MAX_CART_LINES) next.push({ ...line });
  }
  return next;
}
