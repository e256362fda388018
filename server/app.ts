import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { rangeAsked } from "~/modules/media/byte-range";
import { Hono } from "hono";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { getRequestListener, serve, type ServerType } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { bodyLimit } from "hono/body-limit";
import { discardBody } from "./discard-body";
import { createRequestHandler, type ServerBuild } from "react-router";
import { ConfigError } from "~/lib/config-error";
import { configurationWarnings, getEnv, type Env } from "~/config.server";
import { oneAtATime, openDatabase, readiness, type Database } from "~/lib/db.server";
import { atOrigin, clientAddress, publicOrigin } from "~/lib/proxy.server";
import { privateCachePolicy } from "~/lib/cache-policy.server";
import { localPath } from "~/lib/local-path";
import { withRetryAfter } from "~/lib/retry-after.server";
import { checkAddress, checkedForm } from "~/lib/request-input.server";
import {
  answerFromCache,
  cachedPageOf,
  cacheKey,
  inlineScriptHashes,
  PageCache,
  UNCACHEABLE_TAG,
  watchCatalogChanges,
} from "~/lib/page-cache.server";
import { FolderLockedError } from "~/lib/folder-lock.server";
import {
  describeFault,
  folderProblemsAtStart,
  foldersOfShop,
  FolderWatch,
  NEW_DATABASE_BYTES,
  RESERVE_BYTES,
  type FolderFault,
} from "~/lib/data-folder.server";
import { DISK_FAULT_RETRY_AFTER_SECONDS, diskFaultOf, SHOPPER_DISK_FAULT_MESSAGE, STAFF_DISK_FAULT_MESSAGE } from "~/lib/disk-fault";
import { DataRefusedError } from "~/lib/data-refused";
import { cardMemo, catalogMemo, searchMemo } from "~/lib/query-memo.server";
import { logger } from "~/lib/logger.server";
import type { FileStorage } from "~/modules/media/storage.server";
import { openStorage } from "~/modules/media/storage-factory.server";
import { startUploadSweeper } from "~/modules/media/upload-sweep.server";
import { startTrashPurger } from "~/modules/trash/trash.server";
import { readMediaOrigins } from "~/modules/media/media-origins.server";
import { serveShopChannel } from "~/modules/backup/shop-channel.server";
import { instanceName, startBackupScheduler } from "~/modules/backup/scheduled-backups.server";
import { FirstStartError, isFirstStart, prepareInChildProcess, prepareNewDatabase } from "./first-start";
import { ensureMainAdmin } from "~/modules/accounts/accounts.server";
import { createAuth, loadAuthSecret, type Auth } from "~/modules/accounts/auth.server";
import { createTransport, startMailer } from "~/modules/mail/mail.server";
import { startLiveHub, type LiveHub } from "~/modules/live/live-events.server";
import type { AppServices } from "~/load-context";
import { barrierOfAllWorkers, exitWithConfigurationProblem, workerNumber } from "./cluster";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnreachable } from "~/lib/database-faults";
import { compression } from "./compression";
import { unavailableAnswer } from "./unavailable";
import { KEPT_PAGES, PAGE_SHARE } from "./kept-pages";

const MEDIA_TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
};

/** Requests at least this slow are always logged at info level. */
const SLOW_REQUEST_MS = 1000;
/** The share of other requests logged at info level (all of them at debug). */
const ACCESS_LOG_SAMPLE = 0.01;

/** Largest request body any form may send. */
export const MAX_FORM_BYTES = 12 * 1024 * 1024;

