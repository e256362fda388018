import type { ShopMiddleware } from "./shop-env";

/**
 * After a change made here (an order, a back-office save), waits until this instance's page cache
 * has heard of it, so that the next page this visitor opens already shows it.
 */
export function awaitCatalogChanges(catalogBarrier: () => Promise<void>): ShopMiddleware {
  return async (c, next) => {
    await next();
    if (c.req.method !== "GET" && c.req.method !== "HEAD" && c.res.status < 400 && /^\/(checkout|admin)/.test(c.req.path)) await catalogBarrier();
  };
}
