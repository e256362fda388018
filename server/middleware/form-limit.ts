import { bodyLimit } from "hono/body-limit";
import { discardBody } from "../discard-body";
import type { ShopMiddleware } from "./shop-env";

/** Largest request body any form may send. */
const MAX_FORM_BYTES = 12 * 1024 * 1024;

/**
 * No form of the shop needs more than a category image (10 MB); product media go to the upload
 * route, which enforces its own per-kind limits while it reads. The refusal is sent once the
 * client has sent its whole body (up to a bound): a client still sending when the connection
 * closes gets a reset instead of the answer, and a phone on a slow network would show a failed
 * request rather than "too large".
 */
export function formLimit(): ShopMiddleware {
  const limit = bodyLimit({
    maxSize: MAX_FORM_BYTES,
    onError: async (c) => {
      await discardBody(c.req.raw.body);
      return c.text("The request is too large (at most 12 MB).", 413, { Connection: "close" });
    },
  });
  return async (c, next) => (c.req.path === "/admin/uploads" ? next() : limit(c, next));
}
