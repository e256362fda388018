import { publishChange } from "~/modules/live/live-events.server";
import { and, eq, gte, sql } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { orderHistory, orderItems, orders, stock, stockMovements } from "~/lib/schema.server";
import { totalsFor } from "~/modules/catalog/pricing";
import { priceCartLines, type PricedLine } from "~/modules/cart/cart.server";
import { MAX_LINE_QUANTITY, type CartLineInput } from "~/modules/cart/cart.schema";
import { inStockLockOrder } from "~/modules/inventory/stock-lock-order";
import { enqueueMail } from "~/modules/mail/mail.server";
import type { CheckoutInput } from "./checkout.schema";
import { orderConfirmationMail } from "./order-mail";

export interface PlaceOrderInput {
  customer: CheckoutInput;
  lines: CartLineInput[];
  /** A key from the checkout form: the same key never makes a second order. */
  idempotencyKey: string;
}

export interface PlacedOrder {
  id: string;
  orderNumber: string;
  total: number;
  /** True when this key had already placed the order (a double click or a resubmission). */
  repeated: boolean;
}

export interface Shortage {
  productID: string;
  productVariantKey: string;
  productName: string;
  size: string;
  requested: number;
  available: number;
}

export const TOO_MANY_OF_ONE_ITEM = `One order can hold at most ${MAX_LINE_QUANTITY} of one item.`;

/** The shopper-facing order number: 'ORD-' plus a millisecond timestamp. */
export function orderNumberFor(ms: number): string {
  return `ORD-${ms}`;
}

/** The order a checkout key already placed, if any (answered as a repeat). */
export async function existingOrder(db: Db, idempotencyKey: string): Promise<PlacedOrder | undefined> {
  const [row] = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber, total: orders.total })
    .from(orders)
    .where(eq(orders.idempotencyKey, idempotencyKey))
    .limit(1);
  return row && { ...row, repeated: true };
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e?.code ?? e?.cause?.code;
  const name = e?.constraint ?? e?.cause?.constraint ?? String((error as Error)?.message ?? "");
  return code === "23505" && name.includes(constraint);
}

/**
 * Places a cash-on-delivery order in one transaction: prices every line from the database (never
 * from the browser), takes stock with one guarded UPDATE per line, writes the order with item
 * snapshots and queues the confirmation mail. If any line is short, nothing is taken and the error
 * lists what is left of each short line.
 */
