import { localPath } from "~/lib/local-path";
import type { ShopMiddleware } from "./shop-env";

/**
 * A GET form without fields (a NavigateButton pressed before the page's scripts ran, or without
 * them) asks for `/shop?`: the address is given back without the empty query, so the page has
 * the same address either way. Only to a path on the shop: `//host/?` is answered as it is.
 */
export const dropEmptyQuery: ShopMiddleware = async (c, next) => {
  if ((c.req.method === "GET" || c.req.method === "HEAD") && c.req.url.indexOf("?") === c.req.url.length - 1) {
    const to = localPath(new URL(c.req.url).pathname, c.get("origin"));
    if (to) return c.redirect(to, 302);
  }
  await next();
};
