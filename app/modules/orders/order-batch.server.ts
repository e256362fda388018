import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { toCsv } from "~/lib/csv";
import { isDomainError } from "~/lib/errors";
import { orderItems, orders } from "~/lib/db/tables.server";
import { formatAmount } from "~/modules/catalog/pricing";
import { changeOrderStatus, orderListCondition, type OrderListQuery } from "./admin-orders.server";
import type { OrderStatus } from "~/lib/db/value-lists";
import type { OrderCustomer } from "./order-customer";
import { ORDER_STATUS_LABELS } from "./order-status";

/** At most this many orders in one export, print run or status change. */
export const BATCH_LIMIT = 5000;

/** Which orders a batch acts on: those ticked in the list, or every order the list's filter finds. */
export type OrderSelection = { ids: string[] } | { query: Omit<OrderListQuery, "page"> };

/** An order as the batch tools need it: the stored order's own fields, with its items. */
export type BatchOrder = OrderCustomer &
  Pick<typeof orders.$inferSelect, "id" | "orderNumber" | "createdAt" | "status" | "subtotal" | "tax" | "total" | "courier" | "trackingNumber"> & {
    items: { productName: string; color: string; size: string; quantity: number; lineTotal: number }[];
  };

/** The selected orders with their items, newest first (ticked ones in the list's order). */
export async function ordersForBatch(db: Db, selection: OrderSelection): Promise<BatchOrder[]> {
  const where =
    "ids" in selection
      ? selection.ids.length
        ? inArray(orders.id, selection.ids.slice(0, BATCH_LIMIT))
        : eq(orders.id, "")
      : orderListCondition(selection.query);
  const rows = await db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.orderNumber)).limit(BATCH_LIMIT);
  if (rows.length === 0) return [];
  const items = await db
    .select({
      orderId: orderItems.orderId,
      productName: orderItems.productName,
      color: orderItems.color,
      size: orderItems.size,
      quantity: orderItems.quantity,
      lineTotal: orderItems.lineTotal,
    })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderItems.productName), asc(orderItems.size));
  const itemsOf = new Map<string, BatchOrder["items"]>();
  for (const { orderId, ...item } of items) itemsOf.set(orderId, [...(itemsOf.get(orderId) ?? []), item]);
  return rows.map((r) => ({ ...r, items: itemsOf.get(r.id) ?? [] }));
}

/** How an order's contents read on one line: '2 × Formal Dress Belt (Brown, 34); 1 × Card Holder'. */
export function itemsLine(items: BatchOrder["items"]): string {
  return items
    .map((i) => {
      const details = [i.color, i.size].filter(Boolean).join(", ");
      return `${i.quantity} × ${i.productName}${details ? ` (${details})` : ""}`;
    })
    .join("; ");
}

/** The orders as a spreadsheet: one row per order, cells that look like formulas made safe. */
export function ordersCsv(list: BatchOrder[]): string {
  return toCsv(
    [
      "Order number",
      "Date (PKT)",
      "Status",
      "Customer",
      "Email",
      "Phone",
      "Alternate phone",
      "Address",
      "City",
      "State/Province",
      "ZIP code",
      "Country",
      "Landmark",
      "Items",
      "Subtotal (PKR)",
      "Tax (PKR)",
      "Total (PKR)",
      "Payment",
      "Courier",
      "CN",
      "Notes",
    ],
    list.map((o) => [
      o.orderNumber,
      o.createdAt,
      ORDER_STATUS_LABELS[o.status],
      `${o.firstName} ${o.lastName}`,
      o.email,
      o.phone,
      o.alternatePhone,
      [o.streetAddress, o.apartment].filter(Boolean).join(", "),
      o.city,
      o.state,
      o.zipCode,
      o.country,
      o.landmark,
      itemsLine(o.items),
      o.subtotal / 100,
      o.tax / 100,
      o.total / 100,
      o.paymentMethod === "cod" ? "Cash on Delivery" : "Online Payment",
      o.courier,
      o.trackingNumber,
      o.notes,
    ]),
  );
}

/** The amount a courier collects on delivery: the whole total for cash on delivery, nothing otherwise. */
export function amountToCollect(order: Pick<BatchOrder, "paymentMethod" | "total">): string {
  return order.paymentMethod === "cod" ? formatAmount(order.total) : formatAmount(0);
}

/**
 * Moves each ticked order to one status through the same rules as a single change (each in its own
 * transaction, so one refusal does not undo the others); says which changed and which were refused.
 */
export async function changeStatusOfOrders(db: Db, input: { ids: string[]; to: OrderStatus; by: string }) {
  const changed: string[] = [];
  const unchanged: string[] = [];
  const refused: { orderNumber: string; reason: string }[] = [];
  const list = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(and(inArray(orders.id, input.ids.slice(0, BATCH_LIMIT))))
    .orderBy(asc(orders.createdAt));
  for (const order of list) {
    try {
      const result = await changeOrderStatus(db, { orderId: order.id, to: input.to, by: input.by });
      (result.changed ? changed : unchanged).push(order.orderNumber);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      refused.push({ orderNumber: order.orderNumber, reason: error.message });
    }
  }
  return { changed, unchanged, refused };
}
