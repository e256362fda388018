import { BRAND } from "~/lib/brand";
import { formatPrice } from "~/modules/catalog/pricing";

/**
 * What one cash-on-delivery order may hold (docs/decisions/0046). An order is placed on trust and
 * takes its stock at once: these keep one order from taking a shelf. Larger orders are a phone
 * call. Pure, so the cart and the product page show the same numbers the server enforces.
 */
export const ORDER_CAPS = {
  /** Units of one item (one product, colour and size). */
  itemsPerLine: 10,
  /** Different items. */
  lines: 10,
  /** Units in all. */
  itemsPerOrder: 20,
  /** What the order is worth, tax included, in paisa: PKR 150,000. */
  valuePerOrder: 15_000_000,
} as const;

const CALL_US = `For a larger order, please call us on ${BRAND.phone}.`;

export const ORDER_CAP_MESSAGES = {
  itemsPerLine: `One order can hold at most ${ORDER_CAPS.itemsPerLine} of one item. ${CALL_US}`,
  lines: `One order can hold at most ${ORDER_CAPS.lines} different items. ${CALL_US}`,
  itemsPerOrder: `One order can hold at most ${ORDER_CAPS.itemsPerOrder} items. ${CALL_US}`,
  valuePerOrder: `One order can be worth at most ${formatPrice(ORDER_CAPS.valuePerOrder)}. ${CALL_US}`,
} as const;

/** The units of an order's lines: in all, and per item (the same item on two lines is one item). */
export function orderItems(lines: { productID: string; productVariantKey: string; productSize: string; productQuantity: number }[]) {
  const perItem = new Map<string, number>();
  for (const l of lines) {
    const key = `${l.productID}|${l.productVariantKey}|${l.productSize}`;
    perItem.set(key, (perItem.get(key) ?? 0) + l.productQuantity);
  }
  return { total: [...perItem.values()].reduce((a, b) => a + b, 0), perItem: [...perItem.values()] };
}

/** The first cap an order's lines break (before prices are known), as the text to show; null when none. */
export function orderCapProblem(lines: Parameters<typeof orderItems>[0]): string | null {
  const { total, perItem } = orderItems(lines);
  if (perItem.length > ORDER_CAPS.lines) return ORDER_CAP_MESSAGES.lines;
  if (perItem.some((n) => n > ORDER_CAPS.itemsPerLine)) return ORDER_CAP_MESSAGES.itemsPerLine;
  if (total > ORDER_CAPS.itemsPerOrder) return ORDER_CAP_MESSAGES.itemsPerOrder;
  return null;
}
