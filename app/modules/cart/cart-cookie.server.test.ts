import { describe, expect, it } from "vitest";
import { CART_COOKIE, cartCookieText, cartCookieValue, MAX_CART_COOKIE_CHARS, ORDERED_CART_COOKIE } from "./cart-cookie";
import { cartFromCookie, orderedCartCookieText } from "./cart-cookie.server";
import { MAX_CART_LINES } from "./cart.schema";

const belt = { productID: "p1", productVariantKey: "v1_34", productSize: "34", productQuantity: 2 };
const odd = { productID: "p:2|x", productVariantKey: "Black / Brown_One Size", productSize: "One Size", productQuantity: 1 };
const header = (value: string) => `theme=dark; ${CART_COOKIE}=${value}; other=1`;

describe("the cart's cookie", () => {
  it("carries which items and how many, read back as the server takes a cart", () => {
    const value = cartCookieValue([belt, odd])!;
    expect(cartFromCookie(header(value))).toEqual([belt, odd]);
    // Only cookie-safe characters: no space, comma, semicolon, quote or backslash.
    expect(value).toMatch(/^[!#-+\--:<-[\]-~]+$/);
  });

  it("never carries a price or a name, whatever the line held", () => {
    const value = cartCookieValue([{ ...belt, productPrice: 1, productName: "Belt", productDiscountPrice: 0 } as typeof belt])!;
    expect(value).toBe("1|p1:v1_34:34:2");
  });

  it("says so for an empty cart (`1`), which is not the same as no cookie", () => {
    expect(cartFromCookie(header(cartCookieValue([])!))).toEqual([]);
    expect(cartFromCookie("theme=dark")).toBeNull();
    expect(cartFromCookie(null)).toBeNull();
    expect(cartFromCookie("")).toBeNull();
  });

  it("reads a cart just ordered without scripts (`0`) as empty, and says so in the header the server answers with", () => {
    expect(cartFromCookie(header(ORDERED_CART_COOKIE))).toEqual([]);
    expect(cartFromCookie(header("00"))).toBeNull();
    expect(orderedCartCookieText(false)).toBe(`${CART_COOKIE}=0; Path=/; SameSite=Lax; Max-Age=2592000`);
    expect(orderedCartCookieText(true)).toContain("; Secure");
  });

  it("reads malformed bytes of any shape as no cart, without throwing", () => {
    for (const value of [
      "garbage",
      "2|p1:v1_34:34:2",
      "1|p1:v1_34:34",
      "1|p1:v1_34:34:2:9",
      "1|%E0%A4%A:v:s:1",
      "1|%ZZ:v:s:1",
      "1|p1:v1_34:34:0",
      "1|p1:v1_34:34:100",
      "1|p1:v1_34:34:1e1",
      "1|p1:v1_34:34:-1",
      "1|p1:v1_34:34:0x10",
      "1|:v1_34:34:1",
      "1|p%00:v1_34:34:1",
      "1||",
    ]) {
      expect(cartFromCookie(header(value)), value).toBeNull();
    }
  });

  it("reads no cookie longer than a cart's cookie may be, nor more lines than a cart may hold", () => {
    const long = `1|${"a".repeat(MAX_CART_COOKIE_CHARS)}:v:s:1`;
    expect(cartFromCookie(header(long))).toBeNull();
    expect(cartFromCookie(`${"x=1; ".repeat(5000)}${CART_COOKIE}=1`)).toBeNull();
    const many = Array.from({ length: MAX_CART_LINES + 1 }, (_, i) => ({ ...belt, productID: `p${i}` }));
    expect(cartFromCookie(header(cartCookieValue(many)!))).toBeNull();
  });

  it("is not written for a cart too long for it: the browser removes its copy instead", () => {
    const huge = Array.from({ length: 40 }, (_, i) => ({ ...belt, productID: `${"p".repeat(60)}${i}`, productVariantKey: `${"v".repeat(60)}_34` }));
    expect(cartCookieValue(huge)).toBeNull();
    expect(cartCookieText(huge, true)).toBe(`${CART_COOKIE}=; Path=/; SameSite=Lax; Secure; Max-Age=0`);
    expect(cartCookieText([belt], false)).toMatch(/^cart=1\|p1:v1_34:34:2; Path=\/; SameSite=Lax; Max-Age=\d+$/);
  });

  it("is read by its own name only, the first of that name", () => {
    expect(cartFromCookie(`mycart=1|p1:v1_34:34:2`)).toBeNull();
    expect(cartFromCookie(`${CART_COOKIE}=1|p1:v1_34:34:2; ${CART_COOKIE}=1`)).toEqual([belt]);
  });
});
