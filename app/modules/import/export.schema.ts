import { z } from "zod";
import { isEmailAddress } from "~/lib/email-address";
import { ADDRESS, CATEGORY, CUSTOMER, ORDER, ORDER_ITEM, PRODUCT, STOCK, SUBMISSION, SUBSCRIBER, USER, VARIANT } from "./original-fields";

/**
 * The records of the original shop's export, checked one by one. A record that fails its schema
 * is skipped with the first problem as the reason; parts of a record (a variant, a stock row, an
 * order line) have schemas of their own, so a broken part is dropped and the record kept.
 */

/** A timestamp in any of the export tools' shapes: ISO text, `{_seconds,_nanoseconds}`, or `{"__datatype__":"timestamp",value:…}`. */
export function parseTimestamp(value: unknown): Date | null {
  if (value == null) return null;
  if (typeof value === "string") {
    const text = value.trim();
    if (!/^\d{4}-\d{2}-\d{2}/.test(text)) return null;
    const date = new Date(text);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  if (typeof value === "number") return Number.isFinite(value) && value > 0 ? new Date(value) : null;
  if (typeof value !== "object") return null;
  const o = value as Record<string, unknown>;
  if (o.__datatype__ === "timestamp") return parseTimestamp(o.value);
  const seconds = o._seconds ?? o.seconds;
  const nanos = o._nanoseconds ?? o.nanoseconds ?? 0;
  if (typeof seconds !== "number" || !Number.isFinite(seconds) || typeof nanos !== "number" || !Number.isFinite(nanos)) return null;
  const date = new Date(seconds * 1000 + Math.floor(nanos / 1e6));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Text, trimmed; absent or null is empty; numbers are written out (a phone stored as a number). */
const text = z.preprocess((v) => (v == null ? "" : typeof v === "number" ? String(v) : v), z.string().trim());
const requiredText = (what: string) =>
  z.preprocess(
    (v) => (typeof v === "number" ? String(v) : v),
    z
      .string({ error: `${what} is missing` })
      .trim()
      .min(1, `${what} is empty`),
  );
/** Anything: dates are read by parseTimestamp, which reports what it cannot read. */
const loose = z.unknown().optional();
const list = z.preprocess((v) => (v == null ? [] : v), z.array(z.unknown(), { error: "is not a list" }));

/** A number as the original stored it; numeric text ('4500', '4,500.50') is taken too. */
export const amount = z.preprocess(
  (v) => (typeof v === "string" && /^\s*-?[\d,]+(\.\d+)?\s*$/.test(v) ? Number(v.replace(/[,\s]/g, "")) : v),
  z.number({ error: "is not a number" }).refine(Number.isFinite, "is not a number"),
);

const email = (what: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.string({ error: `${what} is missing` }).refine(isEmailAddress, `${what} is not a valid e-mail address`),
  );

export const categoryRecord = z.object({
  [CATEGORY.name]: requiredText("CategoryName"),
  [CATEGORY.image]: text,
  [CATEGORY.created]: loose,
});

export const stockRecord = z.object({
  [STOCK.size]: text,
  [STOCK.qty]: amount.pipe(z.number().int("quantity is not a whole number").min(0, "quantity is negative")),
});

export const variantRecord = z.object({
  [VARIANT.name]: text,
  [VARIANT.soleColor]: text,
  [VARIANT.price]: amount.pipe(z.number().min(0, "price is negative")),
  [VARIANT.inOffer]: z.preprocess((v) => v === true || v === "true", z.boolean()),
  [VARIANT.discountPrice]: loose,
  [VARIANT.images]: list,
  [VARIANT.videos]: list,
  [VARIANT.stock]: list,
});

export const productRecord = z.object({
  [PRODUCT.name]: requiredText("PName"),
  [PRODUCT.description]: text,
  [PRODUCT.categories]: list,
  [PRODUCT.code]: text,
  [PRODUCT.rating]: loose,
  [PRODUCT.reviews]: list,
  [PRODUCT.added]: loose,
  [PRODUCT.modified]: loose,
  [PRODUCT.variants]: z.array(z.unknown(), { error: "PType (the variants) is not a list" }),
});

export const orderItemRecord = z.object({
  [ORDER_ITEM.productId]: text,
  [ORDER_ITEM.variantKey]: text,
  [ORDER_ITEM.name]: requiredText("productName"),
  [ORDER_ITEM.image]: text,
  [ORDER_ITEM.color]: text,
  [ORDER_ITEM.size]: text,
  [ORDER_ITEM.quantity]: amount.pipe(z.number().int("quantity is not a whole number").min(1, "quantity is below 1")),
  [ORDER_ITEM.price]: amount.pipe(z.number().min(0, "price is negative")),
  [ORDER_ITEM.discountPrice]: loose,
});

const objectOrEmpty = <T extends z.ZodRawShape>(shape: T) => z.preprocess((v) => (v == null ? {} : v), z.object(shape));

export const orderRecord = z.object({
  [ORDER.number]: text,
  [ORDER.date]: loose,
  [ORDER.customer]: objectOrEmpty({
    [CUSTOMER.firstName]: text,
    [CUSTOMER.lastName]: text,
    [CUSTOMER.email]: text,
    [CUSTOMER.phone]: text,
    [CUSTOMER.alternatePhone]: text,
  }),
  [ORDER.address]: objectOrEmpty({
    [ADDRESS.street]: text,
    [ADDRESS.apartment]: text,
    [ADDRESS.city]: text,
    [ADDRESS.state]: text,
    [ADDRESS.zip]: text,
    [ADDRESS.country]: text,
    [ADDRESS.landmark]: text,
  }),
  [ORDER.paymentMethod]: text,
  [ORDER.items]: z.array(z.unknown(), { error: "items is not a list" }),
  [ORDER.subtotal]: loose,
  [ORDER.tax]: loose,
  [ORDER.shipping]: loose,
  [ORDER.total]: loose,
  [ORDER.status]: text,
  [ORDER.notes]: text,
  [ORDER.timestamp]: loose,
  [ORDER.created]: loose,
  [ORDER.updated]: loose,
});

export const submissionRecord = z.object({
  [SUBMISSION.name]: requiredText("name"),
  [SUBMISSION.email]: email("email"),
  [SUBMISSION.phone]: text,
  [SUBMISSION.subject]: text,
  [SUBMISSION.message]: requiredText("message"),
  [SUBMISSION.status]: text,
  [SUBMISSION.read]: z.preprocess((v) => v === true || v === "true", z.boolean()),
  [SUBMISSION.created]: loose,
  [SUBMISSION.updated]: loose,
});

export const userRecord = z.object({
  [USER.email]: email("Email"),
  [USER.firstName]: text,
  [USER.lastName]: text,
  [USER.gender]: text,
  [USER.numberCode]: text,
  [USER.number]: text,
  [USER.role]: text,
  [USER.created]: loose,
});

export const subscriberRecord = z.object({
  [SUBSCRIBER.email]: email("email"),
  [SUBSCRIBER.subscribed]: loose,
});

/** The first problem of a failed parse, as one line: `PName is missing`, `PStock.0.Qty: quantity is negative`. */
export function firstProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "is not valid";
  const where = issue.path.join(".");
  return where && !issue.message.startsWith(String(issue.path[0])) ? `${where}: ${issue.message}` : issue.message;
}
