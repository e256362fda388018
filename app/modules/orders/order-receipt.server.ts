import { asc, eq } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { loadAuthSecret } from "~/modules/accounts/auth.server";
import { DomainError } from "~/lib/errors";
import { signToken, verifyToken } from "~/lib/signed-token.server";
import { orderItems, orders } from "~/lib/db/tables/orders.server";
import { RECEIPT_TTL_MS } from "./placed-order";

/**
 * The order confirmation page reads the order it confirms with a receipt: a token handed only to the
 * browser that placed the order, good for an hour. The order's id alone (or its number) shows nothing.
 */
const PURPOSE = "order-receipt";

export const RECEIPT_EXPIRED = "This confirmation can no longer be shown here. Your order is safe: its details are in your confirmation e-mail.";

export async function receiptFor(db: Db, orderId: string, now = Date.now()): Promise<string> {
  return signToken(await loadAuthSecret(db), PURPOSE, orderId, RECEIPT_TTL_MS, now);
}

/** The stored id of the order a receipt is for; FORBIDDEN once expired or when altered. */
export async function orderIdOfReceipt(db: Db, receipt: string, now = Date.now()): Promise<string> {
  const orderId = verifyToken(await loadAuthSecret(db), PURPOSE, receipt, now);
  if (!orderId) throw new DomainError("FORBIDDEN", RECEIPT_EXPIRED);
  return orderId;
}

/** What the confirmation page shows of the order the receipt is for. */
export async function orderByReceipt(db: Db, receipt: string, now = Date.now()) {
  const orderId = await orderIdOfReceipt(db, receipt, now);
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new DomainError("NOT_FOUND", RECEIPT_EXPIRED);
  const items = await db
    .select({
      productName: orderItems.productName,
      color: orderItems.color,
      size: orderItems.size,
      quantity: orderItems.quantity,
      unitPrice: orderItems.unitPrice,
      lineTotal: orderItems.lineTotal,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productName), asc(orderItems.size));
  return {
    orderNumber: order.orderNumber,
    items,
    subtotal: order.subtotal,
    tax: order.tax,
    shipping: order.shipping,
    total: order.total,
    deliverTo: {
      name: `${order.firstName} ${order.lastName}`,
      phone: order.phone,
      lines: [order.streetAddress, order.apartment, `${order.city}, ${order.state} ${order.zipCode}`, order.country].filter(Boolean),
      landmark: order.landmark,
    },
  };
}

export type OrderReceipt = Awaited<ReturnType<typeof orderByReceipt>>;
