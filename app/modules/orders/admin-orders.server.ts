import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { orderHistory, orderItems, orders } from "~/lib/db/tables/orders.server";
import { stock, stockMovements } from "~/lib/db/tables/catalogue.server";
import { user } from "~/lib/db/tables/accounts.server";
import { likePattern } from "~/lib/sql-like";
import { pageOf } from "~/lib/paging";
import { inStockLockOrder } from "~/modules/inventory/stock-lock-order";
import { takeStock } from "~/modules/inventory/stock-take.server";
import { publishChange } from "~/modules/live/live-events.server";
import { awaitingConfirmation } from "./order-confirmation.server";
import { ORDER_STATUSES, type OrderStatus } from "~/lib/db/value-lists";
import type { CallState } from "./customer-contact";
import { checkOrderMove, takesReturnChoice, takesShippingDetails, type ReturnStockChoice } from "./order-status";
import { NO_REVIEW, type OrderReview } from "./order-review";
import { getFirstOrderThreshold, needsAttention, reviewOrders } from "./order-review.server";
import { normalizePhone } from "./phone";
import { sizeDetail } from "~/modules/catalog/size-label";

const ORDERS_PAGE_SIZE = 25;

export interface OrderListQuery {
  q: string;
  status: OrderStatus | "all";
  /** 'pending': only orders not yet confirmed with their customer. */
  confirmation?: "pending" | "all";
  /** 'flagged': only orders that need a look before shipping (docs/decisions/0054). */
  attention?: "flagged" | "all";
  page: number;
}

export interface OrderListRow {
  id: string;
  orderNumber: string;
  paymentMethod: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  itemCount: number;
  /** What was bought, for the message that confirms the order with the customer. */
  items: { productName: string; quantity: number }[];
  total: number;
  status: OrderStatus;
  call: CallState;
  /** The customer's history and the order's warnings. */
  review: OrderReview;
  createdAt: string;
}

/** Digits enough to look a phone number up by: a customer who calls gives part of theirs, or all of it. */
const PHONE_SEARCH_MIN_DIGITS = 4;

function searchCondition(q: string): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const pattern = likePattern(text);
  const found = [
    ilike(orders.orderNumber, pattern),
    ilike(orders.email, pattern),
    ilike(sql`${orders.firstName} || ' ' || ${orders.lastName}`, pattern),
  ];
  // A phone number however it is typed ('0321-7654321', '+92 321 7654321'): stored normalised.
  const phone = normalizePhone(text);
  if (/^\d+$/.test(phone) && phone.length >= PHONE_SEARCH_MIN_DIGITS) {
    const digits = likePattern(phone);
    found.push(sql`${orders.phone} like ${digits}`, sql`${orders.alternatePhone} like ${digits}`);
  }
  return or(...found);
}

/**
 * The orders the list's search and filters find. The "Needs attention" filter depends on the
 * first-order threshold of Settings: `threshold` (paisa), read once by the caller.
 */
export function orderListCondition(query: Omit<OrderListQuery, "page">, threshold: number): SQL | undefined {
  return and(
    searchCondition(query.q),
    query.confirmation === "pending" ? awaitingConfirmation : undefined,
    query.attention === "flagged" ? needsAttention(threshold) : undefined,
    query.status === "all" ? undefined : eq(orders.status, query.status),
  );
}

/**
 * At most this many orders are counted and listed as needing attention (as searches list at most
 * 1,000, docs/decisions/0036): the flags are worked out per order, and a count that stops there
 * stays quick however many orders wait (docs/decisions/0054).
 */
const ATTENTION_LIMIT = 1000;

/** How many orders `where` finds, counting no further than `limit` when given. */
async function countUpTo(db: Db, where: SQL | undefined, limit?: number): Promise<number> {
  if (limit === undefined) return Number((await db.select({ n: count() }).from(orders).where(where))[0].n);
  const found = db
    .select({ one: sql`1` })
    .from(orders)
    .where(where)
    .limit(limit)
    .as("found");
  return Number((await db.select({ n: count() }).from(found))[0].n);
}

/**
 * One page of orders, newest first, each with its call state, its customer's history and its
 * flags; with the counts of the stat cards (over all orders): per status, still to confirm, and
 * needing attention.
 */
