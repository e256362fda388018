import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { orderHistory, orderItems, orders, stock, stockMovements, user } from "~/lib/db/tables.server";
import { likePattern } from "~/lib/sql-like";
import { pageOf } from "~/lib/paging";
import { inStockLockOrder } from "~/modules/inventory/stock-lock-order";
import { takeStock } from "~/modules/inventory/stock-take.server";
import { publishChange } from "~/modules/live/live-events.server";
import { awaitingConfirmation } from "./order-confirmation.server";
import { ORDER_STATUSES, type OrderStatus } from "~/lib/db/value-lists";
import { ORDER_STATUS_LABELS, planOrderTransition, takesShippingDetails } from "./order-status";
import { normalizePhone } from "./phone";

export const ORDERS_PAGE_SIZE = 25;

export interface OrderListQuery {
  q: string;
  status: OrderStatus | "all";
  /** 'pending': only orders not yet confirmed with their customer. */
  confirmation?: "pending" | "all";
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

/** The orders the list's search and filters find. */
export function orderListCondition(query: Omit<OrderListQuery, "page">): SQL | undefined {
  return and(
    searchCondition(query.q),
    query.confirmation === "pending" ? awaitingConfirmation : undefined,
    query.status === "all" ? undefined : eq(orders.status, query.status),
  );
}

/** One page of orders, newest first, with the counts of the stat cards (over all orders). */
export async function listOrders(db: Db, query: OrderListQuery) {
  const search = searchCondition(query.q);
  const pending = query.confirmation === "pending" ? awaitingConfirmation : undefined;
  const where = orderListCondition(query);
  const [byStatus, matching] = await Promise.all([
    db.select({ status: orders.status, n: count() }).from(orders).groupBy(orders.status),
    // Without a search the stat cards already hold the total: no second pass over every order.
    search || pending ? db.select({ n: count() }).from(orders).where(where) : undefined,
  ]);
  const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
  for (const row of byStatus) counts[row.status] = Number(row.n);
  const all = ORDER_STATUSES.reduce((sum, s) => sum + counts[s], 0);
  const total = matching ? Number(matching[0].n) : query.status === "all" ? all : counts[query.status];
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
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
    .limit(ORDERS_PAGE_SIZE)
    .offset(offset);
  const ids = rows.map((r) => r.id);
  const items = ids.length
    ? await db
        .select({ orderId: orderItems.orderId, productName: orderItems.productName, quantity: orderItems.quantity })
        .from(orderItems)
        .where(inArray(orderItems.orderId, ids))
        .orderBy(asc(orderItems.productName), asc(orderItems.size))
    : [];
  const itemsOf = new Map<string, { productName: string; quantity: number }[]>();
  for (const { orderId, ...item } of items) itemsOf.set(orderId, [...(itemsOf.get(orderId) ?? []), item]);
  return {
    rows: rows.map((r): OrderListRow => {
      const bought = itemsOf.get(r.id) ?? [];
      return { ...r, items: bought, itemCount: bought.reduce((n, i) => n + i.quantity, 0), createdAt: r.createdAt.toISOString() };
    }),
    total,
    page,
    pageCount,
    counts: { all, ...counts },
  };
}

/** Everything the detail shows: the order as placed, its items as bought, and who changed what. */
export async function getOrderDetail(db: Db, id: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order) throw new DomainError("NOT_FOUND", "This order no longer exists.");
  const [items, history] = await Promise.all([
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
      .orderBy(asc(orderHistory.createdAt)),
  ]);
  return {
    ...order,
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
  courier?: string;
  trackingNumber?: string;
}

/**
 * Changes an order's status through the one transition table. In one transaction, with the order
 * row locked so two staff members (or two instances) cannot both act on the same change: moves the
 * stock the change calls for, records who did it, and tells every open orders list.
 */
export async function changeOrderStatus(db: Db, change: OrderStatusChange): Promise<{ changed: boolean }> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, status: orders.status, courier: orders.courier, trackingNumber: orders.trackingNumber })
      .from(orders)
      .where(eq(orders.id, change.orderId))
      .for("update");
    if (!order) throw new DomainError("NOT_FOUND", "This order no longer exists.");
    const plan = planOrderTransition(order.status, change.to);
    if (!plan) {
      throw new DomainError("INVALID", `An order cannot go from ${ORDER_STATUS_LABELS[order.status]} to ${ORDER_STATUS_LABELS[change.to]}.`);
    }
    const shipping = takesShippingDetails(change.to)
      ? { courier: change.courier?.trim() || null, trackingNumber: change.trackingNumber?.trim() || null }
      : {};
    const shippingChanged =
      takesShippingDetails(change.to) &&
      (change.courier !== undefined || change.trackingNumber !== undefined) &&
      (shipping.courier !== order.courier || shipping.trackingNumber !== order.trackingNumber);
    if (!plan.change && !shippingChanged) return { changed: false };

    const moved = plan.change && plan.stock !== "none" ? await moveOrderStock(tx, order.id, plan.stock, change.by) : undefined;
    await tx
      .update(orders)
      .set({ status: change.to, updatedAt: new Date(), ...(shippingChanged || plan.change ? shipping : {}) })
      .where(eq(orders.id, order.id));
    const note = [
      shippingChanged && shipping.courier ? `Courier: ${shipping.courier}` : "",
      shippingChanged && shipping.trackingNumber ? `CN: ${shipping.trackingNumber}` : "",
      moved && plan.change && plan.stock === "return" ? returnNote(moved) : "",
      plan.change && plan.stock === "take" ? "Stock taken again" : "",
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
 * Gives an order's stock back ('return') or takes it again ('take'), one guarded update per line,
 * each recorded in the stock trail with the staff member who changed the order.
 */
async function moveOrderStock(tx: Tx, orderId: string, effect: "return" | "take", by: string): Promise<StockMove> {
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
    const details = [line.color, line.size ? `size ${line.size}` : ""].filter(Boolean).join(", ");
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
      if (back.length)
        await tx.insert(stockMovements).values({ stockId: line.stockId!, delta: line.quantity, reason: "cancel", orderId, changedBy: by });
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
