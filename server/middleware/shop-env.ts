import type { MiddlewareHandler } from "hono";
import type { PageCache } from "~/modules/cache/page-cache.server";

/** What the shop's middlewares hand on to each other for one request (Hono's context variables). */
export interface ShopEnv {
  Variables: {
    /** This response's script nonce (security-headers.ts). */
    nonce: string;
    /** The origin shoppers use, behind proxies too (behind-proxies.ts). */
    origin: string;
    clientAddress?: string;
    /** Where a page rendered for this request is to be kept (from-page-cache.ts, render-pages.ts). */
    keepIn?: { cache: PageCache; key: string; start: number; url: string };
  };
  Bindings: { incoming?: { socket?: { remoteAddress?: string } } };
}

export type ShopMiddleware = MiddlewareHandler<ShopEnv>;