const ASSET_SECURITY_HEADERS: Record<string, string> = {
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; sandbox",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

/**
 * The policies of a page. Its inline scripts are allowed by this response's nonce or, for a page
 * served from the page cache, by their hashes (`scripts`: the sources to list). Images and videos
 * may also come from `mediaOrigins`: the origins of media kept at their web addresses by the
 * import of the original shop (media-origins.server.ts), and from nowhere else.
 */
export function securityHeaders(scripts: string, secure: boolean, mediaOrigins: readonly string[] = []): Record<string, string> {
  const elsewhere = mediaOrigins.map((o) => ` ${o}`).join("");
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${scripts}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${elsewhere}`,
    `media-src 'self' blob:${elsewhere}`,
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  const headers: Record<string, string> = {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  if (secure) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

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
  const { database, storage, env, clientDir, pageCache, searchPages, catalogBarrier } = options;
  // What every loader and action gets in its context, beside this request's own values.
  const services: AppServices = {
    db: database.db,
    auth: options.auth,
    storage,
    mailer: options.mailer,
    live: options.live,
    backups: { kind: database.kind, schedule: env.backupSchedule },
  };
  const mediaOrigins = options.mediaOrigins ?? [];
  const instance = options.instance ?? randomBytes(4).toString("hex");
  const proxy = { publicUrl: env.PUBLIC_URL, trustProxy: env.TRUST_PROXY };
  const secure = env.publicUrl.startsWith("https://");
  // The pages' server build, loaded once: handed a function instead, React Router would rebuild
  // its route tables on every request. (Virtual module provided by React Router's Vite plugin.)
  let build: Promise<ServerBuild> | undefined;
  const loadBuild = () => (build ??= import("virtual:react-router/server-build"));
  let pages: Promise<ReturnType<typeof createRequestHandler>> | undefined;
  // In `npm run dev`, a new handler for each new build Vite hands over (after a saved change).
  const devPages = new WeakMap<ServerBuild, ReturnType<typeof createRequestHandler>>();
  const devHandler = async (fresh: () => Promise<ServerBuild>) => {
    const loaded = await fresh();
    let handler = devPages.get(loaded);
    if (!handler) devPages.set(loaded, (handler = createRequestHandler(withRetryAfter(loaded), "development")));
    return handler;
  };
  const handle: ReturnType<typeof createRequestHandler> = async (request, context) => {
    if (options.loadBuild) return (await devHandler(options.loadBuild))(request, context);
    pages ??= loadBuild().then((loaded) =>
      createRequestHandler(withRetryAfter(loaded), env.NODE_ENV === "development" ? "development" : "production"),
    );
    return (await pages)(request, context);
  };
  // The ids of the app's routes, for the page cache's key of a data request (`?_routes=…`).
  let routeIds: Promise<ReadonlySet<string>> | undefined;
  // The files served from the client folder's top level (favicon, placeholder image …), read once,
  // so that a page's path never costs a file-system lookup.
  const publicFiles = new Set(
    (fs.existsSync(clientDir) ? fs.readdirSync(clientDir, { withFileTypes: true }) : [])
      .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
      .map((entry) => `/${entry.name}`),
  );
  const app = new Hono<{
    Variables: { nonce: string; origin: string; clientAddress?: string; keepIn?: { cache: PageCache; key: string; start: number; url: string } };
    Bindings: { incoming?: { socket?: { remoteAddress?: string } } };
  }>();
  // Set once shutting down begins, so load balancers stop sending new requests here.
  let stopping = false;

  // Requests being answered, so that shutting down waits for them before closing the database
  // (a client that hangs up does not stop the work its request started).
  let inFlight = 0;
  const waiting: (() => void)[] = [];
  const drained = () => new Promise<void>((resolve) => (inFlight === 0 ? resolve() : waiting.push(resolve)));

  // Behind proxies: the origin shoppers use and the client's real address (see proxy.server.ts).
  app.use(async (c, next) => {
    c.set("origin", publicOrigin(new URL(c.req.url), c.req.raw.headers, proxy));
    c.set("clientAddress", clientAddress(c.req.header("x-forwarded-for"), c.env?.incoming?.socket?.remoteAddress, proxy.trustProxy));
    await next();
  });

  // One log line per request at debug level; at info, server errors, slow requests and a sample.
  app.use(async (c, next) => {
    const started = performance.now();
    inFlight++;
    try {
      await next();
    } finally {
      if (--inFlight === 0) for (const resolve of waiting.splice(0)) resolve();
    }
    const ms = Math.round((performance.now() - started) * 10) / 10;
    // A client that hung up gets no answer; its request is marked so its status is not taken for a fault.
    const aborted = c.req.raw.signal.aborted || undefined;
    const line = { method: c.req.method, path: c.req.path, status: c.res.status, ms, aborted };
    if (c.res.status >= 500 && !aborted) logger.warn(line, "request");
    else if (ms >= SLOW_REQUEST_MS || Math.random() < ACCESS_LOG_SAMPLE) logger.info(line, "request");
    else logger.debug(line, "request");
  });

  // A GET form without fields (a NavigateButton pressed before the page's scripts ran, or without
  // them) asks for `/shop?`: the address is given back without the empty query, so the page has
  // the same address either way. Only to a path on the shop: `//host/?` is answered as it is.
  app.use(async (c, next) => {
    if ((c.req.method === "GET" || c.req.method === "HEAD") && c.req.url.indexOf("?") === c.req.url.length - 1) {
      const to = localPath(new URL(c.req.url).pathname, c.get("origin"));
      if (to) return c.redirect(to, 302);
    }
    await next();
  });

  // After a change made here (an order, a back-office save), wait until this instance's page cache
  // has heard of it, so that the next page this visitor opens already shows it.
  if (catalogBarrier) {
    app.use(async (c, next) => {
      await next();
      if (c.req.method !== "GET" && c.req.method !== "HEAD" && c.res.status < 400 && /^\/(checkout|admin)/.test(c.req.path)) await catalogBarrier();
    });
  }

  // Anonymous storefront pages from memory (page-cache.server.ts); a miss is rendered and kept below,
  // keyed by the parameters the page reads (kept-pages.ts).
  if (pageCache || searchPages) {
    app.use(async (c, next) => {
      const ids = c.req.path.endsWith(".data") ? await (routeIds ??= loadBuild().then((loaded) => new Set(Object.keys(loaded.routes)))) : undefined;
      const asked = cacheKey(c.req.raw, KEPT_PAGES, ids);
      const cache = asked?.search ? searchPages : pageCache;
      if (!asked || !cache) return next();
      const page = cache.get(asked.key);
      if (page) return answerFromCache(page, c.req.raw, { cache, key: asked.key });
      // A HEAD answer has no body to keep.
      if (c.req.method === "GET" && cache.wants(asked.key)) c.set("keepIn", { cache, key: asked.key, start: cache.begin(), url: asked.url });
      await next();
    });
  }

  app.use(async (c, next) => {
    const nonce = randomBytes(16).toString("base64");
    c.set("nonce", nonce);
    await next();
    // Documents get the full policy set. Every other response (scripts, images, media, feeds) gets
    // a short, strict one: it can never be framed or run as a page, and each of a page's files
    // does not carry a kilobyte of document policy.
    const headers = c.res.headers.get("Content-Type")?.startsWith("text/html")
      ? securityHeaders(`'nonce-${nonce}'`, secure, mediaOrigins)
      : ASSET_SECURITY_HEADERS;
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  });

  // The back office is kept by no cache; other answers to a signed-in browser by no shared one.
  app.use(async (c, next) => {
    await next();
    const policy = privateCachePolicy(c.req.path, c.req.header("cookie"), c.res.headers);
    if (policy) c.res.headers.set("Cache-Control", policy);
  });

  // While the database cannot be reached (database-health.server.ts), pages and forms answer 503
  // at once, in the shop's own words (unavailable.ts); pages kept in memory are still served
  // (above). A page that failed because the database went away as it was drawn gets the same
  // answer. Actions that fail so answer 503 with their own words (errors.ts).
  const health = database.health;
  const needsNoDatabase = (path: string) =>
    path === "/healthz" || path === "/readyz" || path.startsWith("/assets/") || path.startsWith("/media/") || publicFiles.has(path);
  // A script's form post (`.data`) still goes to its action, which fails at once with its own
  // words in the form, so the page and what was typed in it stay (a bare answer here would replace
  // the page with its error boundary).
  const scriptPost = (c: { req: { method: string; path: string } }) => c.req.method === "POST" && c.req.path.endsWith(".data");
  app.use(async (c, next) => {
    if (needsNoDatabase(c.req.path)) return next();
    if (health.down && !scriptPost(c)) {
      c.res = unavailableAnswer(c.req.raw);
      return;
    }
    await next();
    if (c.res.status === 500 && (await health.settled())) c.res = unavailableAnswer(c.req.raw);
    // Every 503 says when to ask again, whichever path answered it.
    else if (c.res.status === 503 && !c.res.headers.has("Retry-After")) c.res.headers.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
  });

  // Every state-changing request must come from the shop's own pages (CSRF defence).
  app.use(async (c, next) => {
    if (!["GET", "HEAD", "OPTIONS"].includes(c.req.method)) {
      const origin = c.req.header("origin");
      const site = c.req.header("sec-fetch-site");
      if ((origin && origin !== c.get("origin")) || (!origin && site === "cross-site")) {
        logger.warn({ origin, path: c.req.path }, "cross-site request refused");
        return c.text("Cross-site request refused.", 403);
      }
    }
    await next();
  });

  // No form of the shop needs more than a category image (10 MB); product media go to the upload
  // route, which enforces its own per-kind limits while it reads.
  // The refusal is sent once the client has sent its whole body (up to a bound): a client still
  // sending when the connection closes gets a reset instead of the answer, and a phone on a slow
  // network would show a failed request rather than "too large".
  const formLimit = bodyLimit({
    maxSize: MAX_FORM_BYTES,
    onError: async (c) => {
      await discardBody(c.req.raw.body);
      return c.text("The request is too large (at most 12 MB).", 413, { Connection: "close" });
    },
  });
  app.use(async (c, next) => (c.req.path === "/admin/uploads" ? next() : formLimit(c, next)));

  // A full or read-only folder of the shop (docs/decisions/0048-disk-faults.md): a request that
  // would write there is refused before anything is written. With the embedded database every
  // change is written there; otherwise only files are (an upload, a form that carries an image).
  const folders = options.folders;
  if (folders) {
    const writesToFolders = (c: { req: { path: string; header: (name: string) => string | undefined } }) =>
      database.kind === "pglite" || c.req.path === "/admin/uploads" || (c.req.header("content-type") ?? "").startsWith("multipart/form-data");
    app.use(async (c, next) => {
      if (["GET", "HEAD", "OPTIONS"].includes(c.req.method) || !writesToFolders(c)) return next();
      const fault = await folders.check();
      if (!fault) return next();
      await discardBody(c.req.raw.body);
      return folderFaultAnswer(c.req.path, fault);
    });
  }

  // Input no page can use is refused here with a clear 4xx (see request-input.server.ts). Media
  // uploads send the file itself as the body and check it in their own route.
  app.use(async (c, next) => {
    const problem = checkAddress(new URL(c.req.url));
    if (problem) return c.text(problem.message, problem.status);
    if (["GET", "HEAD", "OPTIONS"].includes(c.req.method) || c.req.path === "/admin/uploads") return next();
    const form = await checkedForm(c.req.raw);
    if ("problem" in form) return c.text(form.problem.message, form.problem.status);
    c.req.raw = form.request;
    await next();
  });

  // Pages whole, in one go; under 1 KB as they are; event streams never (compression.ts).
  app.use(compression());

  // Liveness: the process answers. Touches nothing else, so a slow database never gets it restarted.
  app.get("/healthz", (c) => c.json({ status: "ok", instance }, 200, { "Cache-Control": "no-store" }));

  // Readiness: send traffic here only while the database answers with every migration applied.
  app.get("/readyz", async (c) => {
    const state = await readiness(database.probe);
    const fault = await folders?.check();
    const ready = state.database && state.migrations && !fault && !stopping;
    return c.json(
      {
        status: ready ? "ready" : stopping ? "stopping" : "unavailable",
        database: state.database ? "up" : "down",
        migrations: state.migrations ? "applied" : "pending",
        folders: fault ? describeFault(fault, folders?.reserve) : "writable",
        kind: database.kind,
        instance,
      },
      ready ? 200 : 503,
      { "Cache-Control": "no-store" },
    );
  });

  // Fingerprinted build assets: cached for a year.
  app.use(
    "/assets/*",
    serveStatic({
      root: clientDir,
      precompressed: true,
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
    }),
  );

  // Stored images and videos: keys are unique per upload, so they never change either.
  app.get("/media/*", async (c) => {
    const key = decodeURIComponent(c.req.path.slice("/media/".length));
    const type = MEDIA_TYPES[path.extname(key).toLowerCase()];
    if (!type) return c.notFound();
    const headers = { "Content-Type": type, "Cache-Control": "public, max-age=31536000, immutable", "Accept-Ranges": "bytes" };
    // A video player asks for the part it is about to play (byte-range.ts); an If-Range names a
    // version these answers never give, so it gets the whole file.
    const asked = c.req.header("If-Range") ? undefined : rangeAsked(c.req.header("Range"));
    if (asked) {
      const ranged = await storage.openRange(key, asked);
      if (!ranged) return c.notFound();
      // A range past the end is refused for that request alone: the refusal is never stored.
      if (!ranged.stream) return c.body(null, 416, { ...headers, "Cache-Control": "no-store", "Content-Range": `bytes */${ranged.size}` });
      const { start, end } = ranged.part;
      if (c.req.method === "HEAD") ranged.stream.destroy();
      return new Response(Readable.toWeb(ranged.stream) as ReadableStream, {
        status: 206,
        headers: { ...headers, "Content-Length": String(end - start + 1), "Content-Range": `bytes ${start}-${end}/${ranged.size}` },
      });
    }
    const file = await storage.open(key);
    if (!file) return c.notFound();
    // An answer to HEAD is sent without its body: unread, the file would hold its descriptor (or
    // its bucket connection) open.
    if (c.req.method === "HEAD") file.stream.destroy();
    return new Response(Readable.toWeb(file.stream) as ReadableStream, { headers: { ...headers, "Content-Length": String(file.size) } });
  });

  // Other public files (favicon, placeholder image): cached for a day.
  const publicFile = serveStatic({
    root: clientDir,
    precompressed: true,
    onFound: (_path, c) => c.header("Cache-Control", "public, max-age=86400"),
  });
  app.use("*", async (c, next) => (publicFiles.has(c.req.path) ? publicFile(c, next) : next()));

  app.all("*", async (c) => {
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
    // Keep the page: whole, compressed both ways, its inline scripts allowed by hash instead of
    // this response's nonce; and answer this request from the kept copy too.
    const body = Buffer.from(await response.arrayBuffer());
    const type = response.headers.get("content-type") ?? "";
    const policies = type.startsWith("text/html")
      ? securityHeaders(inlineScriptHashes(body.toString("utf8")).join(" "), secure, mediaOrigins)
      : ASSET_SECURITY_HEADERS;
    const headers: [string, string][] = [
      ...[...response.headers].filter(([name]) => !/^(content-length|content-encoding|cache-control)$/i.test(name)),
      ...Object.entries(policies),
      // Browsers keep it but ask again each time; the ETag makes the answer a short 304.
      ["Cache-Control", "no-cache"],
    ];
    const page = await cachedPageOf(body, response.status, headers, cacheTags);
    keepIn.cache.put(keepIn.key, page, keepIn.start);
    const answer = await answerFromCache(page, c.req.raw);
    answer.headers.set("X-Cache", "miss");
    return answer;
  });

  app.onError((error, c) => {
    logger.error({ err: error, path: c.req.path }, "unhandled error");
    if (diskFaultOf(error)) return folderFaultAnswer(c.req.path, folders?.fault());
    return c.text("Something went wrong on our side. Please try again.", 500);
  });

  return Object.assign(app, { drained, instance, stop: () => void (stopping = true) });
}

/**
 * The refusal of a write while a folder of the shop cannot take it: staff read which folder and
 * what is wrong, shoppers that nothing was saved; the upload route's own JSON shape for uploads.
 */
function folderFaultAnswer(requestPath: string, fault: FolderFault | undefined): Response {
  const headers = { "Retry-After": String(DISK_FAULT_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" };
  if (!requestPath.startsWith("/admin")) return new Response(SHOPPER_DISK_FAULT_MESSAGE, { status: 503, headers });
  const message = fault
    ? `Nothing can be saved right now: ${describeFault(fault)}. Once space is freed there the shop goes on by itself.`
    : STAFF_DISK_FAULT_MESSAGE;
  if (requestPath === "/admin/uploads") return Response.json({ ok: false, message }, { status: 503, headers });
  return new Response(message, { status: 503, headers });
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

/** The child process of a first start (server/first-start.ts): creates the embedded database and loads the demo. */
export async function prepareFirstStart(): Promise<void> {
  const env = await orExit(() => getEnv());
  await orExit(() => prepareNewDatabase(env), env);
}

/**
 * `work`, or, when it finds a problem of the configuration or the data folder (which every new
 * try would meet too), that problem printed as it is and the process ended: with 1, or in a
 * worker with the code that tells the primary not to start another (cluster.ts). With `env`, a
 * full or read-only disk met meanwhile is such a problem too, listed by folder.
 */
async function orExit<T>(work: () => T | Promise<T>, env?: Env): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ConfigError || error instanceof FolderLockedError || error instanceof FirstStartError || error instanceof DataRefusedError) {
      console.error(error.message);
      exitWithConfigurationProblem();
    }
    // The disk filled up, or turned read-only, since the folders were checked (the new database
    // and the demo's images did not fit, say).
    if (env && diskFaultOf(error)) {
      const problems = await folderProblemsAtStart(foldersOf(env), env.dataDir);
      console.error(new ConfigError(problems.length ? problems : [`DATA_DIR: ${(error as Error).message}`]).message);
      exitWithConfigurationProblem();
    }
    throw error;
  }
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
 * Opens the database, prepares the data folder and serves the shop. With `dev` (`npm run dev`) the
 * same, but the browser's files come from Vite, pages are drawn from the code as saved, and
 * nothing drawn or read is kept between requests (no page cache, no kept reads).
 */
export async function start(dev?: DevServing): Promise<{ server: ServerType; close: () => Promise<void> }> {
  // A promise nobody handled is a defect to log, not a reason to stop serving every other shopper
  // (docs/decisions/0049-database-blinks.md); lint (no-floating-promises) and tests keep them out.
  process.on("unhandledRejection", (reason) => logger.error({ err: reason }, "a promise failed with nobody to handle it"));

  const env = await orExit(() => getEnv());
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
  if (folderProblems.length) {
    console.error(new ConfigError(folderProblems).message);
    exitWithConfigurationProblem();
  }
  const storage = await orExit(() => openStorage(env.storage));

  // A new embedded database is created, and the demo loaded, by a child process that gives its
  // memory back when it ends; under `npm run dev` (whose modules only Vite can load) in this one.
  if (isFirstStart(env)) await orExit(() => (dev ? prepareNewDatabase(env) : prepareInChildProcess(import.meta.url)), env);
  // A database that cannot be reached yet is waited for (a shop and its database starting
  // together, or a worker replaced during an outage).
  const database = await orExit(
    () =>
      whenReachable("opening the database", () =>
        openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir, onPanic: stopOnDatabasePanic }),
      ),
    env,
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
  // Catalogue change notices drop kept pages, kept catalogue reads, kept cards and kept searches (query-memo.server.ts).
  const memos = [catalogMemo, cardMemo, searchMemo];
  const catalog = await whenReachable("listening for catalogue changes", () =>
    watchCatalogChanges(
      database,
      { invalidate: (tags) => [pageCache, searchPages, ...memos].forEach((kept) => kept?.invalidate(tags)) },
      { noticeDelayMs: testNoticeDelay() },
    ),
  );
  // Kept reads would outlive an edit of the query that made them: none under `npm run dev`.
  if (!dev) {
    catalogMemo.enable();
    cardMemo.enable();
    if (env.KEEP_SEARCHES === "on") searchMemo.enable();
  }
  // After a change, every worker's caches (not only this one's) must have heard of it (cluster.ts).
  const catalogBarrier = barrierOfAllWorkers(catalog.barrier);
  // Media kept at the original shop's web addresses (npm run import): read once, at start.
  const mediaOrigins = await whenReachable("reading media origins", () => readMediaOrigins(database.db));
  const app = createApp({
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
  await orExit(
    () =>
      new Promise<void>((resolve, reject) => {
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
      }),
  );
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
      for (const memo of memos) memo.disable();
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
