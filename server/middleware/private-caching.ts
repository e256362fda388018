import { privateCachePolicy } from "~/modules/cache/cache-policy.server";
import type { ShopMiddleware } from "./shop-env";

/** The back office is kept by no cache; other answers to a signed-in browser by no shared one. */
export const privateCaching: ShopMiddleware = async (c, next) => {
  await next();
  const policy = privateCachePolicy(c.req.path, c.req.header("cookie"), c.res.headers);
  if (policy) c.res.headers.set("Cache-Control", policy);
};
