import { variantKey, type CartLine } from "~/modules/cart/cart-line";
import { hasDiscount, type PricedVariant } from "~/modules/catalog/pricing";
import { sortSizes } from "~/modules/catalog/product-rules";
import { imageUrl, type StoredImage } from "~/modules/media/media-url";

/**
 * The product page's selection rules (docs/product.md#stock): which variant, size and
 * quantity are chosen, and what a colour or size pick resets. Pure, so the page and tests share them.
 */

export interface StockRow {
  id: string;
  size: string;
  qty: number;
}

export interface ColourVariant {
  id: string;
  name: string;
  soleColor: string;
}

/** Stock rows in display order: numeric sizes sorted numerically. */
export function sortedStock<T extends StockRow>(rows: ReadonlyArray<T>): T[] {
  return sortSizes(rows, (r) => r.size);
}

/** The size chosen when a variant is shown: the first size with stock, else the first size. */
export function initialSize(rows: ReadonlyArray<StockRow>): string {
  const sorted = sortedStock(rows);
  return (sorted.find((r) => r.qty > 0) ?? sorted[0])?.size ?? "";
}

/** Units in stock for a size of a variant (0 for an unknown size). */
export function stockFor(rows: ReadonlyArray<StockRow>, size: string): number {
  return Math.max(0, rows.find((r) => r.size === size)?.qty ?? 0);
}

/** Keeps a quantity between 1 and the stock (1 when nothing is in stock). */
export function clampQuantity(quantity: number, stock: number): number {
  const whole = Number.isFinite(quantity) ? Math.floor(quantity) : 1;
  return Math.max(1, Math.min(whole, Math.max(1, stock)));
}

/** The colour a variant shows as: its sole colour, else its name. */
export function colourOf(variant: ColourVariant): string {
  return variant.soleColor.trim() || variant.name.trim();
}

/**
 * One swatch per distinct colour/variant (same name and colour count once); picking a swatch
 * selects the first variant it stands for.
 */
export function colourOptions<T extends ColourVariant>(variants: ReadonlyArray<T>): { index: number; variant: T }[] {
  const seen = new Set<string>();
  const options: { index: number; variant: T }[] = [];
  variants.forEach((variant, index) => {
    const key = `${variant.name.trim().toLowerCase()}|${colourOf(variant).toLowerCase()}`;
    if (seen.has(key)) return;
    seen.add(key);
    options.push({ index, variant });
  });
  return options;
}

/** Whether Add to Cart may be pressed: a variant, a size and stock above 0. */
export function canAddToCart(variant: unknown, size: string | null | undefined, stock: number): boolean {
  return Boolean(variant) && typeof size === "string" && stock > 0;
}

/** The cart line (docs/product.md#cart) for a product, variant, size and quantity; prices in rupees. */
export function cartLineFor(
  product: { id: string; name: string },
  variant: ColourVariant & PricedVariant & { images: ReadonlyArray<StoredImage> },
  size: string,
  quantity: number,
): CartLine {
  return {
    productID: product.id,
    productVariantKey: variantKey(variant, size),
    productSize: size,
    productQuantity: quantity,
    productName: product.name,
    productPrice: variant.price / 100,
    productDiscountPrice: hasDiscount(variant) ? variant.discountPrice / 100 : null,
    productImage: imageUrl(variant.images[0]),
    productColor: colourOf(variant),
  };
}
