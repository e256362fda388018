import { and, asc, desc, eq, getTableColumns, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { csvChunks, type CsvValue } from "~/lib/csv";
import { isDomainError } from "~/lib/errors";
import { orderItems, orders } from "~/lib/db/tables/orders.server";
import { formatAmount } from "~/modules/catalog/pricing";
import { colourLabel } from "~/modules/catalog/colour-label";
import { changeOrderStatus, orderListCondition, type OrderListQuery } from "./admin-orders.server";
import type { OrderStatus } from "~/lib/db/value-lists";
import type { OrderCustomer } from "./order-customer";
import { ORDER_STATUS_LABELS } from "./order-status";
import { getFirstOrderThreshold } from "./order-review.server";
import { sizeDetail } from "~/modules/catalog/size-label";

/** At most this many orders in one print run or status change (an export takes every order). */
export const BATCH_LIMIT = 5000;

/** Orders read per query while an export streams: a few hundred orders and their items in memory at a time. */
export const EXPORT_BATCH_SIZE = 500;

/** Which orders a batch acts on: those ticked in the list, or every order the list's filter finds. */
export type OrderSelection = { ids: string[] } | { query: Omit<OrderListQuery, "page"> };

/** An order as the batch tools need it: the stored order's own fields, with its items. */
export type BatchOrder = OrderCustomer &
  Pick<
    typeof orders.$inferSelect,
    "id" | "orderNumber" | "createdAt" | "status" | "subtotal" | "tax" | "shipping" | "total" | "courier" | "trackingNumber"
  > & {
    items: { productName: string; color: string; size: string; quantity: number; lineTotal: number }[];
  };

async function selectionCondition(db: Db, selection: OrderSelection) {
  // "Needs attention" depends on the first-order threshold of Settings.
  if (!("ids" in selection)) return orderListCondition(selection.query, await getFirstOrderThreshold(db));
  return selection.ids.length ? inArray(orders.id, selection.ids) : eq(orders.id, "");
}

/** Where an order stands in the lists' order (newest first): its moment exactly as stored, and its number. */
type OrderPlace = { at: string; orderNumber: string };

/**
 * Up to `limit` selected orders with their items, newest first (ticked ones in the list's order),
 * from just after `after` when given. The moment is compared as the database stores it (to the
 * microsecond; a JavaScript date keeps milliseconds), so no order is skipped or read twice.
 */
async function readOrders(db: Db, selection: OrderSelection, limit: number, after?: OrderPlace) {
  const rows = await db
    .select({ ...getTableColumns(orders), place: sql<string>`${orders.createdAt}::text` })
    .from(orders)
    .where(
      and(
        await selectionCondition(db, selection),
        after
          ? // The first test alone can use the index on the moment; the pair decides among equal moments.
            and(
              lte(orders.createdAt, sql`${after.at}::timestamptz`),
              sql`(${orders.createdAt}, ${orders.orderNumber}) < (${after.at}::timestamptz, ${after.orderNumber})`,
            )
          : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
    .limit(limit);
  if (rows.length === 0) return { list: [] as BatchOrder[], last: undefined };
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
  const lastRow = rows[rows.length - 1];
  return {
    list: rows.map(({ place: _place, ...r }): BatchOrder => ({ ...r, items: itemsOf.get(r.id) ?? [] })),
    last: { at: lastRow.place, orderNumber: lastRow.orderNumber },
  };
}

/**
 * The selected orders for a print run: at most `BATCH_LIMIT`, newest first; `more` when the
 * selection holds more than that (the caller says so instead of printing part of it).
 */
export async function ordersForBatch(db: Db, selection: OrderSelection): Promise<{ list: BatchOrder[]; more: boolean }> {
  const { list } = await readOrders(db, selection, BATCH_LIMIT + 1);
  return { list: list.slice(0, BATCH_LIMIT), more: list.length > BATCH_LIMIT };
}

/**
 * Every selected order, newest first, `batchSize` at a time: each batch is read when the previous
 * one has been used. Each batch starts after the last order of the one before (keyset), so an
 * order placed, changed or deleted meanwhile never makes another appear twice or go missing: each
 * order the selection held throughout is listed exactly once, an order placed after the export
 * began (newer than its first) not at all.
 */
export async function* orderBatches(db: Db, selection: OrderSelection, batchSize = EXPORT_BATCH_SIZE): AsyncGenerator<BatchOrder[]> {
  let after: OrderPlace | undefined;
  for (;;) {
    const { list, last } = await readOrders(db, selection, batchSize, after);
    if (list.length) yield list;
    if (list.length < batchSize || !last) return;
    after = last;
  }
}

/** How an order's contents read on one line: '2 × Formal Dress Belt (Brown, 34); 1 × Card Holder'. */
export function itemsLine(items: BatchOrder["items"]): string {
  return items
    .map((i) => {
      // The CSV names the size bare, as it always has ("Brown, 34"); an item in one size has none.
      const details = [colourLabel(i.color), sizeDetail(i.size) && i.size.trim()].filter(Boolean).join(", ");
      return `${i.quantity} × ${i.productName}${details ? ` (${details})` : ""}`;
    })
    .join("; ");
}

const ORDERS_CSV_HEADER = [
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
];

const orderCsvRow = (o: BatchOrder): CsvValue[] => [
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
];

/**
 * Every selected order as a spreadsheet, one row per order, newest first, written batch by batch
 * as it is read (cells that look like formulas made safe).
 */
export async function* ordersCsv(db: Db, selection: OrderSelection, batchSize = EXPORT_BATCH_SIZE): AsyncGenerator<string> {
  yield* csvChunks(ORDERS_CSV_HEADER, rowsOf(orderBatches(db, selection, batchSize)));
}

async function* rowsOf(batches: AsyncIterable<BatchOrder[]>) {
  for await (const batch of batches) yield batch.map(orderCsvRow);
}

/** The amount a courier collects on delivery: the whole total for cash on delivery, nothing otherwise. */
function amountToCollect(order: Pick<BatchOrder, "paymentMethod" | "total">): string {
  return order.paymentMethod === "cod" ? formatAmount(order.total) : formatAmount(0);
}

/**
 * What a packing slip says of an order's money, from the stored order (its lines as bought, its
 * subtotal, tax, shipping and total as charged): the lines, then the sums that lead to the amount
 * to collect, so the courier and the customer can add them up.
 */
export function slipAmounts(order: Pick<BatchOrder, "items" | "subtotal" | "tax" | "shipping" | "total" | "paymentMethod">) {
  return {
    lines: order.items.map((i) => ({
      name: i.productName,
      details: [colourLabel(i.color), sizeDetail(i.size)].filter(Boolean).join(" · "),
      quantity: i.quantity,
      lineTotal: formatAmount(i.lineTotal),
    })),
    subtotal: formatAmount(order.subtotal),
    tax: formatAmount(order.tax),
    shipping: order.shipping === 0 ? "Free" : formatAmount(order.shipping),
    total: formatAmount(order.total),
    collect: amountToCollect(order),
  };
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
