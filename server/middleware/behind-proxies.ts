import { clientAddress, publicOrigin, type ProxySettings } from "~/lib/proxy.server";
import type { ShopMiddleware } from "./shop-env";

/** Behind proxies: the origin shoppers use and the client's real address (see proxy.server.ts). */
export function behindProxies(proxy: ProxySettings): ShopMiddleware {
  return async (c, next) => {
    c.set("origin", publicOrigin(new URL(c.req.url), c.req.raw.headers, proxy));
    c.set("clientAddress", clientAddress(c.req.header("x-forwarded-for"), c.env?.incoming?.socket?.remoteAddress, proxy.trustProxy));
    await next();
  };
}
