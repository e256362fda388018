import { randomBytes } from "node:crypto";
import { Hono } from "hono";
import type { ServerBuild } from "react-router";
import type { Env } from "~/config.server";
import type { Database } from "~/lib/db.server";
import type { FolderWatch } from "~/lib/data-folder.server";
import type { PageCache } from "~/modules/cache/page-cache.server";
import type { AppServices } from "~/load-context";
import type { Auth } from "~/modules/accounts/auth.server";
import type { LiveHub } from "~/modules/live/live-events.server";
import type { FileStorage } from "~/modules/media/storage.server";
import { accessLog } from "./middleware/access-log";
import { behindProxies } from "./middleware/behind-proxies";
import { awaitCatalogChanges } from "./middleware/catalog-barrier";
import { compression } from "./middleware/compression";
import { whileDatabaseDown } from "./middleware/database-down";
import { dropEmptyQuery } from "./middleware/empty-query";
import { unhandledErrors } from "./middleware/errors";
import { refuseWritesToFaultyFolders } from "./middleware/folder-faults";
import { formLimit } from "./middleware/form-limit";
import { fromPageCache } from "./middleware/from-page-cache";
import { serveMedia } from "./middleware/media";
import { privateCaching } from "./middleware/private-caching";
import { liveness, readinessProbe } from "./middleware/probes";
import { reactRouterPages, renderPages } from "./middleware/render-pages";
import { checkedInput } from "./middleware/request-input";
import { requestsInFlight } from "./middleware/requests-in-flight";
import { sameOriginWrites } from "./middleware/same-origin";
import { securityPolicies } from "./middleware/security-headers";
import type { ShopEnv } from "./middleware/shop-env";
import { buildAssets, publicFiles, publicFilesOf } from "./middleware/static-files";
import { scriptOfAnEarlierRelease } from "./middleware/earlier-release";
import { startShop, type DevServing } from "./start";

export { prepareFirstStart } from "./start";

/**
 * The shop's server: Hono, its middlewares in the order a request meets them (each in
 * server/middleware/, docs/architecture.md), then the pages. `start()` below opens what it needs.
 */
export function createApp(options: {
  database: Database;
  storage: FileStorage;
  auth: Auth;
  mailer: AppServices["mailer"];
  live: LiveHub;
  env: Env;
  clientDir: string;
  instance?: string;
  /** Anonymous storefront pages kept in memory; none when absent. */
  pageCache?: PageCache;
  /** Anonymous searches' pages kept in memory, apart from the other pages; none when absent. */
  searchPages?: PageCache;
  /** Resolves once every catalogue change committed so far has reached the page cache. */
  catalogBarrier?: () => Promise<void>;
  /** Origins pages may show images and videos from besides their own (read at start). */
  mediaOrigins?: readonly string[];
  /** The folders this shop writes to on this machine (data-folder.server.ts); none watched when absent. */
  folders?: FolderWatch;
  /** `npm run dev`: the pages' build as it is now, asked on every request (Vite reloads what changed). */
  loadBuild?: () => Promise<ServerBuild>;
}) {
  const { database, storage, env, clientDir, pageCache, searchPages, catalogBarrier, folders } = options;
  // What every loader and action gets in its context, beside this request's own values.
  const services: AppServices = {
    db: database.db,
    auth: options.auth,
    storage,
    mailer: options.mailer,
    live: options.live,
    backups: { kind: database.kind, schedule: env.backupSchedule },
  };
  const policies = { secure: env.publicUrl.startsWith("https://"), mediaOrigins: options.mediaOrigins ?? [] };
  const instance = options.instance ?? randomBytes(4).toString("hex");
  const pages = reactRouterPages(env, options.loadBuild);
  const files = publicFilesOf(clientDir);
  const inFlight = requestsInFlight();
  // Set once shutting down begins, so load balancers stop sending new requests here.
  let stopping = false;

  const app = new Hono<ShopEnv>();
  app.use(behindProxies({ publicUrl: env.PUBLIC_URL, trustProxy: env.TRUST_PROXY }));
  app.use(inFlight.count);
  app.use(accessLog);
  app.use(dropEmptyQuery);
  if (catalogBarrier) app.use(awaitCatalogChanges(catalogBarrier));
  if (pageCache || searchPages) app.use(fromPageCache({ pageCache, searchPages }, pages.routeIds));
  app.use(securityPolicies(policies.secure, policies.mediaOrigins));
  app.use(privateCaching);
  app.use(whileDatabaseDown(database.health, files));
  app.use(sameOriginWrites);
  app.use(formLimit());
  if (folders) app.use(refuseWritesToFaultyFolders(folders, database.kind));
  app.use(checkedInput);
  // Pages whole, in one go; under 1 KB as they are; event streams never (compression.ts).
  app.use(compression());
  app.get("/healthz", liveness(instance));
  app.get(
    "/readyz",
    readinessProbe(database, instance, folders, () => stopping),
  );
  app.use("/assets/*", buildAssets(clientDir));
  app.get("/assets/*", scriptOfAnEarlierRelease);
  app.get("/media/*", serveMedia(storage));
  app.use("*", publicFiles(clientDir, files));
  app.all("*", renderPages(pages.handle, services, policies));
  app.onError(unhandledErrors(folders));

  return Object.assign(app, { drained: inFlight.drained, instance, stop: () => void (stopping = true) });
}

/**
 * Opens the database, prepares the data folder and serves the shop (start.ts). With `dev`
 * (`npm run dev`, scripts/dev.mjs) the browser's files come from Vite and nothing is kept.
 */
export function start(dev?: DevServing) {
  // This module is the server build's entry: a first start's child process loads it (first-start.ts).
  return startShop(import.meta.url, createApp, dev);
}
