import { cartInputSchema, type CartLineInput } from "./cart.schema";
import { CART_COOKIE, CART_COOKIE_FORMAT, cartCookieText, MAX_CART_COOKIE_CHARS, ORDERED_CART_COOKIE } from "./cart-cookie";

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
 * does not know the cart, and the page draws it from localStorage as before). A cart just ordered
 * without scripts (ORDERED_CART_COOKIE) is empty. Never throws.
 */
export function cartFromCookie(header: string | null | undefined): CartLineInput[] | null {
  if (!header || header.length > 16 * 1024) return null;
  const value = cookieValue(header, CART_COOKIE);
  if (value === null || value.length > MAX_CART_COOKIE_CHARS) return null;
  if (value === ORDERED_CART_COOKIE) return [];
  const [format, ...parts] = value.split("|");
  if (format !== CART_COOKIE_FORMAT) return null;
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

/**
 * The Set-Cookie header the server answers an order placed from the cookie with: the cart was
 * ordered (ORDERED_CART_COOKIE), with the attributes and lifetime of the browser's own copy.
 */
export function orderedCartCookieText(secure: boolean): string {
  const empty = cartCookieText([], secure);
  return `${CART_COOKIE}=${ORDERED_CART_COOKIE}${empty.slice(empty.indexOf(";"))}`;
}
