import { ORDER_STATUSES, type OrderStatus } from "~/lib/db/value-lists";

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  confirmed: "Confirmed",
  shipped: "Shipped",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** Badge colours (docs/product.md#order-statuses): confirmed blue, shipped yellow, completed green, cancelled red. */
export const ORDER_STATUS_BADGES: Record<OrderStatus, string> = {
  confirmed: "bg-blue-100 text-blue-900",
  shipped: "bg-yellow-100 text-yellow-900",
  completed: "bg-green-100 text-green-900",
  cancelled: "bg-red-100 text-red-900",
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** What a status change does to the stock the order holds. */
export type StockEffect = "none" | "return" | "take";

/**
 * Every move staff may make, and its effect on stock. Staff may set any status at any time (the
 * shop's way of working: a courier returns a parcel, a cancelled order is revived by phone), but a
 * cancelled order holds no stock: leaving 'cancelled' takes it again, entering it gives it back.
 */
export const ORDER_MOVES: Record<OrderStatus, Partial<Record<OrderStatus, StockEffect>>> = {
  confirmed: { shipped: "none", completed: "none", cancelled: "return" },
  shipped: { confirmed: "none", completed: "none", cancelled: "return" },
  completed: { confirmed: "none", shipped: "none", cancelled: "return" },
  cancelled: { confirmed: "take", shipped: "take", completed: "take" },
};

export type OrderTransition = { change: false } | { change: true; stock: StockEffect };

/**
 * The one place that decides an order status change. Setting the status it already has changes
 * nothing (so cancelling twice gives the stock back once); a move not in the table is refused.
 */
export function planOrderTransition(from: OrderStatus, to: OrderStatus): OrderTransition | null {
  if (from === to) return { change: false };
  const stock = ORDER_MOVES[from][to];
  return stock ? { change: true, stock } : null;
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
