import { hasDiscount, toPaisa, totalsFor } from "~/modules/catalog/pricing";
import { MAX_QTY, MAX_RUPEES } from "~/modules/catalog/product-form.schema";
import { contactSubjects } from "~/modules/messages/contact-subjects";
import { orderNumberFor } from "~/modules/orders/order-number";
import { MAX_VIDEOS_PER_VARIANT } from "~/modules/media/upload-limits";
import type { OrderCustomer } from "~/modules/orders/order-customer";
import { isAdminRole } from "~/modules/accounts/roles";
import { GENDERS, ORDER_STATUSES, SUBMISSION_STATUSES, type OrderStatus, type Role, type SubmissionStatus } from "~/lib/db/value-lists";
import {
  amount,
  categoryRecord,
  firstProblem,
  orderItemRecord,
  orderRecord,
  parseTimestamp,
  productRecord,
  stockRecord,
  submissionRecord,
  subscriberRecord,
  userRecord,
  variantRecord,
} from "./export.schema";
import {
  ADDRESS,
  CATEGORY,
  CUSTOMER,
  ORDER,
  ORDER_ITEM,
  ORDER_STATUS_WORDS,
  PASSWORD_FIELD,
  PRODUCT,
  ROLE_WORDS,
  STOCK,
  SUBMISSION,
  SUBMISSION_STATUS_WORDS,
  SUBSCRIBER,
  USER,
  VARIANT,
} from "./original-fields";

/**
 * Pure mapping of the original shop's records onto the shop's own: no I/O. Each function answers
 * the record to write and what was changed on the way (`adjusted`), or why it is skipped.
 */

export type Mapped<T> = { ok: true; value: T; adjusted: string[] } | { ok: false; reason: string };

type Doc = Record<string, unknown>;

