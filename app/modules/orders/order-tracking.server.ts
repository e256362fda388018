import { and, asc, eq, inArray, or } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { addressBucket, hitRateLimit, type RateRule } from "~/lib/rate-limit.server";
import { orderHistory, orders } from "~/lib/db/tables/orders.server";
import { minutesText } from "~/lib/wait-text";
import { parcelTracking } from "./couriers";
import type { OrderStatus } from "~/lib/db/value-lists";
import { ORDER_STATUS_LABELS } from "./order-status";
import type { TrackOrderInput } from "./order-tracking.schema";

/**
 * Look-ups per client address. Each one tries an order number and phone pair, so the limit is what
 * keeps anyone from guessing pairs: plenty for shoppers behind one carrier address, too few to sweep.
 */
export const TRACK_LIMIT: RateRule = { limit: 20, windowMs: 15 * 60_000 };

export const ORDER_NOT_FOUND_FOR_PHONE =
  "We could not find an order with that number and phone number. Please check both (they are in your confirmation e-mail) and try again.";

/** What someone who knows an order's number and phone number may see of it, and nothing more. */
export interface TrackedOrder {
  orderNumber: string;
  status: OrderStatus;
  statusLabel: string;
  placedAt: string;
  /** Every status the order has had, oldest first. */
  timeline: { status: string; label: string; at: string }[];
  parcel: { courier: string; cn: string; url: string | null } | null;
}

/**
 * Finds an order by its number and the phone (or alternate phone) given at checkout. Counted per
 * client address before anything is read, found or not; a wrong number and a wrong phone get the same
 * answer, so the form tells nobody which orders exist.
 */
export async function trackOrder(db: Db, input: TrackOrderInput, address: string | undefined): Promise<TrackedOrder> {
  const hit = await hitRateLimit(db, `track:addr:${addressBucket(address)}`, TRACK_LIMIT);
  if (!hit.allowed) {
    throw new DomainError(
      "TOO_MANY_REQUESTS",
      `Too many look-ups from your network in a short time. Please wait ${minutesText(hit.retryAfterSeconds)} and try again.`,
      { retryAfter: hit.retryAfterSeconds },
    );
  }
  const [order] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      createdAt: orders.createdAt,
      courier: orders.courier,
      trackingNumber: orders.trackingNumber,
    })
    .from(orders)
    .where(and(eq(orders.orderNumber, input.orderNumber), or(eq(orders.phone, input.phone), eq(orders.alternatePhone, input.phone))));
  if (!order) throw new DomainError("NOT_FOUND", ORDER_NOT_FOUND_FOR_PHONE);
  return trackedOrderOf(db, order);
}

/** What an order's owner, or someone who knows its number and phone, sees of its progress. */
async function trackedOrderOf(
  db: Db,
  order: { id: string; orderNumber: string; status: OrderStatus; createdAt: Date; courier: string | null; trackingNumber: string | null },
): Promise<TrackedOrder> {
  return (await trackedOrdersOf(db, [order]))[0];
}

/** trackedOrderOf for several orders, their history read in one query; in the order given. */
export async function trackedOrdersOf(
  db: Db,
  list: { id: string; orderNumber: string; status: OrderStatus; createdAt: Date; courier: string | null; trackingNumber: string | null }[],
): Promise<TrackedOrder[]> {
  if (list.length === 0) return [];
  const history = await db
    .select({ orderId: orderHistory.orderId, from: orderHistory.fromStatus, status: orderHistory.toStatus, at: orderHistory.createdAt })
    .from(orderHistory)
    .where(
      inArray(
        orderHistory.orderId,
        list.map((o) => o.id),
      ),
    )
    .orderBy(asc(orderHistory.createdAt), asc(orderHistory.id));
  const label = (status: string) => ORDER_STATUS_LABELS[status as OrderStatus] ?? status;
  return list.map((order) => {
    // Moves only: a note on the same status (a courier or CN recorded later) is not a step.
    const timeline = history
      .filter((h) => h.orderId === order.id && h.from !== h.status)
      .map((h) => ({ status: h.status, label: label(h.status), at: h.at.toISOString() }));
    if (timeline.length === 0) timeline.push({ status: order.status, label: label(order.status), at: order.createdAt.toISOString() });
    return {
      orderNumber: order.orderNumber,
      status: order.status,
      statusLabel: label(order.status),
      placedAt: order.createdAt.toISOString(),
      timeline,
      parcel: order.status === "shipped" || order.status === "completed" ? parcelTracking(order.courier, order.trackingNumber) : null,
    };
  });
}