export async function listOrders(db: Db, query: OrderListQuery) {
  const threshold = await getFirstOrderThreshold(db);
  const search = searchCondition(query.q);
  const narrowed = query.confirmation === "pending" || query.attention === "flagged";
  const where = orderListCondition(query, threshold);
  const flagged = query.attention === "flagged";
  const [byStatus, matching, [toConfirm], attention] = await Promise.all([
    db.select({ status: orders.status, n: count() }).from(orders).groupBy(orders.status),
    // Without a search the stat cards already hold the total: no second pass over every order.
    search || narrowed ? countUpTo(db, where, flagged ? ATTENTION_LIMIT : undefined) : undefined,
    db.select({ n: count() }).from(orders).where(awaitingConfirmation),
    countUpTo(db, needsAttention(threshold), ATTENTION_LIMIT),
  ]);
  const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
  for (const row of byStatus) counts[row.status] = Number(row.n);
  const all = ORDER_STATUSES.reduce((sum, s) => sum + counts[s], 0);
  const total = matching ?? (query.status === "all" ? all : counts[query.status]);
  const { page, pageCount, offset } = pageOf(total, query.page, ORDERS_PAGE_SIZE);
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      paymentMethod: orders.paymentMethod,
      firstName: orders.firstName,
      lastName: orders.lastName,
      email: orders.email,
      phone: orders.phone,
      total: orders.total,
      status: orders.status,
      callOutcome: orders.callOutcome,
      noAnswerCalls: orders.noAnswerCalls,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
    .limit(ORDERS_PAGE_SIZE)
    .offset(offset);
  const ids = rows.map((r) => r.id);
  const [items, reviews] = await Promise.all([
    ids.length
      ? db
          .select({ orderId: orderItems.orderId, productName: orderItems.productName, quantity: orderItems.quantity })
          .from(orderItems)
          .where(inArray(orderItems.orderId, ids))
          .orderBy(asc(orderItems.productName), asc(orderItems.size))
      : [],
    reviewOrders(db, ids, threshold),
  ]);
  const itemsOf = new Map<string, { productName: string; quantity: number }[]>();
  for (const { orderId, ...item } of items) itemsOf.set(orderId, [...(itemsOf.get(orderId) ?? []), item]);
  return {
    rows: rows.map(({ callOutcome, noAnswerCalls, ...r }): OrderListRow => {
      const bought = itemsOf.get(r.id) ?? [];
      return {
        ...r,
        items: bought,
        itemCount: bought.reduce((n, i) => n + i.quantity, 0),
        call: { outcome: callOutcome, noAnswerCalls },
        review: reviews.get(r.id) ?? NO_REVIEW,
        createdAt: r.createdAt.toISOString(),
      };
    }),
    total,
    page,
    pageCount,
    threshold,
    attentionLimit: ATTENTION_LIMIT,
    counts: { all, ...counts, toConfirm: Number(toConfirm.n), attention },
  };
}

/** Everything the detail shows: the order as placed, its items as bought, and who changed what. */
export async function getOrderDetail(db: Db, id: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order) throw new DomainError("NOT_FOUND", "This order no longer exists.");
  const threshold = await getFirstOrderThreshold(db);
  const [items, history, reviews] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.productName), asc(orderItems.size)),
    db
      .select({
        id: orderHistory.id,
        fromStatus: orderHistory.fromStatus,
        toStatus: orderHistory.toStatus,
        note: orderHistory.note,
        createdAt: orderHistory.createdAt,
        byName: user.name,
        byEmail: user.email,
      })
      .from(orderHistory)
      .leftJoin(user, eq(user.id, orderHistory.changedBy))
      .where(eq(orderHistory.orderId, id))
      .orderBy(asc(orderHistory.createdAt), asc(orderHistory.id)),
    reviewOrders(db, [id], threshold),
  ]);
  const { callOutcome, noAnswerCalls, ...fields } = order;
  return {
    ...fields,
    call: { outcome: callOutcome, noAnswerCalls } satisfies CallState,
    review: reviews.get(id) ?? NO_REVIEW,
    threshold,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt?.toISOString() ?? null,
    items: items.map((i) => ({
      id: i.id,
      productName: i.productName,
      variantName: i.variantName,
      productImage: i.productImage,
      color: i.color,
      size: i.size,
      quantity: i.quantity,
      unitPrice: i.unitPrice,
      lineTotal: i.lineTotal,
    })),
    history: history.map((h) => ({
      id: h.id,
      fromStatus: h.fromStatus as OrderStatus | null,
      toStatus: h.toStatus as OrderStatus,
      note: h.note,
      at: h.createdAt.toISOString(),
      by: h.byName?.trim() || h.byEmail || (h.fromStatus === null ? "Customer" : "Staff"),
    })),
  };
}

export type OrderDetail = Awaited<ReturnType<typeof getOrderDetail>>;

export interface OrderStatusChange {
  orderId: string;
  to: OrderStatus;
  /** The staff member making the change. */
  by: string;
  /** Posted with the change (the row's and the detail's forms); left out, the order's own are kept. */
  courier?: string;
  trackingNumber?: string;
  /** A returned parcel: its items back into their sizes (the default), or written off. */
  returnStock?: ReturnStockChoice;
}

/**
 * Changes an order's status: the one function every way of changing it calls (the row, the detail
 * window, bulk moves), through the one rule of order-status.ts (`checkOrderMove`: the transition
 * table, and Shipped needs a courier and a CN). A refusal is INVALID, with the fields to fix in
 * `details.fields`. In one transaction, with the order row locked so two staff members (or two
 * instances) cannot both act on the same change: moves the stock the change calls for, records who
 * did it, and tells every open orders list.
 */
