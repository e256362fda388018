import path from "node:path";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { getRequestListener, serve, type ServerType } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { ConfigError } from "~/lib/config-error";
import { configurationWarnings, getEnv, type Env } from "~/config.server";
import { oneAtATime, openDatabase } from "~/lib/db.server";
import { watchCatalogChanges } from "~/modules/cache/catalog-changes.server";
import { PageCache } from "~/modules/cache/page-cache.server";
import { FolderLockedError } from "~/lib/folder-lock.server";
import { describeFault, folderProblemsAtStart, foldersOfShop, FolderWatch, NEW_DATABASE_BYTES, RESERVE_BYTES } from "~/lib/data-folder.server";
import { diskFaultOf } from "~/lib/disk-fault";
import { DataRefusedError } from "~/lib/data-refused";
import { cardReadCache, catalogReadCache, searchReadCache } from "~/modules/cache/read-cache.server";
import { logger } from "~/lib/logger.server";
import { openStorage } from "~/modules/media/storage-factory.server";
import { startUploadSweeper } from "~/modules/media/upload-sweep.server";
import { startTrashPurger } from "~/modules/trash/trash.server";
import { readMediaOrigins } from "~/modules/media/media-origins.server";
import { serveShopChannel } from "~/modules/backup/shop-channel.server";
import { instanceName, startBackupScheduler } from "~/modules/backup/scheduled-backups.server";
import { ensureMainAdmin } from "~/modules/accounts/accounts.server";
import { createAuth, loadAuthSecret } from "~/modules/accounts/auth.server";
import { createTransport, startMailer } from "~/modules/mail/mail.server";
import { startLiveHub } from "~/modules/live/live-events.server";
import { isDatabaseUnreachable } from "~/lib/database-faults";
import { FirstStartError, isFirstStart, prepareInChildProcess, prepareNewDatabase } from "./first-start";
import { barrierOfAllWorkers, exitWithConfigurationProblem, workerNumber } from "./cluster";
import { PAGE_SHARE } from "~/modules/cache/cacheable-pages";
import type { createApp } from "./app";

/**
 * What `npm run dev` (scripts/dev.mjs) hands `start()`: Vite in middleware mode, as in React
 * Router's node-custom-server template (docs/decisions/0056-the-dev-server.md).
 */
export interface DevServing {
  /** The HTTP server to serve on; Vite's hot-reload socket listens on it too. */
  server: Server;
  /** Vite's middlewares: the browser's modules, styles and hot updates. What they leave goes to the shop. */
  middlewares: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  /** The pages' build as it is now: Vite loads again what changed since it was last asked. */
  loadBuild: () => Promise<ServerBuild>;
  /** Stops Vite: its file watcher and its hot-reload sockets. */
  close: () => Promise<void>;
}

/**
 * The one exit path of a start that cannot go on: a problem of the configuration or the data
 * folder (which every new try would meet too) is printed as it is and the process ended, with 1,
 * or in a worker with the code that tells the primary not to start another (cluster.ts). Any
 * other failure is thrown on.
 */
function exitOnStartProblem(error: unknown): never {
  if (error instanceof ConfigError || error instanceof FolderLockedError || error instanceof FirstStartError || error instanceof DataRefusedError) {
    console.error(error.message);
    exitWithConfigurationProblem();
  }
  throw error;
}

/**
 * `work`, where a full or read-only disk met meanwhile (the new database and the demo's images did
 * not fit, say) is a problem of the data folder: listed by folder, as at the folders' check.
 */
async function listingDiskFaults<T>(env: Env, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!diskFaultOf(error)) throw error;
    const problems = await folderProblemsAtStart(foldersOf(env), env.dataDir);
    throw new ConfigError(problems.length ? problems : [`DATA_DIR: ${(error as Error).message}`]);
  }
}

