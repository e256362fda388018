import { hasDiscount, type PricedVariant } from "./pricing";

/** Rules about how products present themselves. Pure: used by the browser and the server. */

export const NEW_PRODUCT_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** NEW badge: added less than 30 days ago. */
export function isNew(addedAt: Date | string, now: Date = new Date()): boolean {
  const added = typeof addedAt === "string" ? new Date(addedAt) : addedAt;
  const age = now.getTime() - added.getTime();
  return Number.isFinite(age) && age >= 0 && age < NEW_PRODUCT_DAYS * DAY_MS;
}

/** The fields every view of a variant shares (storefront, editor, form); prices in paisa. */
export interface StockedVariant extends PricedVariant {
  id: string;
  name: string;
  soleColor: string;
  stock: { id: string; size: string; qty: number }[];
}

/** A variant is on offer when its discount really applies. */
export function isOnOffer(v: PricedVariant): boolean {
  return hasDiscount(v);
}

/** Featured products are those with at least one variant on offer. */
export function isFeatured(variants: ReadonlyArray<PricedVariant>): boolean {
  return variants.some(isOnOffer);
}

export const KNOWN_SWATCHES: Record<string, string> = {
  red: "#b91c1c",
  blue: "#1d4ed8",
  green: "#15803d",
  black: "#111111",
  white: "#ffffff",
  brown: "#6b3f1d",
  tan: "#c8a27a",
  navy: "#1e2a4a",
};
export const UNKNOWN_SWATCH = "#9ca3af";

/** The swatch colour for a colour name; any colour not known is grey. */
export function swatchColor(name: string): string {
  const key = name.trim().toLowerCase();
  // Own keys only: a colour named 'constructor' or 'toString' is not a swatch.
  return Object.hasOwn(KNOWN_SWATCHES, key) ? KNOWN_SWATCHES[key] : UNKNOWN_SWATCH;
}

const numeric = (s: string) => /^\s*\d+(\.\d+)?\s*$/.test(s);

/** Sizes sorted numerically when numeric; numeric sizes first, the others keep their order. */
export function sortSizes<T>(items: ReadonlyArray<T>, sizeOf: (item: T) => string): T[] {
  return items
    .map((item, index) => ({ item, index, size: sizeOf(item) }))
    .sort((a, b) => {
      const an = numeric(a.size);
      const bn = numeric(b.size);
      if (an && bn) return Number(a.size) - Number(b.size) || a.index - b.index;
      if (an !== bn) return an ? -1 : 1;
      return a.index - b.index;
    })
    .map((x) => x.item);
}

/** Rating as text: whole numbers without decimals, otherwise one decimal. */
export function formatRating(rating: number): string {
  const rounded = Math.round(rating * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}
