import type { DatabaseHealth } from "~/lib/database-health.server";
import { DATABASE_RETRY_AFTER_SECONDS } from "~/lib/database-faults";
import { unavailableAnswer } from "../unavailable";
import type { ShopMiddleware } from "./shop-env";

/**
 * While the database cannot be reached (database-health.server.ts), pages and forms answer 503 at
 * once, in the shop's own words (unavailable.ts); pages kept in memory are still served (before
 * this). A page that failed because the database went away as it was drawn gets the same answer.
 * Actions that fail so answer 503 with their own words (errors.ts). `publicFiles`: the client
 * folder's top-level files, which need no database either.
 */
export function whileDatabaseDown(health: DatabaseHealth, publicFiles: ReadonlySet<string>): ShopMiddleware {
  const needsNoDatabase = (path: string) =>
    path === "/healthz" || path === "/readyz" || path.startsWith("/assets/") || path.startsWith("/media/") || publicFiles.has(path);
  return async (c, next) => {
    if (needsNoDatabase(c.req.path)) return next();
    // A script's form post (`.data`) still goes to its action, which fails at once with its own
    // words in the form, so the page and what was typed in it stay (a bare answer here would
    // replace the page with its error boundary).
    const scriptPost = c.req.method === "POST" && c.req.path.endsWith(".data");
    if (health.down && !scriptPost) {
      c.res = unavailableAnswer(c.req.raw);
      return;
    }
    await next();
    if (c.res.status === 500 && (await health.settled())) c.res = unavailableAnswer(c.req.raw);
    // Every 503 says when to ask again, whichever path answered it.
    else if (c.res.status === 503 && !c.res.headers.has("Retry-After")) c.res.headers.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
  };
}