export async function placeOrder(db: Db, input: PlaceOrderInput, now: () => Date = () => new Date()): Promise<PlacedOrder> {
  if (input.lines.length === 0) throw new DomainError("INVALID", "Your cart is empty. Please add items before placing an order.");
  const repeat = await existingOrder(db, input.idempotencyKey);
  if (repeat) return repeat;

  try {
    return await db.transaction(async (tx) => {
      const priced = mergeLines(await priceCartLines(tx, input.lines));
      const missing = priced.filter((l) => !l.found);
      if (missing.length) {
        throw new DomainError("OUT_OF_STOCK", "Some items in your cart are no longer available.", {
          shortages: missing.map((l) => shortageOf(l, 0)),
        });
      }

      const shortages: Shortage[] = [];
      // Rows are taken in the one stock lock order, so concurrent orders never deadlock.
      for (const line of inStockLockOrder(priced, (l) => l.stockId)) {
        const taken = await tx
          .update(stock)
          .set({ qty: sql`${stock.qty} - ${line.quantity}` })
          .where(and(eq(stock.id, line.stockId!), gte(stock.qty, line.quantity)))
          .returning({ qty: stock.qty });
        if (taken.length === 0) {
          const [current] = await tx.select({ qty: stock.qty }).from(stock).where(eq(stock.id, line.stockId!));
          shortages.push(shortageOf(line, current?.qty ?? 0));
        }
      }
      if (shortages.length) {
        // Throwing rolls back every line already taken.
        throw new DomainError("OUT_OF_STOCK", "Some items in your cart are short of stock.", { shortages });
      }

      const totals = totalsFor(priced);
      const c = input.customer;
      let order: { id: string; orderNumber: string; total: number } | undefined;
      for (let ms = now().getTime(); !order; ms++) {
        const [row] = await tx
          .insert(orders)
          .values({
            orderNumber: orderNumberFor(ms),
            idempotencyKey: input.idempotencyKey,
            firstName: c.firstName,
            lastName: c.lastName,
            email: c.email,
            phone: c.phone,
            alternatePhone: c.alternatePhone,
            streetAddress: c.streetAddress,
            apartment: c.apartment,
            city: c.city,
            state: c.state,
            zipCode: c.zipCode,
            country: c.country,
            landmark: c.landmark,
            notes: c.notes,
            paymentMethod: "cod",
            ...totals,
            status: "confirmed",
            createdAt: new Date(ms),
          })
          // Two orders in the same millisecond: the second takes the next free number.
          .onConflictDoNothing({ target: orders.orderNumber })
          .returning({ id: orders.id, orderNumber: orders.orderNumber, total: orders.total });
        order = row;
      }

      const items = priced.map((l) => ({
        orderId: order!.id,
        productId: l.productId!,
        variantId: l.variantId!,
        stockId: l.stockId!,
        productName: l.productName,
        variantName: l.variantName,
        productImage: l.image,
        color: l.color,
        size: l.productSize,
        quantity: l.quantity,
        price: l.price,
        discountPrice: l.discountPrice,
        unitPrice: l.unitPrice,
        lineTotal: l.unitPrice * l.quantity,
      }));
      await tx.insert(orderItems).values(items);
      await tx.insert(stockMovements).values(
        priced.map((l) => ({ stockId: l.stockId!, delta: -l.quantity, reason: "order" as const, orderId: order!.id })),
      );
      await tx.insert(orderHistory).values({ orderId: order.id, fromStatus: null, toStatus: "confirmed", note: "Order placed" });
      await publishChange(tx, { topic: "orders", id: order.id });
      await enqueueMail(tx, {
        to: c.email,
        toName: `${c.firstName} ${c.lastName}`,
        ...orderConfirmationMail({
          orderNumber: order.orderNumber,
          firstName: c.firstName,
          lastName: c.lastName,
          phone: c.phone,
          address: c,
          items,
          ...totals,
        }),
      });
      return { ...order, repeated: false };
    });
  } catch (error) {
    // The same key submitted twice at once: the second waited for the first and now finds it.
    if (isUniqueViolation(error, "orders_idempotency_key_idx")) {
      const first = await existingOrder(db, input.idempotencyKey);
      if (first) return first;
    }
    throw error;
  }
}

function shortageOf(line: PricedLine, available: number): Shortage {
  return {
    productID: line.productID,
    productVariantKey: line.productVariantKey,
    productName: line.productName || "An item",
    size: line.productSize,
    requested: line.quantity,
    available,
  };
}

/**
 * The same product, variant and size on two lines counts as one line, and one line holds at most
 * MAX_LINE_QUANTITY however many lines were sent.
 */
function mergeLines(lines: PricedLine[]): PricedLine[] {
  const byKey = new Map<string, PricedLine>();
  for (const line of lines) {
    const key = line.stockId ?? `${line.productID}|${line.productVariantKey}|${line.productSize}`;
    const seen = byKey.get(key);
    if (seen) seen.quantity += line.quantity;
    else byKey.set(key, { ...line });
  }
  const merged = [...byKey.values()];
  const over = merged.find((line) => line.quantity > MAX_LINE_QUANTITY);
  if (over) {
    throw new DomainError("INVALID", `${TOO_MANY_OF_ONE_ITEM} ${over.productName || "An item"}${over.productSize ? ` (size ${over.productSize})` : ""}: ${over.quantity}.`);
  }
  return merged;
}
