import { ORDER_STATUSES, type OrderStatus } from "~/lib/db/value-lists";

/** The stored statuses' names: the spec's words (status filter, status control, stat cards, /track, CSV). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  confirmed: "Confirmed",
  shipped: "Shipped",
  completed: "Completed",
  cancelled: "Cancelled",
  returned: "Returned",
};

/** Badge colours (docs/product.md#order-statuses): confirmed blue, shipped yellow, completed green, cancelled red; returned purple. */
export const ORDER_STATUS_BADGES: Record<OrderStatus, string> = {
  confirmed: "bg-blue-100 text-blue-900",
  shipped: "bg-yellow-100 text-yellow-900",
  completed: "bg-green-100 text-green-900",
  cancelled: "bg-red-100 text-red-900",
  returned: "bg-purple-100 text-purple-900",
};

/**
 * What the back office's badge says of an order (docs/decisions/0054). A new order is stored as
 * 'confirmed' (the spec's word), but nobody has confirmed it yet: until staff record "Confirmed by
 * phone" its badge reads "New", in grey, so it never looks as if someone had called.
 */
export function orderBadge(status: OrderStatus, confirmedByPhone: boolean): { label: string; className: string } {
  if (status === "confirmed" && !confirmedByPhone) return { label: "New", className: "bg-stone-200 text-stone-900" };
  return { label: ORDER_STATUS_LABELS[status], className: ORDER_STATUS_BADGES[status] };
}

/**
 * What a status change does to the stock the order holds: nothing, gives it back ('return'), or
 * takes it again ('take'). Cancelled and Returned orders hold no stock.
 */
export type StockEffect = "none" | "return" | "take";

/**
 * Every move staff may make, and its effect on stock. Among the spec's four statuses staff may set
 * any status at any time (the shop's way of working: a courier returns a parcel, a cancelled order is
 * revived by phone). Returned follows a parcel that left: only a Shipped or Completed order can come
 * back. A Cancelled or Returned order holds no stock: leaving either takes it again, entering
 * Cancelled gives it back, entering Returned gives it back unless staff write it off.
 */
export const ORDER_MOVES: Record<OrderStatus, Partial<Record<OrderStatus, StockEffect>>> = {
  confirmed: { shipped: "none", completed: "none", cancelled: "return" },
  shipped: { confirmed: "none", completed: "none", cancelled: "return", returned: "return" },
  completed: { confirmed: "none", shipped: "none", cancelled: "return", returned: "return" },
  cancelled: { confirmed: "take", shipped: "take", completed: "take" },
  returned: { confirmed: "take", shipped: "take", completed: "take", cancelled: "none" },
};

/** What an order carries into a move: the courier and CN it will have once moved. */
export interface OrderMoveDetails {
  courier: string | null;
  trackingNumber: string | null;
}

/** The fields a move may be refused for, each with the words staff read beside it. */
export type OrderMoveField = "courier" | "trackingNumber";

export type OrderMove =
  | { ok: true; change: false }
  | { ok: true; change: true; stock: StockEffect }
  | { ok: false; message: string; fields?: Partial<Record<OrderMoveField, string>> };

/** What a status needs before an order may have it; none of the others needs anything. */
const STATUS_NEEDS: Partial<Record<OrderStatus, (details: OrderMoveDetails) => Partial<Record<OrderMoveField, string>>>> = {
  shipped: (d) => ({
    ...(d.courier?.trim() ? {} : { courier: "Shipped needs the courier." }),
    ...(d.trackingNumber?.trim() ? {} : { trackingNumber: "Shipped needs the tracking number (CN)." }),
  }),
};

/** The sentence a refusal for missing shipping details reads as. */
export const SHIPPED_NEEDS_DETAILS = "Shipped needs a courier and a tracking number (CN).";

/**
 * The one rule for every way an order's status changes (the row, the detail window, bulk moves,
 * the import): the transition table, then what the new status needs (Shipped: a courier and a CN).
 * Setting the status an order already has changes nothing (so cancelling twice gives the stock back
 * once), but still needs what that status needs: a Shipped order cannot lose its CN.
 */
export function checkOrderMove(from: OrderStatus | null, to: OrderStatus, details: OrderMoveDetails): OrderMove {
  // A new order (from nothing, as the import makes one) has no move to check, only what its status needs.
  const plan = from === null ? { change: false as const } : planOrderTransition(from, to);
  if (!plan) return { ok: false, message: `An order cannot go from ${ORDER_STATUS_LABELS[from!]} to ${ORDER_STATUS_LABELS[to]}.` };
  const missing = STATUS_NEEDS[to]?.(details) ?? {};
  if (Object.keys(missing).length) return { ok: false, message: SHIPPED_NEEDS_DETAILS, fields: missing };
  return { ok: true, ...plan };
}

/** The transition table alone (no details): the plan of a move, or null when the table has no such move. */
export function planOrderTransition(from: OrderStatus, to: OrderStatus): { change: false } | { change: true; stock: StockEffect } | null {
  if (from === to) return { change: false };
  const stock = ORDER_MOVES[from][to];
  return stock ? { change: true, stock } : null;
}

/** The statuses an order may move to from `from` (its own included), for the status controls. */
export function statusesFrom(from: OrderStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((s) => s === from || ORDER_MOVES[from][s]);
}

/**
 * Moves that are hard to undo (cancelling gives the stock back; completing closes the order) are
 * asked about before they are made, with this question.
 */
export const ASK_BEFORE: Partial<Record<OrderStatus, { question: (orderNumber: string) => string; yes: string }>> = {
  cancelled: { question: (n) => `Cancel order ${n}? Its items go back into stock.`, yes: "Yes, cancel the order" },
  completed: {
    question: (n) => `Mark order ${n} as Completed? Do this once the customer has the parcel and has paid.`,
    yes: "Yes, mark it completed",
  },
};

/** Courier and tracking number (CN) are recorded when an order is shipped. */
export function takesShippingDetails(status: OrderStatus): boolean {
  return status === "shipped";
}

/** A returned parcel's stock goes back into its sizes, unless staff write it off (damaged, lost). */
export function takesReturnChoice(status: OrderStatus): boolean {
  return status === "returned";
}

/** What staff choose for a returned parcel's stock. */
export const RETURN_STOCK_CHOICES = ["restock", "write-off"] as const;
export type ReturnStockChoice = (typeof RETURN_STOCK_CHOICES)[number];
export const RETURN_STOCK_LABELS: Record<ReturnStockChoice, string> = {
  restock: "Put the items back into stock",
  "write-off": "Write the items off (damaged or lost)",
};
