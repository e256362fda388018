import { CART_STORAGE_KEY, CART_UPDATED_EVENT, type CartLine } from "./cart-line";
import { CART_COOKIE, cartCookieText, ORDERED_CART_COOKIE } from "./cart-cookie";

/** Browser-only: reading and writing the cart in localStorage. */

function isCartLine(value: unknown): value is CartLine {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.productID === "string" &&
    typeof v.productVariantKey === "string" &&
    typeof v.productQuantity === "number" &&
    Number.isFinite(v.productQuantity)
  );
}

export function readCart(storage: Storage = window.localStorage): CartLine[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(CART_STORAGE_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter(isCartLine) : [];
  } catch {
    return [];
  }
}

/**
 * Copies the cart into its cookie (cart-cookie.ts) when the copy differs, so the server draws
 * /cart and /checkout with it (docs/decisions/0062).
 */
export function mirrorCart(lines: CartLine[]) {
  const text = cartCookieText(lines, window.location.protocol === "https:");
  const wanted = text.slice(0, text.indexOf(";"));
  const present = document.cookie.split("; ").find((pair) => pair.startsWith(`${CART_COOKIE}=`));
  // A cart too long for a cookie removes the copy (`cart=` with Max-Age=0); otherwise the copy is rewritten when it differs.
  if (wanted === `${CART_COOKIE}=` ? present !== undefined : present !== wanted) document.cookie = text;
}

/**
 * The cart was ordered by a checkout posted without scripts (the server answered with
 * ORDERED_CART_COOKIE): the browser's own cart is emptied too, so the order is not left in it.
 * Run before the cart is read on a page whose scripts have just started.
 */
export function settleOrderedCart() {
  if (document.cookie.split("; ").includes(`${CART_COOKIE}=${ORDERED_CART_COOKIE}`)) writeCart([]);
}

export function writeCart(lines: CartLine[], storage: Storage = window.localStorage) {
  storage.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
  mirrorCart(lines);
  window.dispatchEvent(new Event(CART_UPDATED_EVENT));
}

/** Adds a line, or adds to the quantity of the same product, variant and size (capped at `maxQty`). */
export function addToCart(line: CartLine, maxQty: number, storage: Storage = window.localStorage) {
  const lines = readCart(storage);
  const existing = lines.find((l) => l.productID === line.productID && l.productVariantKey === line.productVariantKey);
  if (existing) {
    existing.productQuantity = Math.min(existing.productQuantity + line.productQuantity, maxQty);
    Object.assign(existing, { ...line, productQuantity: existing.productQuantity });
  } else {
    lines.push({ ...line, productQuantity: Math.min(line.productQuantity, maxQty) });
  }
  writeCart(lines, storage);
}

export function cartCount(lines: CartLine[]): number {
  return lines.reduce((n, l) => n + Math.max(0, l.productQuantity), 0);
}
