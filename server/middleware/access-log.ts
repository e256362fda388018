import { logger } from "~/lib/logger.server";
import type { ShopMiddleware } from "./shop-env";

/** Requests at least this slow are always logged at info level. */
const SLOW_REQUEST_MS = 1000;
/** The share of other requests logged at info level (all of them at debug). */
const ACCESS_LOG_SAMPLE = 0.01;

/** One log line per request at debug level; at info, server errors, slow requests and a sample. */
export const accessLog: ShopMiddleware = async (c, next) => {
  const started = performance.now();
  await next();
  const ms = Math.round((performance.now() - started) * 10) / 10;
  // A client that hung up gets no answer; its request is marked so its status is not taken for a fault.
  const aborted = c.req.raw.signal.aborted || undefined;
  const line = { method: c.req.method, path: c.req.path, status: c.res.status, ms, aborted };
  if (c.res.status >= 500 && !aborted) logger.warn(line, "request");
  else if (ms >= SLOW_REQUEST_MS || Math.random() < ACCESS_LOG_SAMPLE) logger.info(line, "request");
  else logger.debug(line, "request");
};
