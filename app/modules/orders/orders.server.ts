import { eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { jsonValue } from "~/lib/db/json-value";
import { DomainError } from "~/lib/errors";
import { newId } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { orderHistory, orderItems, orders } from "~/lib/db/tables/orders.server";
import { stock, stockMovements } from "~/lib/db/tables/catalogue.server";
import { totalsFor } from "~/modules/catalog/pricing";
import { cartLineRowsFrom, cartLineRowsQuery, priceLinesFrom, type CartLineRawRow } from "~/modules/cart/cart.server";
import type { PricedLine } from "~/modules/cart/cart-line";
import type { CartLineInput } from "~/modules/cart/cart.schema";
import { inStockLockOrder } from "~/modules/inventory/stock-lock-order";
import { guardedStockTake } from "~/modules/inventory/stock-take.server";
import { changeNotice } from "~/modules/live/live-events.server";
import { enqueueMailFrom } from "~/modules/mail/mail.server";
import type { CheckoutInput } from "./checkout.schema";
import { ORDER_CAP_MESSAGES, ORDER_CAPS, orderCapProblem } from "./order-caps";
import { orderConfirmationMail } from "./order-mail";
import { orderNumberFor } from "./order-number";
import { itemsKey } from "./order-review";

export interface PlaceOrderInput {
  customer: CheckoutInput;
  lines: CartLineInput[];
  /** A key from the checkout form: the same key never makes a second order. */
  idempotencyKey: string;
  /** The shop's address (PUBLIC_URL): the confirmation e-mail links its `/track` page with the order number filled in. */
  shopUrl?: string;
  /** The signed-in account placing the order, if any: the order is listed in its "My orders". */
  userId?: string | null;
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

/** What a key already used for another cart or other details answers: nothing about that order. */
const KEY_USED_FOR_ANOTHER_ORDER =
  "this page already placed an order with other items or details; its confirmation went to the e-mail given with it. To place this order as well, press Place Order again.";

/**
 * The order this checkout key already placed, when the key was used (answered as a repeat). Only
 * to the same cart and contact details: the same key with anything else is refused with CONFLICT,
 * and nothing about that order is told.
 */
export async function existingOrder(db: Db, input: PlaceOrderInput): Promise<PlacedOrder | undefined> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.idempotencyKey, input.idempotencyKey)).limit(1);
  if (!row) return undefined;
  return (await readOrder(db, input)).repeat;
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e?.code ?? e?.cause?.code;
  const name = e?.constraint ?? e?.cause?.constraint ?? String((error as Error)?.message ?? "");
  return code === "23505" && name.includes(constraint);
}

/**
 * Places a cash-on-delivery order in two statements (docs/decisions/0024): one read prices every
 * line from the database (never from the browser) and finds an order this key already placed; one
 * write takes the stock, writes the order with item snapshots, the stock trail and the history,
 * queues the confirmation mail and tells the live lists, all or nothing. If any line is short,
 * nothing is taken and the error lists what is left of each short line.
 */
export async function placeOrder(db: Db, input: PlaceOrderInput, now: () => Date = () => new Date()): Promise<PlacedOrder> {
  if (input.lines.length === 0) throw new DomainError("INVALID", "Your cart is empty. Please add items before placing an order.");
  try {
    const read = await readOrder(db, input);
    if (read.repeat) return read.repeat;
    const capped = orderCapProblem(input.lines);
    if (capped) throw new DomainError("INVALID", capped);
    const priced = mergeLines(read.lines);
    const missing = priced.filter((l) => !l.found);
    if (missing.length) {
      throw new DomainError("OUT_OF_STOCK", "Some items in your cart are no longer available.", {
        shortages: missing.map((l) => shortageOf(l, 0)),
      });
    }
    if (totalsFor(priced).total > ORDER_CAPS.valuePerOrder) throw new DomainError("INVALID", ORDER_CAP_MESSAGES.valuePerOrder);
    for (let ms = nextOrderMillis(now().getTime()), races = 0; ; ms = nextOrderMillis(ms + 1)) {
      let written: Written;
      try {
        written = await writeOrder(db, input, priced, ms);
      } catch (error) {
        // A stock row changed under the statement (see writeOrder): nothing was kept; try again
        // with a fresh view of the stock, a few times.
        if (error instanceof StockRace && ++races < 5) continue;
        if (error instanceof StockRace) throw new DomainError("UNAVAILABLE", "The shop is very busy right now. Please place your order again.");
        throw error;
      }
      if (written.placed) return written.placed;
      // The same key sent twice at once: the other request placed it first (if for this cart).
      if (written.repeat) return (await existingOrder(db, input)) ?? written.repeat;
      if (written.shortages.length) {
        // The same key sent twice at once, the first taking the last units: answer with its order.
        const first = await existingOrder(db, input);
        if (first) return first;
        throw new DomainError("OUT_OF_STOCK", "Some items in your cart are short of stock.", { shortages: written.shortages });
      }
      // Another instance took this order number in the same millisecond: nothing was written, try the next.
    }
  } catch (error) {
    // The same key submitted twice at once: the second waited for the first and now finds it.
    if (isUniqueViolation(error, "orders_idempotency_key_idx")) {
      const first = await existingOrder(db, input);
      if (first) return first;
    }
    throw error;
  }
}