/** The child process of a first start (server/first-start.ts): creates the embedded database and loads the demo. */
export async function prepareFirstStart(): Promise<void> {
  try {
    const env = getEnv();
    await listingDiskFaults(env, () => prepareNewDatabase(env));
  } catch (error) {
    exitOnStartProblem(error);
  }
}

/**
 * For tests only: SHOP_TEST_NOTICE_DELAY_MS makes this process hear catalogue changes late, as a
 * busy worker might ("0,400": worker 1 on time, worker 2 late; one figure for every process).
 */
function testNoticeDelay(): number {
  const figures = (process.env.SHOP_TEST_NOTICE_DELAY_MS ?? "").split(",");
  return Number(figures.length > 1 ? figures[(workerNumber() ?? 1) - 1] : figures[0]) || 0;
}

/**
 * The embedded database stopped on a fault it cannot go on from (PostgreSQL's PANIC: a log write
 * refused by a full disk). It takes no more queries; the process ends so that its supervisor starts
 * it again, and the database recovers from its log then, once the disk takes writes.
 */
function stopOnDatabasePanic(error: Error) {
  logger.fatal(
    { err: error },
    "the embedded database stopped on a fault (a full or read-only disk?): the shop stops; it recovers when started again",
  );
  // Requests in flight are answered (503) first.
  setTimeout(() => process.exit(1), 500);
}

/** The folders a shop with this configuration writes to on this machine (data-folder.server.ts). */
function foldersOf(env: Env) {
  return foldersOfShop({
    dataDir: env.dataDir,
    embedded: !env.DATABASE_URL,
    mediaRoot: env.storage.kind === "local" ? env.storage.root : undefined,
    outboxDir: env.SMTP_URL ? undefined : path.join(env.dataDir, "outbox"),
  });
}

/** `npm run dev`: Vite answers what it serves (modules, styles, hot updates), the shop the rest. */
function serveBehindVite(dev: DevServing, fetch: Parameters<typeof getRequestListener>[0], env: Env): Server {
  const shop = getRequestListener(fetch, { hostname: env.HOST });
  dev.server.on("request", (req: IncomingMessage, res: ServerResponse) => dev.middlewares(req, res, () => void shop(req, res)));
  dev.server.listen(env.PORT, env.HOST);
  return dev.server;
}

/** Longest pause between two tries of a start-up step while the database cannot be reached. */
const MAX_START_RETRY_MS = 30_000;

/** `step`, tried again with a growing pause for as long as it fails because the database cannot be reached. */
async function whenReachable<T>(what: string, step: () => Promise<T>): Promise<T> {
  for (let pauseMs = 1000; ; pauseMs = Math.min(pauseMs * 2, MAX_START_RETRY_MS)) {
    try {
      return await step();
    } catch (error) {
      if (!isDatabaseUnreachable(error)) throw error;
      logger.warn(
        { step: what, err: error instanceof Error ? error.message : String(error), retryInMs: pauseMs },
        "the database cannot be reached yet: waiting",
      );
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
}

/** Resolves once `server` listens; a port it may not take is a problem of the configuration. */
function listening(server: ServerType, env: Env): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once("listening", () => resolve());
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "EADDRINUSE" || error.code === "EACCES"
          ? new ConfigError([
              `PORT: ${env.PORT} on ${env.HOST} ${error.code === "EADDRINUSE" ? "is already in use by another program" : "may not be used by this user"}`,
            ])
          : error,
      ),
    );
  });
}

/**
 * Opens the database, prepares the data folder and serves the shop (`createApp`); `entryUrl` is the
 * server build's entry, which a first start's child process loads (first-start.ts). With `dev`
 * (`npm run dev`) the same, but the browser's files come from Vite, pages are drawn from the code
 * as saved, and nothing drawn or read is kept between requests (no page cache, no kept reads).
 */
