import type { CartLineInput } from "./cart.schema";

/**
 * The browser's cart mirrored in a small cookie (docs/decisions/0062), so that /cart and /checkout
 * are drawn whole by the server. It names items and quantities only, never a price: the server
 * prices every line from the database. localStorage stays the cart; this is a copy the browser
 * writes whenever the cart changes, and the page corrects itself from localStorage once its
 * scripts run.
 *
 * Its value: `1` (the format), then one `|`-separated part per line, each the line's product id,
 * variant key, size and quantity, URI-encoded and joined by `:`. `1` alone is an empty cart.
 */
export const CART_COOKIE = "cart";
export const CART_COOKIE_FORMAT = "1";
/**
 * The server's answer to an order placed without scripts (its lines taken from this cookie): the
 * cart was ordered. An empty cart to the server; the browser empties its own cart (localStorage)
 * at the next page whose scripts run, rather than copy it back into the cookie.
 */
export const ORDERED_CART_COOKIE = "0";
/** Longer than this, the browser writes no copy (and removes an old one), and the server reads none. */
export const MAX_CART_COOKIE_CHARS = 3000;
/** How long a browser keeps the copy without a change to the cart (30 days). */
const CART_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

type CookieLine = Pick<CartLineInput, "productID" | "productVariantKey" | "productSize" | "productQuantity">;

/** The cookie's value for these lines, or null when it would be longer than a cookie of ours may be. */
export function cartCookieValue(lines: readonly CookieLine[]): string | null {
  const parts = lines.map((l) =>
    [l.productID, l.productVariantKey, l.productSize, String(l.productQuantity)].map((field) => encodeURIComponent(field)).join(":"),
  );
  const value = [CART_COOKIE_FORMAT, ...parts].join("|");
  return value.length > MAX_CART_COOKIE_CHARS ? null : value;
}

/** The Set-Cookie-style text the browser writes into `document.cookie` for these lines (removes the copy when too long). */
export function cartCookieText(lines: readonly CookieLine[], secure: boolean): string {
  const value = cartCookieValue(lines);
  const attributes = `; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
  return value === null ? `${CART_COOKIE}=${attributes}; Max-Age=0` : `${CART_COOKIE}=${value}${attributes}; Max-Age=${CART_COOKIE_MAX_AGE_S}`;
}