type Rows = { rows: Record<string, unknown>[] };
/** The order a key already placed, as its JSON comes back: columns by name, its items' stock ids and quantities. */
type PriorOrder = {
  id: string | number;
  order_number: string;
  total: string | number;
  items: { stock_id: string | null; quantity: number }[] | null;
} & Record<(typeof CONTACT_COLUMNS)[keyof typeof CONTACT_COLUMNS], string | null>;

/** The contact details an order keeps, by the checkout form's field: a repeat must give the same. */
const CONTACT_COLUMNS = {
  firstName: "first_name",
  lastName: "last_name",
  email: "email",
  phone: "phone",
  alternatePhone: "alternate_phone",
  streetAddress: "street_address",
  apartment: "apartment",
  city: "city",
  state: "state",
  zipCode: "zip_code",
  country: "country",
  landmark: "landmark",
  notes: "notes",
} as const satisfies Record<keyof CheckoutInput, string>;

/**
 * The read, in one statement: every line priced, and the order this key already placed, if any.
 * That order is answered as a repeat only when it holds the same items in the same quantities for
 * the same contact details; otherwise the key is refused (CONFLICT) without a word about it.
 */
async function readOrder(db: Db, input: PlaceOrderInput): Promise<{ repeat?: PlacedOrder; lines: PricedLine[] }> {
  const productIds = [...new Set(input.lines.map((l) => l.productID))];
  const contact = sql.join(
    Object.values(CONTACT_COLUMNS).map((column) => sql`o.${sql.identifier(column)}`),
    sql`, `,
  );
  const { rows } = (await db.execute(sql`
    with prior as (
      select o.id, o.order_number, o.total, ${contact},
        (select json_agg(json_build_object('stock_id', i.stock_id, 'quantity', i.quantity)) from ${orderItems} i where i.order_id = o.id) as items
      from ${orders} o where o.idempotency_key = ${input.idempotencyKey} limit 1
    )
    select (select row_to_json(p) from prior p) as prior, r.*
    from (select 1) as one
    left join (${cartLineRowsQuery(productIds)}) r on true
    order by r.ord`)) as Rows;
  const lines = priceLinesFrom(input.lines, cartLineRowsFrom(rows.filter((r) => r.variant_id != null) as CartLineRawRow[]));
  const prior = jsonValue<PriorOrder | null>(rows[0]?.prior);
  if (!prior) return { lines };
  if (!sameOrder(prior, input.customer, lines)) throw new DomainError("CONFLICT", KEY_USED_FOR_ANOTHER_ORDER);
  return { repeat: { id: String(prior.id), orderNumber: String(prior.order_number), total: Number(prior.total), repeated: true }, lines };
}

/** Whether a stored order holds these priced lines (by stock row, units summed) for these contact details. */
function sameOrder(prior: PriorOrder, customer: CheckoutInput, lines: PricedLine[]): boolean {
  for (const [field, column] of Object.entries(CONTACT_COLUMNS)) {
    if (String(prior[column] ?? "") !== String(customer[field as keyof CheckoutInput] ?? "")) return false;
  }
  if (lines.some((l) => !l.found)) return false;
  const units = (pairs: [string, number][]) => {
    const byStock = new Map<string, number>();
    for (const [stockId, n] of pairs) byStock.set(stockId, (byStock.get(stockId) ?? 0) + n);
    return [...byStock].sort(([a], [b]) => a.localeCompare(b)).join(";");
  };
  const stored = prior.items ?? [];
  return units(stored.map((i) => [String(i.stock_id), Number(i.quantity)])) === units(lines.map((l) => [l.stockId!, l.quantity]));
}

