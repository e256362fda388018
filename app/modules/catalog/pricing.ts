/**
 * Prices, discounts and tax: the one place these rules live. Amounts are integer paisa
 * (1 PKR = 100 paisa). Browser and server import the same functions.
 */
import { withThousands } from "~/lib/thousands";

export interface PricedVariant {
  price: number;
  inOffer: boolean;
  discountPrice: number;
}

export const TAX_RATE_PERCENT = 5;
/** The tax line's name wherever an order's sums are shown: cart, checkout, confirmation, order page, mail. */
export const TAX_LABEL = `Tax (${TAX_RATE_PERCENT}%)`;
const SHIPPING_FEE = 0;
export const CURRENCY = "PKR";

/** A discount applies when the variant is on offer and its discount price is above 0 and below the price. */
export function hasDiscount(v: PricedVariant): boolean {
  return v.inOffer && v.discountPrice > 0 && v.discountPrice < v.price;
}

/** The price a shopper pays for one unit. */
export function unitPrice(v: PricedVariant): number {
  return hasDiscount(v) ? v.discountPrice : v.price;
}

/** Percent off, rounded; null unless both prices are above 0 and the discount is below the price. */
export function discountPercent(price: number, discountPrice: number): number | null {
  if (!(price > 0 && discountPrice > 0) || discountPrice >= price) return null;
  return Math.round(((price - discountPrice) / price) * 100);
}

/** Amount saved per unit, or null when there is no discount to show. */
export function discountAmount(price: number, discountPrice: number): number | null {
  return discountPercent(price, discountPrice) === null ? null : price - discountPrice;
}

/** TAX_RATE_PERCENT of the subtotal, rounded to the whole rupee. */
export function taxFor(subtotal: number): number {
  return Math.round((subtotal * TAX_RATE_PERCENT) / 100 / 100) * 100;
}

export interface Totals {
  subtotal: number;
  tax: number;
  shipping: number;
  total: number;
}

export function totalsFor(lines: ReadonlyArray<{ unitPrice: number; quantity: number }>): Totals {
  const subtotal = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const tax = taxFor(subtotal);
  return { subtotal, tax, shipping: SHIPPING_FEE, total: subtotal + tax + SHIPPING_FEE };
}

/** Paisa from rupees as typed (a number or a string like "4,500.50"). */
export function toPaisa(rupees: number | string): number {
  const value = typeof rupees === "number" ? rupees : Number(String(rupees).replace(/[,\s]/g, ""));
  return Math.round(value * 100);
}

/** Rupees and paisa of an amount (paisa rounded half away from zero, as `Intl` rounds). */
function rupeesAndPaisa(paisa: number) {
  const whole = Math.round(Math.abs(paisa));
  return { sign: paisa < 0 && whole > 0 ? "-" : "", rupees: withThousands(Math.floor(whole / 100)), paisa: whole % 100 };
}

/** A catalogue price: 'PKR 4,500.00'. */
export function formatPrice(paisa: number): string {
  const amount = rupeesAndPaisa(paisa);
  return `${CURRENCY} ${amount.sign}${amount.rupees}.${String(amount.paisa).padStart(2, "0")}`;
}

/** An order amount with thousands separators: 'PKR 4,725', 'PKR 4,725.5'. */
export function formatAmount(paisa: number): string {
  const amount = rupeesAndPaisa(paisa);
  const decimals = amount.paisa === 0 ? "" : `.${String(amount.paisa).padStart(2, "0").replace(/0$/, "")}`;
  return `${CURRENCY} ${amount.sign}${amount.rupees}${decimals}`;
}

/** Price range of a product's variants, for listings and the admin overview. */
export function priceRange(variants: ReadonlyArray<PricedVariant>) {
  if (variants.length === 0) return null;
  const prices = variants.map((v) => v.price);
  const discounted = variants.filter(hasDiscount).map((v) => v.discountPrice);
  return {
    min: Math.min(...prices),
    max: Math.max(...prices),
    lowestDiscount: discounted.length ? Math.min(...discounted) : null,
  };
}
