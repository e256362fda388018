import fs from "node:fs";
import { serveStatic } from "@hono/node-server/serve-static";
import type { ShopMiddleware } from "./shop-env";

/**
 * The files served from the client folder's top level (favicon, placeholder image …), read once,
 * so that a page's path never costs a file-system lookup.
 */
export function publicFilesOf(clientDir: string): ReadonlySet<string> {
  return new Set(
    (fs.existsSync(clientDir) ? fs.readdirSync(clientDir, { withFileTypes: true }) : [])
      .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
      .map((entry) => `/${entry.name}`),
  );
}

/**
 * Fingerprinted build assets (`/assets/*`): cached for a year. A file never changes under its
 * name, so no browser asks whether it did: they go without `Last-Modified`, 46 bytes of every
 * script a phone downloads (tests/e2e/page-weight.spec.ts counts headers too).
 */
export function buildAssets(clientDir: string): ShopMiddleware {
  return serveStatic({
    root: clientDir,
    precompressed: true,
    onFound: (_path, c) => {
      c.header("Cache-Control", "public, max-age=31536000, immutable");
      c.header("Last-Modified", undefined);
    },
  });
}

/** Other public files (favicon, placeholder image; `files`, from `publicFilesOf`): cached for a day. */
export function publicFiles(clientDir: string, files: ReadonlySet<string>): ShopMiddleware {
  const serve = serveStatic({
    root: clientDir,
    precompressed: true,
    onFound: (_path, c) => c.header("Cache-Control", "public, max-age=86400"),
  });
  return async (c, next) => (files.has(c.req.path) ? serve(c, next) : next());
}