export async function startShop(
  entryUrl: string,
  makeApp: typeof createApp,
  dev?: DevServing,
): Promise<{ server: ServerType; close: () => Promise<void> }> {
  // A promise nobody handled is a defect to log, not a reason to stop serving every other shopper
  // (docs/decisions/0049-database-blinks.md); lint (no-floating-promises) and tests keep them out.
  process.on("unhandledRejection", (reason) => logger.error({ err: reason }, "a promise failed with nobody to handle it"));
  try {
    return await serveShop(entryUrl, makeApp, dev);
  } catch (error) {
    return exitOnStartProblem(error);
  }
}

async function serveShop(entryUrl: string, makeApp: typeof createApp, dev?: DevServing): Promise<{ server: ServerType; close: () => Promise<void> }> {
  const env = getEnv();
  logger.level = env.LOG_LEVEL;
  // The folders this shop writes to must take writes: a full or read-only one is a listed problem.
  const embedded = !env.DATABASE_URL;
  const shopFolders = foldersOf(env);
  // A first start also needs room for the new embedded database.
  const folderProblems = await folderProblemsAtStart(
    shopFolders,
    env.dataDir,
    isFirstStart(env) ? RESERVE_BYTES + NEW_DATABASE_BYTES : RESERVE_BYTES,
  );
  if (folderProblems.length) throw new ConfigError(folderProblems);
  const storage = await openStorage(env.storage);

  // A new embedded database is created, and the demo loaded, by a child process that gives its
  // memory back when it ends; under `npm run dev` (whose modules only Vite can load) in this one.
  if (isFirstStart(env)) await listingDiskFaults(env, () => (dev ? prepareNewDatabase(env) : prepareInChildProcess(entryUrl)));
  // A database that cannot be reached yet is waited for (a shop and its database starting
  // together, or a worker replaced during an outage).
  const database = await listingDiskFaults(env, () =>
    whenReachable("opening the database", () => openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir, onPanic: stopOnDatabasePanic })),
  );
  const folders = new FolderWatch(shopFolders, {
    onChange: (fault) =>
      fault
        ? logger.error({ folder: fault.folder, fault: fault.fault }, `writes refused: ${describeFault(fault)}`)
        : logger.info("the shop's folders take writes again"),
  });

  const secret = await whenReachable("reading the session secret", () => loadAuthSecret(database.db));
  const auth = createAuth(database.db, { secret, baseURL: env.publicUrl });
  // Mail waits in the outbox table while a folder it is written to (the embedded database, the
  // outbox folder) is faulty, so that its attempts are not spent on the fault.
  const mailWrites = embedded || !env.SMTP_URL;
  const mailer = startMailer(database.db, createTransport({ smtpUrl: env.SMTP_URL, outboxDir: path.join(env.dataDir, "outbox") }), {
    paused: async () => mailWrites && Boolean(await folders.check()),
  });
  mailer.kick();
  const live = await whenReachable("listening for live changes", () => startLiveHub(database));
  const sweeper = startUploadSweeper(database.db, storage);
  // What has been in the Trash for 30 days goes for good, media included (docs/decisions/0053).
  const trashPurger = startTrashPurger(database.db, storage);
  // This process alone can open the embedded database: `npm run backup` and `npm run check-data`
  // ask it over a socket in the data folder (docs/decisions/0050).
  const channel = embedded ? await serveShopChannel(env.dataDir, { db: database.db, kind: database.kind, storage }) : undefined;
  // BACKUP_EVERY: every process looks at the schedule, one takes each slot (docs/decisions/0051).
  const backups = env.backupSchedule
    ? startBackupScheduler({ db: database.db, kind: database.kind, storage, schedule: env.backupSchedule, instance: instanceName(workerNumber()) })
    : undefined;

  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    // Workers and instances starting together create it once.
    const credentials = { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD };
    const result = await whenReachable("creating the main admin", () => oneAtATime(database.db, (tx) => ensureMainAdmin(tx, credentials)));
    if (result === "created") logger.info({ email: env.ADMIN_EMAIL }, "main admin created");
  }

  // The browser's files: built, or under `npm run dev` the sources (Vite answers most before the shop).
  const clientDir = path.relative(process.cwd(), path.resolve(dev ? "public" : "build/client"));
  // Under `npm run dev` a page kept in memory would hide a change just saved.
  const pageCacheMb = dev ? 0 : env.PAGE_CACHE_MB;
  const pageCache = pageCacheMb > 0 ? new PageCache(pageCacheMb * 1024 * 1024, { pageShare: PAGE_SHARE }) : undefined;
  // Searches' pages apart, in a quarter as much again, and only those asked for twice within a
  // minute: the many searches typed once never push the hot pages out, nor cost a compression more.
  const searchPages = pageCacheMb > 0 && env.KEEP_SEARCHES === "on" ? new PageCache((pageCacheMb * 1024 * 1024) / 4, { secondAsk: true }) : undefined;
  // Catalogue change notices drop kept pages, kept catalogue reads, kept cards and kept searches (modules/cache/read-cache.server.ts).
  const readCaches = [catalogReadCache, cardReadCache, searchReadCache];
  const catalog = await whenReachable("listening for catalogue changes", () =>
    watchCatalogChanges(
      database,
      { invalidate: (tags) => [pageCache, searchPages, ...readCaches].forEach((kept) => kept?.invalidate(tags)) },
      { noticeDelayMs: testNoticeDelay() },
    ),
  );
  // Kept reads would outlive an edit of the query that made them: none under `npm run dev`.
  if (!dev) {
    catalogReadCache.enable();
    cardReadCache.enable();
    if (env.KEEP_SEARCHES === "on") searchReadCache.enable();
  }
  // After a change, every worker's caches (not only this one's) must have heard of it (cluster.ts).
  const catalogBarrier = barrierOfAllWorkers(catalog.barrier);
  // Media kept at the original shop's web addresses (npm run import): read once, at start.
  const mediaOrigins = await whenReachable("reading media origins", () => readMediaOrigins(database.db));
  const app = makeApp({
    database,
    storage,
    auth,
    mailer,
    live: live.hub,
    env,
    clientDir,
    pageCache,
    searchPages,
    catalogBarrier,
    mediaOrigins,
    folders: shopFolders.length ? folders : undefined,
    loadBuild: dev?.loadBuild,
  });
  const server = dev ? serveBehindVite(dev, app.fetch, env) : serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST });
  // A proxy keeps its connections to the shop open for up to 30 s between requests (deploy/); the
  // shop must not close one first (Node's default is 5 s), or a request the proxy sends on it just
  // then fails and the proxy takes this instance for down. The wait for a request's headers must be
  // longer still, or it would cut the idle connections first.
  if ("keepAliveTimeout" in server) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }
  await listening(server, env);
  logger.info(
    {
      url: env.publicUrl,
      port: env.PORT,
      database: database.kind,
      dataDir: embedded ? env.dataDir : undefined,
      instance: app.instance,
      worker: workerNumber(),
      trustProxy: env.TRUST_PROXY,
    },
    "shop is serving",
  );
  // Once per start, not once per worker.
  if ((workerNumber() ?? 1) === 1) for (const warning of configurationWarnings(env)) logger.warn(warning);

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      app.stop();
      // Vite first: its hot-reload sockets would hold the server open.
      await dev?.close();
      mailer.stop();
      backups?.stop();
      await sweeper.stop();
      await trashPurger.stop();
      await live.stop();
      await catalog.stop();
      for (const readCache of readCaches) readCache.disable();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ("closeIdleConnections" in server) server.closeIdleConnections();
        // Open event streams never end by themselves: give requests in flight a moment, then cut.
        if ("closeAllConnections" in server) setTimeout(() => server.closeAllConnections(), 2000).unref();
      });
      await Promise.race([app.drained(), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
      await channel?.close();
      await database.close();
    })());
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      logger.info({ signal }, "shutting down");
      const force = setTimeout(() => process.exit(1), 10_000);
      force.unref();
      close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  return { server, close };
}
