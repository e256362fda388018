import type { Handler } from "hono";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { Env } from "~/config.server";
import type { AppServices } from "~/load-context";
import { cachedPageOf, inlineScriptHashes, answerFromCache, smallerBrotli, UNCACHEABLE_TAG } from "~/modules/cache/page-cache.server";
import { logger } from "~/lib/logger.server";
import { atOrigin } from "~/lib/proxy.server";
import { withRetryAfter } from "~/lib/retry-after.server";
import { ASSET_SECURITY_HEADERS, securityHeaders } from "./security-headers";
import type { ShopEnv } from "./shop-env";

type PageHandler = ReturnType<typeof createRequestHandler>;

/**
 * React Router's handler of the pages, and the ids of their routes. The server build is loaded
 * once: handed a function instead, React Router would rebuild its route tables on every request.
 * With `devBuild` (`npm run dev`) the build is asked on every request instead, and a new handler
 * made for each new build Vite hands over (after a saved change).
 */
export function reactRouterPages(
  env: Env,
  devBuild?: () => Promise<ServerBuild>,
): { handle: PageHandler; routeIds: () => Promise<ReadonlySet<string>> } {
  let build: Promise<ServerBuild> | undefined;
  // (Virtual module provided by React Router's Vite plugin.)
  const loadBuild = () => (build ??= import("virtual:react-router/server-build"));
  let pages: Promise<PageHandler> | undefined;
  const devPages = new WeakMap<ServerBuild, PageHandler>();
  const devHandler = async (fresh: () => Promise<ServerBuild>) => {
    const loaded = await fresh();
    let handler = devPages.get(loaded);
    if (!handler) devPages.set(loaded, (handler = createRequestHandler(withRetryAfter(loaded), "development")));
    return handler;
  };
  const handle: PageHandler = async (request, context) => {
    if (devBuild) return (await devHandler(devBuild))(request, context);
    pages ??= loadBuild().then((loaded) =>
      createRequestHandler(withRetryAfter(loaded), env.NODE_ENV === "development" ? "development" : "production"),
    );
    return (await pages)(request, context);
  };
  let routeIds: Promise<ReadonlySet<string>> | undefined;
  return { handle, routeIds: () => (routeIds ??= loadBuild().then((loaded) => new Set(Object.keys(loaded.routes)))) };
}

/**
 * Every other request goes to the pages. A page marked to keep (from-page-cache.ts) is rendered
 * from its address as kept, then kept: whole, compressed both ways, its inline scripts allowed by
 * hash instead of this response's nonce; and this request is answered from the kept copy too.
 */
export function renderPages(
  handle: PageHandler,
  services: AppServices,
  policies: { secure: boolean; mediaOrigins: readonly string[] },
): Handler<ShopEnv> {
  return async (c) => {
    const cacheTags = new Set<string>();
    const keepIn = c.get("keepIn");
    // A page to keep is rendered from its address as kept: without the parameters its key leaves out.
    const request = keepIn ? new Request(keepIn.url, c.req.raw) : c.req.raw;
    const response = await handle(atOrigin(request, c.get("origin")), {
      ...services,
      nonce: c.get("nonce"),
      clientAddress: c.get("clientAddress"),
      cacheTags,
    });
    if (!keepIn || response.status !== 200 || response.headers.has("set-cookie") || cacheTags.has(UNCACHEABLE_TAG)) return response;
    const body = Buffer.from(await response.arrayBuffer());
    const type = response.headers.get("content-type") ?? "";
    const pagePolicies = type.startsWith("text/html")
      ? securityHeaders(new URL(request.url).pathname, inlineScriptHashes(body.toString("utf8")).join(" "), policies.secure, policies.mediaOrigins)
      : ASSET_SECURITY_HEADERS;
    const headers: [string, string][] = [
      ...[...response.headers].filter(([name]) => !/^(content-length|content-encoding|cache-control)$/i.test(name)),
      ...Object.entries(pagePolicies),
      // Browsers keep it but ask again each time; the ETag makes the answer a short 304.
      ["Cache-Control", "no-cache"],
    ];
    const page = await cachedPageOf(body, response.status, headers, cacheTags);
    if (keepIn.cache.put(keepIn.key, page, keepIn.start)) {
      // Off this request: a page a little over a new connection's first round trip is compressed
      // again, harder, for the shoppers after this one.
      smallerBrotli(page, body)
        .then((br) => br && keepIn.cache.keepSmallerBrotli(keepIn.key, page.etag, br))
        .catch((error: unknown) => logger.warn({ err: error, path: keepIn.key }, "a kept page could not be compressed again"));
    }
    const answer = await answerFromCache(page, c.req.raw);
    answer.headers.set("X-Cache", "miss");
    return answer;
  };
}
