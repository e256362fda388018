import { randomBytes } from "node:crypto";
import type { ShopMiddleware } from "./shop-env";

/** The short, strict policies of every answer that is not a page. */
export const ASSET_SECURITY_HEADERS: Record<string, string> = {
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; sandbox",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

/**
 * The policies of a page. Its inline scripts are allowed by this response's nonce or, for a page
 * served from the page cache, by their hashes (`scripts`: the sources to list). Images and videos
 * may also come from `mediaOrigins`: the origins of media kept at their web addresses by the
 * import of the original shop (media-origins.server.ts), and from nowhere else.
 */
export function securityHeaders(scripts: string, secure: boolean, mediaOrigins: readonly string[] = []): Record<string, string> {
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
    "Cross-Origin-Opener-Policy": "same-origin",
  };
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
      ? securityHeaders(`'nonce-${nonce}'`, secure, mediaOrigins)
      : ASSET_SECURITY_HEADERS;
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  };
}
