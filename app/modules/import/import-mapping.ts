import { hasDiscount, toPaisa } from "~/modules/catalog/pricing";
import { MAX_QTY, MAX_RUPEES } from "~/modules/catalog/product-form.schema";
import { MAX_VIDEOS_PER_VARIANT } from "~/modules/media/upload-limits";
import { amount, categoryRecord, firstProblem, parseTimestamp, productRecord, stockRecord, variantRecord } from "./export.schema";
import { CATEGORY, PRODUCT, STOCK, VARIANT } from "./original-fields";

/**
 * Pure mapping of the original shop's records onto the shop's own: no I/O. Each function answers
 * the record to write and what was changed on the way (`adjusted`), or why it is skipped.
 */

export type Mapped<T> = { ok: true; value: T; adjusted: string[] } | { ok: false; reason: string };

type Doc = Record<string, unknown>;

export function isDoc(value: unknown): value is Doc {
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
export function dateOf(values: unknown[], field: string, fallback: Date, adjusted: string[]): Date {
  for (const value of values) {
    const date = parseTimestamp(value);
    if (date) return date;
  }
  adjusted.push(`${field} missing or unreadable: set to ${fallback.toISOString()}`);
  return fallback;
}

export function optionalDate(value: unknown): Date | null {
  return parseTimestamp(value);
}

export const paisa = (rupees: number) => toPaisa(rupees);

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
