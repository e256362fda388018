import { logger } from "~/lib/logger.server";
import type { ShopMiddleware } from "./shop-env";

/** Every state-changing request must come from the shop's own pages (CSRF defence). */
export const sameOriginWrites: ShopMiddleware = async (c, next) => {
  if (!["GET", "HEAD", "OPTIONS"].includes(c.req.method)) {
    const origin = c.req.header("origin");
    const site = c.req.header("sec-fetch-site");
    if ((origin && origin !== c.get("origin")) || (!origin && site === "cross-site")) {
      logger.warn({ origin, path: c.req.path }, "cross-site request refused");
      return c.text("Cross-site request refused.", 403);
    }
  }
  await next();
};
