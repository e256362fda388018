import { randomBytes } from "node:crypto";
import type { ShopMiddleware } from "./shop-env";

/** The short, strict policies of every answer that is not a page. */
export const ASSET_SECURITY_HEADERS: Record<string, string> = {
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; sandbox",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

/**
 * The pages no other site's window may keep a hold of (`Cross-Origin-Opener-Policy: same-origin`):
 * signing up and in, a password's reset, an account, an order's confirmation and the back office.
 * The storefront's public pages do without (docs/decisions/0075): a page that asks for it is put
 * in a browser process of its own, and on a slow phone starting one held a first visit's main
 * thread 100–300 ms longer (Lighthouse's Total Blocking Time, issue 35).
 */
const WINDOWS_APART = /^\/(admin|account|login|signup|forgot-password|reset-password|confirmorder)(\/|\.|$)/i;

/**
 * Whether the page at `path` keeps its window apart from other sites' windows: read as the router
 * reads it, whatever its letters' case and however it is percent-encoded.
 */
function keepsWindowApart(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Not a readable address: no page of the shop answers it.
  }
  return WINDOWS_APART.test(decoded);
}

/**
 * The policies of the page at `path`. Its inline scripts are allowed by this response's nonce or, for a page
 * served from the page cache, by their hashes (`scripts`: the sources to list). Images and videos
 * may also come from `mediaOrigins`: the origins of media kept at their web addresses by the
 * import of the original shop (media-origins.server.ts), and from nowhere else.
 */
export function securityHeaders(path: string, scripts: string, secure: boolean, mediaOrigins: readonly string[] = []): Record<string, string> {
  const elsewhere = mediaOrigins.map((o) => ` ${o}`).join("");
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${scripts}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${elsewhere}`,
    `media-src 'self' blob:${elsewhere}`,
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  const headers: Record<string, string> = {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
  };
  if (keepsWindowApart(path)) headers["Cross-Origin-Opener-Policy"] = "same-origin";
  if (secure) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

/**
 * A nonce for this response's inline scripts, and its policies: documents get the full set. Every
 * other response (scripts, images, media, feeds) gets a short, strict one: it can never be framed
 * or run as a page, and each of a page's files does not carry a kilobyte of document policy.
 */
export function securityPolicies(secure: boolean, mediaOrigins: readonly string[]): ShopMiddleware {
  return async (c, next) => {
    const nonce = randomBytes(16).toString("base64");
    c.set("nonce", nonce);
    await next();
    const headers = c.res.headers.get("Content-Type")?.startsWith("text/html")
      ? securityHeaders(c.req.path, `'nonce-${nonce}'`, secure, mediaOrigins)
      : ASSET_SECURITY_HEADERS;
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  };
}