function isDoc(value: unknown): value is Doc {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A media address as stored: http or https only; anything else is not a file we can show. */
export function mediaUrl(value: unknown): string | null {
  if (typeof value !== "string") return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/** A date from the first of `values` that reads as one, else `fallback` (with a note). */
function dateOf(values: unknown[], field: string, fallback: Date, adjusted: string[]): Date {
  for (const value of values) {
    const date = parseTimestamp(value);
    if (date) return date;
  }
  adjusted.push(`${field} missing or unreadable: set to ${fallback.toISOString()}`);
  return fallback;
}

function optionalDate(value: unknown): Date | null {
  return parseTimestamp(value);
}

const paisa = (rupees: number) => toPaisa(rupees);

// ------------------------------------------------------------------ categories

export interface CategoryData {
  name: string;
  imageUrl: string | null;
  createdAt: Date;
}

export function mapCategory(doc: unknown, now: Date): Mapped<CategoryData> {
  const parsed = categoryRecord.safeParse(doc);
  if (!parsed.success) return { ok: false, reason: firstProblem(parsed.error) };
  const r = parsed.data;
  const adjusted: string[] = [];
  const raw = r[CATEGORY.image];
  const imageUrl = raw ? mediaUrl(raw) : null;
  if (raw && !imageUrl) adjusted.push(`${CATEGORY.image} is not a web address: the category has no image`);
  return {
    ok: true,
    value: { name: r[CATEGORY.name], imageUrl, createdAt: dateOf([r[CATEGORY.created]], CATEGORY.created, now, adjusted) },
    adjusted,
  };
}

// ------------------------------------------------------------------ products

interface StockData {
  size: string;
  qty: number;
}

export interface VariantData {
  name: string;
  soleColor: string;
  /** Paisa. */
  price: number;
  inOffer: boolean;
  /** Paisa; 0 when none. */
  discountPrice: number;
  images: string[];
  videos: string[];
  stock: StockData[];
}

export interface ProductData {
  name: string;
  description: string;
  code: string;
  rating: number;
  reviewCount: number;
  createdAt: Date;
  updatedAt: Date | null;
  /** The original's category ids, in order, duplicates removed. */
  categoryIds: string[];
  variants: VariantData[];
}

function urls(values: unknown[], field: string, adjusted: string[]): string[] {
  const out: string[] = [];
  for (const value of values) {
    const url = mediaUrl(value);
    if (url) {
      if (!out.includes(url)) out.push(url);
    } else adjusted.push(`${field}: ${JSON.stringify(value)} is not a web address: left out`);
  }
  return out;
}

/** One variant, or why it is left out. `where` names it in notes (`PType[1] 'Brown'`). */
export function mapVariant(doc: unknown, where: string): Mapped<VariantData> {
  if (!isDoc(doc)) return { ok: false, reason: `${where} is not a record` };
  const parsed = variantRecord.safeParse(doc);
  if (!parsed.success) return { ok: false, reason: `${where}: ${firstProblem(parsed.error)}` };
  const r = parsed.data;
  const adjusted: string[] = [];
  const rupees = r[VARIANT.price];
  if (rupees > MAX_RUPEES) return { ok: false, reason: `${where}: price above ${MAX_RUPEES}` };

  // Stock rows: a broken row leaves the variant out (its quantities are what the shop sells from).
  const stock: StockData[] = [];
  for (const [i, row] of r[VARIANT.stock].entries()) {
    const s = stockRecord.safeParse(row);
    if (!s.success) return { ok: false, reason: `${where} ${VARIANT.stock}[${i}]: ${firstProblem(s.error)}` };
    const size = s.data[STOCK.size];
    const qty = s.data[STOCK.qty];
    if (qty > MAX_QTY) return { ok: false, reason: `${where} ${VARIANT.stock}[${i}]: quantity above ${MAX_QTY}` };
    const same = stock.find((x) => x.size.toLowerCase() === size.toLowerCase());
    if (same) {
      same.qty = Math.min(MAX_QTY, same.qty + qty);
      adjusted.push(`${where}: size ${JSON.stringify(size)} appears twice: quantities added together`);
    } else stock.push({ size, qty });
  }
  if (stock.length === 0) {
    stock.push({ size: "", qty: 0 });
    adjusted.push(`${where}: no stock rows: one row with no size and quantity 0 added`);
  }

  const price = paisa(rupees);
  let discountPrice = 0;
  const rawDiscount = r[VARIANT.discountPrice];
  if (rawDiscount != null && rawDiscount !== "") {
    const d = amount.safeParse(rawDiscount);
    if (!d.success || d.data < 0 || d.data > MAX_RUPEES)
      adjusted.push(`${where}: ${VARIANT.discountPrice} ${JSON.stringify(rawDiscount)} is not a price: set to 0`);
    else discountPrice = paisa(d.data);
  }
  const inOffer = r[VARIANT.inOffer];
  if (inOffer && !hasDiscount({ price, inOffer, discountPrice })) {
    adjusted.push(`${where}: on offer without a discount price between 0 and the price: shown at full price`);
  }

  const soleColor = r[VARIANT.soleColor];
  let name = r[VARIANT.name];
  if (!name) {
    name = soleColor || where;
    adjusted.push(`${where}: ${VARIANT.name} is empty: named ${JSON.stringify(name)}`);
  }
  const images = urls(r[VARIANT.images], `${where} ${VARIANT.images}`, adjusted);
  let videos = urls(r[VARIANT.videos], `${where} ${VARIANT.videos}`, adjusted);
  if (videos.length > MAX_VIDEOS_PER_VARIANT) {
    adjusted.push(
      `${where}: ${videos.length} videos, the shop keeps ${MAX_VIDEOS_PER_VARIANT} per variant: ${videos.slice(MAX_VIDEOS_PER_VARIANT).join(", ")} left out`,
    );
    videos = videos.slice(0, MAX_VIDEOS_PER_VARIANT);
  }
  return { ok: true, value: { name, soleColor, price, inOffer, discountPrice, images, videos, stock }, adjusted };
}

export function mapProduct(doc: unknown, now: Date): Mapped<ProductData> {
  const parsed = productRecord.safeParse(doc);
  if (!parsed.success) return { ok: false, reason: firstProblem(parsed.error) };
  const r = parsed.data;
  const adjusted: string[] = [];
  const variants: VariantData[] = [];
  for (const [i, v] of r[PRODUCT.variants].entries()) {
    const label =
      isDoc(v) && typeof v[VARIANT.name] === "string" && v[VARIANT.name]
        ? `${PRODUCT.variants}[${i}] ${JSON.stringify(v[VARIANT.name])}`
        : `${PRODUCT.variants}[${i}]`;
    const mapped = mapVariant(v, label);
    if (mapped.ok) {
      variants.push(mapped.value);
      adjusted.push(...mapped.adjusted);
    } else adjusted.push(`${mapped.reason}: variant left out`);
  }
  if (variants.length === 0) return { ok: false, reason: adjusted.length ? `no usable variant (${adjusted.join("; ")})` : "no variants" };

  const categoryIds: string[] = [];
  for (const id of r[PRODUCT.categories]) {
    if (typeof id === "string" && id.trim()) {
      if (!categoryIds.includes(id.trim())) categoryIds.push(id.trim());
    } else adjusted.push(`${PRODUCT.categories}: ${JSON.stringify(id)} is not a category id: left out`);
  }
  let rating = 0;
  const rawRating = r[PRODUCT.rating];
  if (rawRating != null) {
    const parsedRating = amount.safeParse(rawRating);
    if (parsedRating.success && parsedRating.data >= 0 && parsedRating.data <= 5) rating = parsedRating.data;
    else adjusted.push(`${PRODUCT.rating} ${JSON.stringify(rawRating)} is not a rating from 0 to 5: set to 0 (none)`);
  }
  return {
    ok: true,
    value: {
      name: r[PRODUCT.name],
      description: r[PRODUCT.description],
      code: r[PRODUCT.code],
      rating,
      reviewCount: r[PRODUCT.reviews].length,
      createdAt: dateOf([r[PRODUCT.added]], PRODUCT.added, now, adjusted),
      updatedAt: optionalDate(r[PRODUCT.modified]),
      categoryIds,
      variants,
    },
    adjusted,
  };
}

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

// ------------------------------------------------------------------ contact submissions

export function mapSubmissionStatus(value: string, read: boolean): { status: SubmissionStatus; note?: string } {
  const word = value.trim().toLowerCase();
  if (!word) return { status: read ? "read" : "new" };
  if ((SUBMISSION_STATUSES as readonly string[]).includes(word)) return { status: word as SubmissionStatus };
  const known = SUBMISSION_STATUS_WORDS[word];
  if (known) return { status: known, note: `status ${JSON.stringify(value)} taken as ${JSON.stringify(known)}` };
  const chosen: SubmissionStatus = read ? "read" : "new";
  return { status: chosen, note: `unknown status ${JSON.stringify(value)}: set to ${JSON.stringify(chosen)}` };
}

/** A subject as the contact form's value (`product-inquiry`), from a value or a label. */
export function mapSubject(value: string): { subject: string; note?: string } {
  const key = value
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, "-");
  if (!key) return { subject: "other" };
  const found = contactSubjects.find((s) => s.value === key || s.label.toLowerCase().replace(/\s+/g, "-") === key);
  if (found) return { subject: found.value };
  return { subject: "other", note: `subject ${JSON.stringify(value)} is not one of the shop's: set to "other"` };
}

export interface SubmissionData {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  status: SubmissionStatus;
  read: boolean;
  createdAt: Date;
  updatedAt: Date | null;
}

export function mapSubmission(doc: unknown, now: Date): Mapped<SubmissionData> {
  const parsed = submissionRecord.safeParse(doc);
  if (!parsed.success) return { ok: false, reason: firstProblem(parsed.error) };
  const r = parsed.data;
  const adjusted: string[] = [];
  const read = r[SUBMISSION.read];
  const { status, note } = mapSubmissionStatus(r[SUBMISSION.status], read);
  if (note) adjusted.push(note);
  const subject = mapSubject(r[SUBMISSION.subject]);
  if (subject.note) adjusted.push(subject.note);
  return {
    ok: true,
    value: {
      name: r[SUBMISSION.name],
      email: r[SUBMISSION.email],
      phone: r[SUBMISSION.phone],
      subject: subject.subject,
      message: r[SUBMISSION.message],
      status,
      read,
      createdAt: dateOf([r[SUBMISSION.created]], SUBMISSION.created, now, adjusted),
      updatedAt: optionalDate(r[SUBMISSION.updated]),
    },
    adjusted,
  };
}

// ------------------------------------------------------------------ users and subscribers

/** The record without any field that may hold a password: nothing after this sees one. */
export function withoutPasswords(doc: unknown): unknown {
  if (!isDoc(doc)) return doc;
  return Object.fromEntries(Object.entries(doc).filter(([key]) => !PASSWORD_FIELD.test(key)));
}

export interface UserData {
  email: string;
  firstName: string;
  lastName: string;
  gender: string;
  numberCode: string;
  number: string;
  role: Role;
  createdAt: Date;
}

export function mapRole(value: string): { role: UserData["role"]; note?: string } {
  const word = value.trim().toLowerCase();
  if (!word) return { role: "user" };
  if (word === "user" || isAdminRole(word)) return { role: word };
  const known = ROLE_WORDS[word];
  if (known) return { role: known, note: `role ${JSON.stringify(value)} taken as ${JSON.stringify(known)}` };
  return { role: "user", note: `unknown role ${JSON.stringify(value)}: set to "user"` };
}

/** A user record (passwords removed first). */
export function mapUser(doc: unknown, now: Date): Mapped<UserData> {
  const parsed = userRecord.safeParse(withoutPasswords(doc));
  if (!parsed.success) return { ok: false, reason: firstProblem(parsed.error) };
  const r = parsed.data;
  const adjusted: string[] = [];
  const { role, note } = mapRole(r[USER.role]);
  if (note) adjusted.push(note);
  let gender = r[USER.gender].toLowerCase();
  if (gender && !(GENDERS as readonly string[]).includes(gender)) {
    adjusted.push(`${USER.gender} ${JSON.stringify(r[USER.gender])} is not male, female or other: left empty`);
    gender = "";
  }
  return {
    ok: true,
    value: {
      email: r[USER.email].toLowerCase(),
      firstName: r[USER.firstName],
      lastName: r[USER.lastName],
      gender,
      numberCode: r[USER.numberCode] || "+92",
      number: r[USER.number],
      role,
      createdAt: dateOf([r[USER.created]], USER.created, now, adjusted),
    },
    adjusted,
  };
}

export interface SubscriberData {
  email: string;
  createdAt: Date;
}

export function mapSubscriber(doc: unknown, now: Date): Mapped<SubscriberData> {
  const parsed = subscriberRecord.safeParse(doc);
  if (!parsed.success) return { ok: false, reason: firstProblem(parsed.error) };
  const adjusted: string[] = [];
  const r = parsed.data;
  return {
    ok: true,
    value: { email: r[SUBSCRIBER.email], createdAt: dateOf([r[SUBSCRIBER.subscribed]], SUBSCRIBER.subscribed, now, adjusted) },
    adjusted,
  };
}
