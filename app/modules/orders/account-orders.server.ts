import { and, asc, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { orderItems, orders } from "~/lib/db/tables/orders.server";
import { user } from "~/lib/db/tables/accounts.server";
import type { CartLine } from "~/modules/cart/cart-line";
import { cartLineOf, variantKey } from "~/modules/cart/cart-line";
import { priceCartLines } from "~/modules/cart/cart.server";
import { trackedOrdersOf, type TrackedOrder } from "./order-tracking.server";
import { reorderLine, type ReorderChange } from "./reorder";
import { sizeDetail } from "~/modules/catalog/size-label";

/**
 * "My orders" (docs/decisions/0057): the orders an account may see are those placed while it was
 * signed in, and those placed with its e-mail once that e-mail is verified. Every query here goes
 * through `ownedBy`, so an order of someone else is never found, whatever number is asked for.
 */

/** At most this many orders are listed (newest first); older ones are still opened by their page. */
const ACCOUNT_ORDERS_SHOWN = 100;

export const ACCOUNT_ORDER_NOT_FOUND = "We could not find that order in your account.";

/** The orders of account `userId`: its own, and any with its e-mail when the e-mail is verified. */
function ownedBy(userId: string): SQL {
  return or(
    eq(orders.userId, userId),
    sql`lower(${orders.email}) = (select ${user.email} from ${user} where ${user.id} = ${userId} and ${user.emailVerified})`,
  )!;
}

const orderColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  status: orders.status,
  createdAt: orders.createdAt,
  courier: orders.courier,
  trackingNumber: orders.trackingNumber,
  total: orders.total,
};

interface AccountOrderItem {
  productName: string;
  color: string;
  size: string;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
}

export type AccountOrderSummary = TrackedOrder & { total: number; items: AccountOrderItem[] };

async function itemsOf(db: Db, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: orderItems.orderId,
      productName: orderItems.productName,
      color: orderItems.color,
      size: orderItems.size,
      quantity: orderItems.quantity,
      unitPrice: orderItems.unitPrice,
      lineTotal: orderItems.lineTotal,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.productName), asc(orderItems.size), asc(orderItems.id));
}

/** The account's orders, newest first, each with its status, timeline, parcel link, total and items. */
export async function listAccountOrders(db: Db, userId: string): Promise<AccountOrderSummary[]> {
  const list = await db
    .select(orderColumns)
    .from(orders)
    .where(ownedBy(userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ACCOUNT_ORDERS_SHOWN);
  const [tracked, items] = await Promise.all([
    trackedOrdersOf(db, list),
    itemsOf(
      db,
      list.map((o) => o.id),
    ),
  ]);
  return list.map((o, i) => ({
    ...tracked[i],
    total: o.total,
    items: items.filter((item) => item.orderId === o.id).map(({ orderId: _, ...item }) => item),
  }));
}

export type AccountOrder = AccountOrderSummary & {
  subtotal: number;
  tax: number;
  shipping: number;
  deliverTo: { name: string; phone: string; lines: string[]; landmark: string };
};

async function findOwnOrder(db: Db, userId: string, orderNumber: string) {
  const [order] = await db
    .select({
      ...orderColumns,
      subtotal: orders.subtotal,
      tax: orders.tax,
      shipping: orders.shipping,
      firstName: orders.firstName,
      lastName: orders.lastName,
      phone: orders.phone,
      streetAddress: orders.streetAddress,
      apartment: orders.apartment,
      city: orders.city,
      state: orders.state,
      zipCode: orders.zipCode,
      country: orders.country,
      landmark: orders.landmark,
    })
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), ownedBy(userId)));
  if (!order) throw new DomainError("NOT_FOUND", ACCOUNT_ORDER_NOT_FOUND);
  return order;
}

/** One of the account's orders by its number; NOT_FOUND for a number that is not the account's (or not anyone's). */
export async function getAccountOrder(db: Db, userId: string, orderNumber: string): Promise<AccountOrder> {
  const order = await findOwnOrder(db, userId, orderNumber);
  const [[tracked], items] = await Promise.all([trackedOrdersOf(db, [order]), itemsOf(db, [order.id])]);
  return {
    ...tracked,
    total: order.total,
    subtotal: order.subtotal,
    tax: order.tax,
    shipping: order.shipping,
    items: items.map(({ orderId: _, ...item }) => item),
    deliverTo: {
      name: `${order.firstName} ${order.lastName}`,
      phone: order.phone,
      lines: [order.streetAddress, order.apartment, `${order.city}, ${order.state} ${order.zipCode}`, order.country].filter(Boolean),
      landmark: order.landmark,
    },
  };
}

export interface Reorder {
  /** Lines for the browser's cart, priced as the shop prices them today (a hint; checkout prices again). */
  lines: CartLine[];
  changes: ReorderChange[];
}

/**
 * The lines of one of the account's orders as cart lines at today's prices and stock, and what
 * changed since: a price, fewer left, sold out, or no longer sold. Nothing is written: the cart is
 * the browser's.
 */
export async function reorder(db: Db, userId: string, orderNumber: string): Promise<Reorder> {
  const order = await findOwnOrder(db, userId, orderNumber);
  const bought = await db
    .select({
      productId: orderItems.productId,
      variantId: orderItems.variantId,
      productName: orderItems.productName,
      color: orderItems.color,
      size: orderItems.size,
      quantity: orderItems.quantity,
      unitPrice: orderItems.unitPrice,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.productName), asc(orderItems.size), asc(orderItems.id));
  const asCart = bought.map((b) =>
    b.productId && b.variantId
      ? {
          productID: b.productId,
          productVariantKey: variantKey({ id: b.variantId, name: "" }, b.size),
          productSize: b.size,
          productQuantity: b.quantity,
        }
      : null,
  );
  const priced = await priceCartLines(
    db,
    asCart.filter((l) => l !== null),
  );
  const lines: CartLine[] = [];
  const changes: ReorderChange[] = [];
  let p = 0;
  bought.forEach((b, i) => {
    const input = asCart[i];
    const today = input ? priced[p++] : undefined;
    const item = `${b.productName} (${[b.color, sizeDetail(b.size, "size")].filter(Boolean).join(", ")})`.replace(" ()", "");
    const result = reorderLine({
      item,
      ordered: b.quantity,
      paid: b.unitPrice,
      today: today?.found ? { unitPrice: today.unitPrice, available: today.available } : null,
    });
    changes.push(...result.changes);
    if (input && today?.found && result.quantity > 0) {
      lines.push(cartLineOf(input, today, result.quantity));
    }
  });
  return { lines, changes };
}
