import { answerFromCache, cacheKey, type PageCache } from "~/modules/cache/page-cache.server";
import { CACHEABLE_PAGES } from "~/modules/cache/cacheable-pages";
import type { ShopMiddleware } from "./shop-env";

/**
 * Anonymous storefront pages from memory (page-cache.server.ts); a miss is marked to be rendered
 * and kept (render-pages.ts), keyed by the parameters the page reads (modules/cache/cacheable-pages.ts).
 * `routeIds`: the app's route ids, for the key of a data request (`?_routes=…`).
 */
export function fromPageCache(
  caches: { pageCache?: PageCache; searchPages?: PageCache },
  routeIds: () => Promise<ReadonlySet<string>>,
): ShopMiddleware {
  return async (c, next) => {
    const ids = c.req.path.endsWith(".data") ? await routeIds() : undefined;
    const asked = cacheKey(c.req.raw, CACHEABLE_PAGES, ids);
    const cache = asked?.search ? caches.searchPages : caches.pageCache;
    if (!asked || !cache) return next();
    const page = cache.get(asked.key);
    if (page) return answerFromCache(page, c.req.raw, { cache, key: asked.key });
    // A HEAD answer has no body to keep.
    if (c.req.method === "GET" && cache.wants(asked.key)) c.set("keepIn", { cache, key: asked.key, start: cache.begin(), url: asked.url });
    await next();
  };
}
