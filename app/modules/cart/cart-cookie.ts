import { cartInputSchema, type CartLineInput } from "./cart.schema";

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
const FORMAT = "1";
/** Longer than this, the browser writes no copy (and removes an old one), and the server reads none. */
export const MAX_CART_COOKIE_CHARS = 3000;
/** How long a browser keeps the copy without a change to the cart (30 days). */
export const CART_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

type CookieLine = Pick<CartLineInput, "productID" | "productVariantKey" | "productSize" | "productQuantity">;

/** The cookie's value for these lines, or null when it would be longer than a cookie of ours may be. */
export function cartCookieValue(lines: readonly CookieLine[]): string | null {
  const parts = lines.map((l) =>
    [l.productID, l.productVariantKey, l.productSize, String(l.productQuantity)].map((field) => encodeURIComponent(field)).join(":"),
  );
  const value = [FORMAT, ...parts].join("|");
  return value.length > MAX_CART_COOKIE_CHARS ? null : value;
}

/** The cookie's value in a Cookie header, or null when absent (the first one: browsers send the most specific path first). */
function cookieValue(header: string, name: string): string | null {
  let found: string | null = null;
  for (const pair of header.split(";")) {
    const at = pair.indexOf("=");
    if (at > 0 && pair.slice(0, at).trim() === name) {
      found ??= pair.slice(at + 1).trim();
    }
  }
  return found;
}

/**
 * The cart the browser mirrored, as the server accepts a cart (cart.schema.ts): null when there is
 * no copy, or when it is too long, of another format, or malformed in any way (the server then
 * does not know the cart, and the page draws it from localStorage as before). Never throws.
 */
export function cartFromCookie(header: string | null | undefined): CartLineInput[] | null {
  if (!header || header.length > 16 * 1024) return null;
  const value = cookieValue(header, CART_COOKIE);
  if (value === null || value.length > MAX_CART_COOKIE_CHARS) return null;
  const [format, ...parts] = value.split("|");
  if (format !== FORMAT) return null;
  try {
    const lines = parts.map((part) => {
      const fields = part.split(":").map((field) => decodeURIComponent(field));
      if (fields.length !== 4 || fields.some((f) => f.includes("\0"))) throw new Error("malformed cart line");
      const [productID, productVariantKey, productSize, productQuantity] = fields;
      return { productID, productVariantKey, productSize, productQuantity };
    });
    const parsed = cartInputSchema.safeParse(lines);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The Set-Cookie-style text the browser writes into `document.cookie` for these lines (removes the copy when too long). */
export function cartCookieText(lines: readonly CookieLine[], secure: boolean): string {
  const value = cartCookieValue(lines);
  const attributes = `; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
  return value === null ? `${CART_COOKIE}=${attributes}; Max-Age=0` : `${CART_COOKIE}=${value}${attributes}; Max-Age=${CART_COOKIE_MAX_AGE_S}`;
}
