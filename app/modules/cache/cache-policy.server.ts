/**
 * What shared and browser caches may keep of a page that is not public (docs/decisions/0021):
 * - the back office (`/admin`, everything under it, and their `.data` requests): nothing, ever;
 * - any other answer to a signed-in browser, or one that sets a cookie, and that says nothing
 *   itself: only the browser may keep it (`private`), and must ask again before using it.
 * - a customer's own account pages (`/account` and under it, docs/decisions/0057): kept by no shared
 *   cache, and not stored by the browser either (orders, addresses);
 * - the cart and checkout (`/cart`, `/checkout` and their `.data` requests), drawn from the
 *   browser's cart cookie (docs/decisions/0062): kept by no shared cache and not stored by the
 *   browser, whoever asks;
 * Public pages, assets and media keep their own policy.
 */
const BACK_OFFICE_POLICY = "no-store";
const ACCOUNT_POLICY = "private, no-store";
const SIGNED_IN_POLICY = "private, no-cache";
const CART_POLICY = "private, no-store";

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

/** True when the request carries a session cookie (valid or not): a visitor who has signed in. */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return SESSION_COOKIE.test(cookieHeader ?? "");
}

export function isBackOfficePath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/") || pathname.startsWith("/admin.");
}

export function isAccountPath(pathname: string): boolean {
  return pathname === "/account" || pathname.startsWith("/account/") || pathname.startsWith("/account.");
}

/** The pages drawn from the cart's cookie. */
function isCartPath(pathname: string): boolean {
  return /^\/(cart|checkout)(\.data)?$/.test(pathname);
}

/** The Cache-Control this answer must carry, or null to leave it as it is. */
export function privateCachePolicy(pathname: string, requestCookie: string | undefined, response: Headers): string | null {
  if (isBackOfficePath(pathname)) return BACK_OFFICE_POLICY;
  if (isAccountPath(pathname)) return ACCOUNT_POLICY;
  if (isCartPath(pathname)) return CART_POLICY;
  if (response.has("Cache-Control")) return null;
  if (hasSessionCookie(requestCookie) || response.getSetCookie().length > 0) return SIGNED_IN_POLICY;
  return null;
}