/**
 * Order numbers this process handed out lately: its own orders in one millisecond take the next
 * numbers at once instead of finding each other's in the database. Other instances' orders in the
 * same millisecond are still found there (then nothing is written and the next number is tried).
 */
const recentOrderMillis = new Set<number>();
function nextOrderMillis(ms: number): number {
  while (recentOrderMillis.has(ms)) ms++;
  recentOrderMillis.add(ms);
  if (recentOrderMillis.size > 1000) recentOrderMillis.delete(recentOrderMillis.values().next().value!);
  return ms;
}

interface Written {
  placed?: PlacedOrder;
  repeat?: PlacedOrder;
  shortages: Shortage[];
}

/**
 * The write, as one statement (it commits by itself: no transaction, no BEGIN or COMMIT):
 *
 * 1. lock the lines' stock rows, in the one stock lock order (docs/decisions/0019), before anything
 *    is written, so a statement that waits for a row holds nothing another one waits for;
 * 2. only when every locked row has enough left, and this key has no order yet, insert the order
 *    under `orderNumberFor(ms)` (a number already taken inserts nothing, and so does all below);
 * 3. take the stock with the guarded UPDATE (`qty >= n`), insert the items, the stock movements,
 *    the history, the confirmation mail (outbox) and announce the order to the live lists.
 *
 * Every part of 3 follows from the order row of 2, so the statement writes all of it or nothing.
 */