export async function changeOrderStatus(db: Db, change: OrderStatusChange): Promise<{ changed: boolean }> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, status: orders.status, courier: orders.courier, trackingNumber: orders.trackingNumber })
      .from(orders)
      .where(eq(orders.id, change.orderId))
      .for("update");
    if (!order) throw new DomainError("NOT_FOUND", "This order no longer exists.");
    const posted = (value: string | undefined, stored: string | null) => (value === undefined ? stored : value.trim() || null);
    const shipping = { courier: posted(change.courier, order.courier), trackingNumber: posted(change.trackingNumber, order.trackingNumber) };
    const move = checkOrderMove(order.status, change.to, shipping);
    if (!move.ok) throw new DomainError("INVALID", move.message, move.fields ? { fields: move.fields } : undefined);
    const shippingChanged =
      takesShippingDetails(change.to) && (shipping.courier !== order.courier || shipping.trackingNumber !== order.trackingNumber);
    if (!move.change && !shippingChanged) return { changed: false };

    const writeOff = move.change && takesReturnChoice(change.to) && change.returnStock === "write-off";
    const effect = move.change && !writeOff ? move.stock : "none";
    const moved =
      effect !== "none" ? await moveOrderStock(tx, order.id, effect, change.by, change.to === "returned" ? "return" : "cancel") : undefined;
    await tx
      .update(orders)
      .set({ status: change.to, updatedAt: new Date(), ...(takesShippingDetails(change.to) ? shipping : {}) })
      .where(eq(orders.id, order.id));
    const note = [
      shippingChanged && shipping.courier ? `Courier: ${shipping.courier}` : "",
      shippingChanged && shipping.trackingNumber ? `CN: ${shipping.trackingNumber}` : "",
      moved && effect === "return" ? returnNote(moved) : "",
      effect === "take" ? "Stock taken again" : "",
      writeOff ? "Items written off (not back in stock)" : "",
    ]
      .filter(Boolean)
      .join(" · ");
    await tx.insert(orderHistory).values({ orderId: order.id, fromStatus: order.status, toStatus: change.to, changedBy: change.by, note });
    await publishChange(tx, { topic: "orders", id: order.id });
    return { changed: true };
  });
}

interface StockMove {
  /** How many lines the order has. */
  lines: number;
  /** The lines a return left out: their size is no longer in the catalogue. */
  notReturned: string[];
}

/** What a cancellation's history says of the stock: returned, or which lines had nowhere to go back to. */
function returnNote({ lines, notReturned }: StockMove): string {
  if (notReturned.length === 0) return "Stock returned";
  const gone = `(no longer in the catalogue): ${notReturned.join(", ")}`;
  return notReturned.length === lines ? `No stock to return ${gone}` : `Stock returned, except ${gone}`;
}

/**
 * Gives an order's stock back ('return': a cancellation, or a returned parcel put back into its
 * sizes) or takes it again ('take'), one guarded update per line, each recorded in the stock trail
 * with the staff member who changed the order.
 */
async function moveOrderStock(tx: Tx, orderId: string, effect: "return" | "take", by: string, why: "cancel" | "return"): Promise<StockMove> {
  const notReturned: string[] = [];
  const lines = await tx
    .select({
      stockId: orderItems.stockId,
      quantity: orderItems.quantity,
      productName: orderItems.productName,
      color: orderItems.color,
      size: orderItems.size,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  // The one stock lock order, as placing an order uses, so concurrent changes cannot deadlock.
  for (const line of inStockLockOrder(lines, (l) => l.stockId)) {
    const details = [line.color, sizeDetail(line.size, "size")].filter(Boolean).join(", ");
    const what = details ? `${line.productName} (${details})` : line.productName;
    if (effect === "return") {
      // A size deleted from the catalogue since has nowhere to go back to.
      const back = line.stockId
        ? await tx
            .update(stock)
            .set({ qty: sql`${stock.qty} + ${line.quantity}` })
            .where(eq(stock.id, line.stockId))
            .returning({ id: stock.id })
        : [];
      if (back.length) await tx.insert(stockMovements).values({ stockId: line.stockId!, delta: line.quantity, reason: why, orderId, changedBy: by });
      else notReturned.push(what);
      continue;
    }
    const taken = line.stockId ? await takeStock(tx, line.stockId, line.quantity) : false;
    if (!taken) {
      const [left] = line.stockId ? await tx.select({ qty: stock.qty }).from(stock).where(eq(stock.id, line.stockId)) : [];
      if (!left) throw new DomainError("CONFLICT", `${what} is no longer in the catalogue, so its stock cannot be taken again.`);
      throw new DomainError("OUT_OF_STOCK", `Not enough stock: ${what} has ${left.qty} left and the order needs ${line.quantity}.`);
    }
    await tx.insert(stockMovements).values({ stockId: line.stockId!, delta: -line.quantity, reason: "reinstate", orderId, changedBy: by });
  }
  return { lines: lines.length, notReturned };
}
