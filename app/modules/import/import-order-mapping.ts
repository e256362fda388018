import { totalsFor } from "~/modules/catalog/pricing";
import { orderNumberFor } from "~/modules/orders/order-number";
import type { OrderCustomer } from "~/modules/orders/order-customer";
import { ORDER_STATUSES, type OrderStatus } from "~/lib/db/value-lists";
import { amount, firstProblem, orderItemRecord, orderRecord } from "./export.schema";
import { ADDRESS, CUSTOMER, ORDER, ORDER_ITEM, ORDER_STATUS_WORDS } from "./original-fields";
import { dateOf, optionalDate, paisa, type Mapped, mediaUrl } from "./import-mapping";

// Pure mapping of the original shop's orders and their lines onto the shop's own (import-mapping.ts).

// ------------------------------------------------------------------ orders

/** A status word of the original, as one of the shop's; `note` says when it was not the same word. */
export function mapOrderStatus(value: string): { status: OrderStatus; note?: string } {
  const word = value.trim().toLowerCase();
  if ((ORDER_STATUSES as readonly string[]).includes(word)) return { status: word as OrderStatus };
  const known = ORDER_STATUS_WORDS[word];
  if (known) return { status: known, note: `status ${JSON.stringify(value)} taken as ${JSON.stringify(known)}` };
  return { status: "confirmed", note: `unknown status ${JSON.stringify(value)}: set to "confirmed"` };
}

interface OrderItemData {
  /** The original's product id, when the line names one. */
  productSourceId: string;
  productName: string;
  productImage: string;
  color: string;
  size: string;
  quantity: number;
  price: number;
  discountPrice: number | null;
  unitPrice: number;
  lineTotal: number;
}

/** An order as it will be stored: the orders table's own fields (the number is the original's, or one made from the order's time). */
export type OrderData = OrderCustomer & {
  orderNumber: string;
  subtotal: number;
  tax: number;
  shipping: number;
  total: number;
  status: OrderStatus;
  createdAt: Date;
  updatedAt: Date | null;
  items: OrderItemData[];
};

/** A size of a product in this shop's catalogue, as an imported order line is matched to it. */
export interface CatalogueSize {
  productId: string;
  variantName: string;
  size: string;
  stockId: string;
}

const sameWords = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The catalogue size an imported order line was sold from, so that cancelling the order gives its
 * stock back (and reinstating takes it again) as for an order placed here: the line's size of the
 * variant named as its colour; or, when the colour names no variant, the only variant with that
 * size. Null when the product is gone, or no size or more than one could be it.
 */
export function catalogueSizeOf(sizes: readonly CatalogueSize[], line: { productId: string | null; color: string; size: string }): string | null {
  if (!line.productId) return null;
  const ofSize = sizes.filter((s) => s.productId === line.productId && sameWords(s.size, line.size));
  const named = ofSize.filter((s) => sameWords(s.variantName, line.color));
  const candidates = named.length ? named : ofSize;
  return candidates.length === 1 ? candidates[0].stockId : null;
}

export function mapOrder(doc: unknown, now: Date): Mapped<OrderData> {
  const parsed = orderRecord.safeParse(doc);
  if (!parsed.success) return { ok: false, reason: firstProblem(parsed.error) };
  const r = parsed.data;
  const adjusted: string[] = [];
  const items: OrderItemData[] = [];
  for (const [i, raw] of r[ORDER.items].entries()) {
    const p = orderItemRecord.safeParse(raw);
    if (!p.success) {
      adjusted.push(`${ORDER.items}[${i}]: ${firstProblem(p.error)}: line left out`);
      continue;
    }
    const it = p.data;
    const price = paisa(it[ORDER_ITEM.price]);
    const d = amount.safeParse(it[ORDER_ITEM.discountPrice]);
    const discount = d.success ? paisa(d.data) : 0;
    // The shop's rule: a discount counts only when it is above 0 and below the price.
    const discountPrice = discount > 0 && discount < price ? discount : null;
    const unitPrice = discountPrice ?? price;
    const quantity = it[ORDER_ITEM.quantity];
    const rawImage = it[ORDER_ITEM.image];
    const productImage = rawImage ? (mediaUrl(rawImage) ?? "") : "";
    if (rawImage && !productImage) adjusted.push(`${ORDER.items}[${i}]: ${ORDER_ITEM.image} is not a web address: left out`);
    items.push({
      productSourceId: it[ORDER_ITEM.productId],
      productName: it[ORDER_ITEM.name],
      productImage,
      color: it[ORDER_ITEM.color],
      size: it[ORDER_ITEM.size],
      quantity,
      price,
      discountPrice,
      unitPrice,
      lineTotal: unitPrice * quantity,
    });
  }
  if (items.length === 0) return { ok: false, reason: adjusted.length ? `no usable line (${adjusted.join("; ")})` : "no items" };

  const createdAt = dateOf([r[ORDER.created], r[ORDER.timestamp], r[ORDER.date]], ORDER.created, now, adjusted);
  const computed = totalsFor(items);
  const money = (field: "subtotal" | "tax" | "shipping" | "total"): number => {
    const raw = r[ORDER[field]];
    const p = amount.safeParse(raw);
    if (p.success && p.data >= 0) return paisa(p.data);
    if (!(field === "shipping" && raw == null))
      adjusted.push(`${ORDER[field]} ${JSON.stringify(raw ?? null)} is not an amount: computed from the lines`);
    return computed[field];
  };
  const { status, note } = mapOrderStatus(r[ORDER.status] || "confirmed");
  if (note) adjusted.push(note);
  let orderNumber = r[ORDER.number];
  if (!orderNumber) {
    orderNumber = orderNumberFor(createdAt.getTime());
    adjusted.push(`${ORDER.number} missing: numbered ${orderNumber} from the order's time`);
  }
  const c = r[ORDER.customer] as Record<string, string>;
  const a = r[ORDER.address] as Record<string, string>;
  return {
    ok: true,
    value: {
      orderNumber,
      firstName: c[CUSTOMER.firstName],
      lastName: c[CUSTOMER.lastName],
      email: c[CUSTOMER.email],
      phone: c[CUSTOMER.phone],
      alternatePhone: c[CUSTOMER.alternatePhone],
      streetAddress: a[ADDRESS.street],
      apartment: a[ADDRESS.apartment],
      city: a[ADDRESS.city],
      state: a[ADDRESS.state],
      zipCode: a[ADDRESS.zip],
      country: a[ADDRESS.country] || "Pakistan",
      landmark: a[ADDRESS.landmark],
      notes: r[ORDER.notes],
      paymentMethod: r[ORDER.paymentMethod] || "cod",
      subtotal: money("subtotal"),
      tax: money("tax"),
      shipping: money("shipping"),
      total: money("total"),
      status,
      createdAt,
      updatedAt: optionalDate(r[ORDER.updated]),
      items,
    },
    adjusted,
  };
}