async function writeOrder(db: Db, input: PlaceOrderInput, priced: PricedLine[], ms: number): Promise<Written> {
  const lines = inStockLockOrder(priced, (l) => l.stockId);
  const c = input.customer;
  const totals = totalsFor(lines);
  const orderId = newId();
  const orderNumber = orderNumberFor(ms);
  const items = lines.map((l) => ({
    id: newId(),
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
  const mail = {
    to: c.email,
    toName: `${c.firstName} ${c.lastName}`,
    ...orderConfirmationMail({
      orderNumber,
      firstName: c.firstName,
      lastName: c.lastName,
      phone: c.phone,
      address: c,
      items,
      ...totals,
      shopUrl: input.shopUrl,
    }),
  };
  const list = (parts: SQL[]) => sql.join(parts, sql`, `);
  const lineValues = list(lines.map((l, i) => sql`(${l.stockId}::text, ${l.quantity}::int, ${i}::int, ${newId()}::text)`));
  const itemValues = list(
    items.map(
      (i) =>
        sql`(${i.id}::text, ${i.productId}::text, ${i.variantId}::text, ${i.stockId}::text, ${i.productName}::text, ${i.variantName}::text,
          ${i.productImage}::text, ${i.color}::text, ${i.size}::text, ${i.quantity}::int, ${i.price}::bigint, ${i.discountPrice}::bigint,
          ${i.unitPrice}::bigint, ${i.lineTotal}::bigint)`,
    ),
  );
  const placedCte = sql.raw("placed");
  // Should the guarded update take less stock than the locked rows promised (a row updated by
  // another transaction between the statement's snapshot and its lock), the order must not stand:
  // the statement then fails on purpose (`guard`, a cast of a text naming STOCK_RACE) and, being
  // its own transaction, leaves nothing behind. No BEGIN or COMMIT round trip holds the stock locks.
  let rows: Rows["rows"];
  try {
    ({ rows } = (await db.execute(sql`
    with lines (stock_id, n, pos, movement_id) as (values ${lineValues}),
    locked as materialized (
      select s.id, s.qty from ${stock} s join lines l on l.stock_id = s.id
      order by l.pos
      for update of s
    ),
    ok as materialized (
      select count(*) = ${lines.length} as all_ok from locked k join lines l on l.stock_id = k.id where k.qty >= l.n
    ),
    prior as materialized (select id, order_number, total from ${orders} where idempotency_key = ${input.idempotencyKey} limit 1),
    placed as (
      insert into ${orders} (id, order_number, idempotency_key, first_name, last_name, email, phone, alternate_phone,
        street_address, apartment, city, state, zip_code, country, landmark, notes, payment_method,
        subtotal, tax, shipping, total, status, items_key, user_id, created_at)
      select ${orderId}, ${orderNumber}, ${input.idempotencyKey}, ${c.firstName}, ${c.lastName}, ${c.email}, ${c.phone}, ${c.alternatePhone},
        ${c.streetAddress}, ${c.apartment}, ${c.city}, ${c.state}, ${c.zipCode}, ${c.country}, ${c.landmark}, ${c.notes}, 'cod',
        ${totals.subtotal}::bigint, ${totals.tax}::bigint, ${totals.shipping}::bigint, ${totals.total}::bigint, 'confirmed', ${itemsKey(items)},
        ${input.userId ?? null}::text, ${new Date(ms).toISOString()}::timestamptz
      where (select all_ok from ok) and not exists (select 1 from prior)
      -- Two orders in the same millisecond: the second inserts nothing and tries the next number.
      on conflict (order_number) do nothing
      returning id, order_number, total
    ),
    taken as (${guardedStockTake(sql`lines l, placed`)}),
    items as (
      insert into ${orderItems} (id, order_id, product_id, variant_id, stock_id, product_name, variant_name, product_image, color, size,
        quantity, price, discount_price, unit_price, line_total)
      select i.id, placed.id, i.product_id, i.variant_id, i.stock_id, i.product_name, i.variant_name, i.product_image, i.color, i.size,
        i.quantity, i.price, i.discount_price, i.unit_price, i.line_total
      from placed, (values ${itemValues}) as i (id, product_id, variant_id, stock_id, product_name, variant_name, product_image, color, size,
        quantity, price, discount_price, unit_price, line_total)
    ),
    movements as (
      insert into ${stockMovements} (id, stock_id, delta, reason, order_id)
      select l.movement_id, l.stock_id, -l.n, 'order', placed.id from placed, lines l
    ),
    history as (
      insert into ${orderHistory} (id, order_id, from_status, to_status, note)
      select ${newId()}, placed.id, null, 'confirmed', 'Order placed' from placed
    ),
    mail as (${enqueueMailFrom(placedCte, mail)}),
    notice as (select ${changeNotice({ topic: "orders", id: orderId })} from placed)
    select (select all_ok from ok) as ok,
      (select count(*) from taken)::int as taken,
      (select count(*) from notice)::int as announced,
      (select json_agg(json_build_object('id', k.id, 'qty', k.qty)) from locked k) as stock,
      (select row_to_json(p) from prior p) as prior,
      (select row_to_json(o) from placed o) as placed,
      (select case when (select count(*) from taken) <> ${lines.length} then (${STOCK_RACE} || o.id)::int end from placed o) as guard`)) as Rows);
  } catch (error) {
    // The database's own error (a failed query wraps it): the wrapper's text lists the statement's
    // parameters, STOCK_RACE among them, whatever made it fail.
    const cause = (error as { cause?: unknown }).cause ?? error;
    if (cause instanceof Error && cause.message.includes(STOCK_RACE)) {
      logger.warn({ orderId, lines: lines.length }, "stock changed under an order's statement: taken back and tried again");
      throw new StockRace();
    }
    throw error;
  }
  const row = rows[0];
  const placed = jsonValue<{ id: string; order_number: string; total: number } | null>(row.placed);
  if (placed) {
    return { placed: { id: placed.id, orderNumber: placed.order_number, total: Number(placed.total), repeated: false }, shortages: [] };
  }
  const prior = jsonValue<{ id: string; order_number: string; total: number } | null>(row.prior);
  if (prior) return { repeat: { id: prior.id, orderNumber: prior.order_number, total: Number(prior.total), repeated: true }, shortages: [] };
  if (row.ok === true || row.ok === "t") return { shortages: [] };
  const left = new Map((jsonValue<{ id: string; qty: number }[] | null>(row.stock) ?? []).map((s) => [s.id, Number(s.qty)]));
  const shortages = priced.filter((l) => (left.get(l.stockId!) ?? 0) < l.quantity).map((l) => shortageOf(l, left.get(l.stockId!) ?? 0));
  return { shortages };
}

/** Thrown when an order's statement failed on purpose because its stock changed under it (nothing was kept). */
class StockRace extends Error {}
/** The text the failing cast of such a statement carries. */
const STOCK_RACE = "stock changed under the order ";

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
 * ORDER_CAPS.itemsPerLine however many lines (or spellings of its variant) were sent.
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
  if (merged.some((line) => line.quantity > ORDER_CAPS.itemsPerLine)) throw new DomainError("INVALID", ORDER_CAP_MESSAGES.itemsPerLine);
  return merged;
}
