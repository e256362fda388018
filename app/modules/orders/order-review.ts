import { formatAmount } from "~/modules/catalog/pricing";

/**
 * Knowing the customer before shipping (docs/decisions/0054): what the shop has seen of an order's
 * phone number and e-mail, and the warnings it raises. Pure and browser-safe: the list, the detail
 * window and the tests share the words.
 */

/** The warnings an order not yet shipped may carry. */
export const ORDER_FLAGS = ["likely-duplicate", "past-returns", "big-first-order"] as const;
export type OrderFlag = (typeof ORDER_FLAGS)[number];

/** Two orders from one phone with the same items this close together are likely one order placed twice. */
export const DUPLICATE_WINDOW_HOURS = 24;

/** The first-order threshold when Settings has none: PKR 25,000 (in paisa). */
export const DEFAULT_FIRST_ORDER_THRESHOLD = 2_500_000;
/** The most the threshold may be: PKR 10,000,000 (in paisa). */
export const MAX_FIRST_ORDER_THRESHOLD = 1_000_000_000;

/**
 * What an order holds, as one text kept on the order (`items_key`): each line's size (or, for a
 * line sold from no size of the catalogue, its name, colour and size) and quantity, in byte order.
 * Two orders with the same text hold the same items. Migration 0010 wrote it for older orders with
 * the same formula in SQL.
 */
export function itemsKey(
  lines: ReadonlyArray<{ stockId: string | null; productName: string; color: string; size: string; quantity: number }>,
): string {
  const key = (l: (typeof lines)[number]) => l.stockId ?? `${l.productName}|${l.color}|${l.size}`;
  return [...lines]
    .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.quantity - b.quantity))
    .map((l) => `${key(l)}×${l.quantity}`)
    .join(",");
}

/** The customer's other orders placed before this one, by the same phone number or e-mail. */
export interface CustomerHistory {
  before: number;
  delivered: number;
  cancelled: number;
  returned: number;
}

export interface OrderReview {
  history: CustomerHistory;
  flags: OrderFlag[];
  /** The order numbers this one likely repeats (same phone, same items, within 24 hours). */
  duplicateOf: string[];
  /** Parcels to this phone number that came back (refused at the door, or returned), before this order. */
  phoneReturns: number;
}

export const NO_REVIEW: OrderReview = {
  history: { before: 0, delivered: 0, cancelled: 0, returned: 0 },
  flags: [],
  duplicateOf: [],
  phoneReturns: 0,
};

/** A flag's short name (chips, the filter) and the sentence that explains it (detail window). */
export function flagText(flag: OrderFlag, review: OrderReview, threshold: number): { label: string; detail: string } {
  switch (flag) {
    case "likely-duplicate":
      return {
        label: "Likely duplicate",
        detail: `Same phone and same items as ${review.duplicateOf.join(", ")}, within ${DUPLICATE_WINDOW_HOURS} hours.`,
      };
    case "past-returns":
      return {
        label: "Past returns",
        detail: `${countOf(review.phoneReturns, "parcel")} to this phone number came back before: confirm before shipping.`,
      };
    case "big-first-order":
      return { label: "Big first order", detail: `First order from this customer, above ${formatAmount(threshold)}.` };
  }
}

const countOf = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The history on one line: 'First order', or '3 orders before · 2 delivered · 1 returned'. */
export function historyLine(history: CustomerHistory): string {
  if (history.before === 0) return "First order";
  return [
    `${countOf(history.before, "order")} before`,
    `${history.delivered} delivered`,
    history.cancelled ? `${history.cancelled} cancelled` : "",
    history.returned ? `${history.returned} returned` : "",
  ]
    .filter(Boolean)
    .join(" · ");
}
