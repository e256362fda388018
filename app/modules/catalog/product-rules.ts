import { hasDiscount, type PricedVariant } from "./pricing";

/** Rules about how products present themselves. Pure: used by the browser and the server. */

const NEW_PRODUCT_DAYS = 30;
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

/**
 * The tones of colour names a leather shop uses, for the product page's swatches. A name made of
 * several words takes the tone of its last known word ('Dark Brown' has its own; 'Croc Black' is
 * black). A name with no tone ('Plain', 'Embossed') has none and is shown as a text chip.
 */
const LEATHER_TONES: Record<string, string> = {
  red: "#b91c1c",
  blue: "#1d4ed8",
  green: "#15803d",
  black: "#111111",
  white: "#ffffff",
  brown: "#6b3f1d",
  tan: "#c8a27a",
  navy: "#1e2a4a",
  "dark brown": "#3f2412",
  "light brown": "#9a6a3f",
  olive: "#5f6b2a",
  maroon: "#6b1a1f",
  burgundy: "#701c2c",
  wine: "#5e1a2b",
  mustard: "#c9a227",
  camel: "#b5875a",
  cognac: "#9a4a1c",
  chestnut: "#7b3f24",
  mahogany: "#5a2318",
  chocolate: "#4a2a17",
  coffee: "#5b3a26",
  mocha: "#6f4e37",
  caramel: "#b06f2f",
  honey: "#c28a3b",
  beige: "#d9c4a0",
  cream: "#f1e7cf",
  ivory: "#f5efdc",
  khaki: "#a8976a",
  sand: "#c9b18a",
  grey: "#7b7f86",
  gray: "#7b7f86",
  charcoal: "#36393f",
  "navy blue": "#1e2a4a",
  teal: "#1f6f6b",
  pink: "#d97a96",
  orange: "#c2571a",
  yellow: "#d8b227",
};

/** The swatch tone for a colour name, or null when the name is not a colour the shop knows. */
export function swatchTone(name: string): string | null {
  const key = name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, " ");
  // Own keys only: a colour named 'constructor' or 'toString' is not a swatch.
  if (Object.hasOwn(LEATHER_TONES, key)) return LEATHER_TONES[key];
  const words = key.split(" ");
  for (let i = words.length - 1; i >= 0; i--) if (Object.hasOwn(LEATHER_TONES, words[i])) return LEATHER_TONES[words[i]];
  return null;
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
