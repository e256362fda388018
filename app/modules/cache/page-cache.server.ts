import { createHash } from "node:crypto";
import { FIRST_ROUND_TRIP_BYTES, WORTH_FITTING } from "~/lib/first-round-trip";
import { CACHED_AT_MOST_MS } from "./read-cache.server";
import { promisify } from "node:util";
import zlib from "node:zlib";

/**
 * Anonymous storefront pages kept in memory, already compressed (brotli and gzip) with their ETag,
 * so that a shopper's hit costs a map lookup instead of six queries, a React render and a
 * compression. See docs/decisions/0022-storefront-page-cache.md.
 *
 * A page is tagged by what it shows (`product:<id>` for each product on it, `lists` for every list
 * of products); a change to the catalogue invalidates exactly the pages with its tags, and a change
 * to categories (in every page's footer) invalidates all of them.
 */

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

export const LISTS_TAG = "lists";
export const productTag = (id: string) => `product:${id}`;
/** A loader adds this when its page must not be kept (e.g. a part of it failed to load). */
export const UNCACHEABLE_TAG = "uncacheable";

/**
 * A page the cache keeps, one that looks the same to every anonymous shopper, and what of its
 * address it reads (docs/decisions/0047). `path` matches its addresses (and its `.data`, for
 * client-side navigation); `query` gives the parameters the page reads, as it reads them (values
 * normalised, defaults left out); without it the page reads none. Every other parameter (a
 * campaign's `utm_*`, a flood's `?junk=…`) is left out of the key, and a page to keep is rendered
 * from its address without them (`url`), so that every address sharing a key gets the same page.
 */
export interface CacheablePage {
  path: RegExp;
  query?: (params: URLSearchParams) => URLSearchParams;
}

/** Cookies that make a page personal: a session, a one-time message. */
const PERSONAL_COOKIE = /(^|;\s*)(__Secure-)?(better-auth\.[a-z_]+|flash)=/;

/**
 * React Router's own parameters of a data request (`/shop.data`): which routes' data it wants
 * (`_routes`: only ids of the app's routes, each once, in one order; `routeIds` absent, any), and
 * whether it asks an index route's (`index`, as React Router reads it: present and empty).
 */
function dataRequestParams(url: URL, routeIds?: ReadonlySet<string>): [string, string][] {
  if (!url.pathname.endsWith(".data")) return [];
  const params: [string, string][] = [];
  const routes = [...new Set((url.searchParams.get("_routes") ?? "").split(","))].filter((id) => id && (!routeIds || routeIds.has(id))).sort();
  if (routes.length) params.push(["_routes", routes.join(",")]);
  if (url.searchParams.getAll("index").includes("")) params.push(["index", ""]);
  return params;
}

/**
 * The cache key of a request, or null when its answer may differ per visitor or is not worth
 * keeping: the page's path and the parameters it reads, sorted. `url` is the address the page is
 * rendered from to be kept (the same, without what the key leaves out). `search` marks a search's
 * page: searches are as many as shoppers type, so they are kept apart from the other pages
 * (server/app.ts), and cannot push the hot pages out.
 */
export function cacheKey(
  request: Request,
  pages: readonly CacheablePage[],
  routeIds?: ReadonlySet<string>,
): { key: string; search: boolean; url: string } | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const cookie = request.headers.get("cookie");
  if (cookie && PERSONAL_COOKIE.test(cookie)) return null;
  const url = new URL(request.url);
  const page = pages.find((p) => p.path.test(url.pathname));
  if (!page) return null;
  const read = page.query?.(url.searchParams) ?? new URLSearchParams();
  const params = [...read, ...dataRequestParams(url, routeIds)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(params).toString();
  return { key: `${url.pathname}?${query}`, search: read.has("q"), url: `${url.origin}${url.pathname}${query ? `?${query}` : ""}` };
}

/** SHA-256 sources of a page's inline scripts, for a policy that allows exactly those. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1]) || match[2] === "") continue;
    hashes.add(`'sha256-${createHash("sha256").update(match[2], "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

export interface CachedPage {
  status: number;
  /** Headers sent with every copy (type, policies); without Content-Encoding and Length. */
  headers: [string, string][];
  etag: string;
  br: Buffer;
  gzip: Buffer;
  /**
   * The page as it is, for clients that take no compression (health checkers, curl, some bots):
   * decompressed on the first such ask and kept from then on, counted in `bytes` (`PageCache.keepPlain`).
   */
  plain?: Buffer;
  tags: Set<string>;
  /** What the page holds in memory, counted against its cache's size. */
  bytes: number;
}

/**
 * Keeps a page answered for a request: its body read whole and compressed both ways. `headers` are
 * the ones to serve it with (the caller swaps a per-request nonce policy for one of script hashes).
 */
export async function cachedPageOf(body: Buffer, status: number, headers: [string, string][], tags: Set<string>): Promise<CachedPage> {
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzip(body, { level: 6 }),
  ]);
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  return { status, headers, etag, br, gzip: gz, tags, bytes: br.length + gz.length + 512 };
}

/**
 * What is sent with every kept page besides its own headers: the status line, ETag, Vary, X-Cache,
 * Content-Encoding and Content-Length, and Node's Date, Connection and Keep-Alive.
 */
const SENT_WITH_EVERY_PAGE_BYTES = 260;

/** A kept page's bytes as its brotli answer is sent: status line, headers and body. */
export function sentBytes(page: CachedPage): number {
  return page.headers.reduce((n, [name, value]) => n + name.length + value.length + 4, SENT_WITH_EVERY_PAGE_BYTES) + page.br.length;
}

/**
 * A smaller brotli copy of a kept page, at the highest quality, when the one it was kept with
 * (quality 6, quick) leaves it a little over a new connection's first round trip
 * (lib/first-round-trip.ts): the home page and the shop's (12.4 and 13.2 KB at quality 11 against
 * 13.6 and 14.5 KB, with 1.3 KB of headers) then reach a phone one round trip sooner. It costs
 * 0.1–0.2 s of a libuv thread per page kept, so it is made after the page has been answered and
 * kept (`PageCache.keepSmallerBrotli`); null when the page is not near enough to fit.
 */
export async function smallerBrotli(page: CachedPage, body: Buffer): Promise<Buffer | null> {
  const sent = sentBytes(page);
  if (sent <= FIRST_ROUND_TRIP_BYTES || sent > FIRST_ROUND_TRIP_BYTES * WORTH_FITTING) return null;
  // One at a time in a process, and none queued: libuv's four threads also read the shop's files
  // and its folders for the readiness probe, which a proxy gives 2 s. A page kept while another
  // is being compressed again stays as it was kept (a minute at most).
  if (compressingAgain) return null;
  compressingAgain = true;
  try {
    const br = await brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
    return br.length < page.br.length ? br : null;
  } finally {
    compressingAgain = false;
  }
}
let compressingAgain = false;

/** Whether an Accept-Encoding header takes `encoding` (listed, and not with q=0). */
export function acceptsEncoding(header: string | null | undefined, encoding: "br" | "gzip"): boolean {
  return (header ?? "").split(",").some((part) => {
    const [name, ...params] = part.trim().split(";");
    if (name.trim().toLowerCase() !== encoding) return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  });
}

/**
 * The answer to a request from a kept page: 304 when the browser has it, else the best encoding it
 * takes. A client that takes none gets the page decompressed, once: with `kept` (the cache and key
 * it was found under) the plain copy is kept beside the compressed ones for the next such client.
 */
export async function answerFromCache(page: CachedPage, request: Request, kept?: { cache: PageCache; key: string }): Promise<Response> {
  const headers = new Headers(page.headers);
  headers.set("ETag", page.etag);
  headers.set("Vary", "Accept-Encoding");
  headers.set("X-Cache", "hit");
  const match = request.headers.get("if-none-match");
  if (match && match.split(",").some((tag) => tag.trim().replace(/^W\//, "") === page.etag)) {
    return new Response(null, { status: 304, headers });
  }
  let body: Buffer;
  if (acceptsEncoding(request.headers.get("accept-encoding"), "br")) {
    body = page.br;
    headers.set("Content-Encoding", "br");
  } else if (acceptsEncoding(request.headers.get("accept-encoding"), "gzip")) {
    body = page.gzip;
    headers.set("Content-Encoding", "gzip");
  } else if (page.plain) {
    body = page.plain;
  } else {
    body = await gunzip(page.gzip);
    kept?.cache.keepPlain(kept.key, page, body);
  }
  headers.set("Content-Length", String(body.length));
  return new Response(request.method === "HEAD" ? null : (body as Uint8Array<ArrayBuffer>), { status: page.status, headers });
}

/** The page of a key: its path, without the query. */
const pathOf = (key: string) => {
  const end = key.indexOf("?");
  return end === -1 ? key : key.slice(0, end);
};

/** How many pages asked for once a cache with `secondAsk` remembers. */
const MAX_ASKED = 4096;

/** Recent invalidations are remembered this far back, to refuse pages rendered before them. */
const RECENT_INVALIDATIONS = 1024;

export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  /** When each page was kept: a page is dropped after `CACHED_AT_MOST_MS`, as the kept reads are. */
  private readonly keptAt = new Map<string, number>();
  /** The keys of the pages carrying each tag. */
  private readonly byTag = new Map<string, Set<string>>();
  private bytes = 0;
  private seq = 0;
  /** The last invalidations, oldest first: the sequence number each got and what it hit. */
  private readonly recent: { seq: number; tags: string[] | "all" }[] = [];
  /** With `secondAsk`: when each page not kept was last asked for, the most recent last. */
  private readonly asked = new Map<string, number>();
  /** Each page's kept addresses (its path's keys), least recently used first, and their bytes. */
  private readonly variants = new Map<string, { keys: Set<string>; bytes: number }>();
  hits = 0;
  misses = 0;

  /**
   * `secondAsk`: a page is kept only when it is asked for again within `CACHED_AT_MOST_MS` (for
   * searches: one typed once is rendered as before, and costs no compression for the cache; one
   * many shoppers type comes from memory from its second time on).
   *
   * `pageShare`: the part of `maxBytes` one page's addresses (the keys of one path: its sorts,
   * pages, filters) may hold together; past it, that page's least recently used address goes
   * first, so no flood of one page's addresses can push the other pages out.
   */
  constructor(
    private readonly maxBytes: number,
    private readonly options: { secondAsk?: boolean; pageShare?: number } = {},
  ) {}

  /** The most one page's addresses may hold together. */
  private get perPage() {
    return this.maxBytes * (this.options.pageShare ?? 1);
  }

  get size() {
    return this.pages.size;
  }

  get storedBytes() {
    return this.bytes;
  }

  /** Marks the start of rendering a page: pass the result to `put`. */
  begin(): number {
    return this.seq;
  }

  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    const fresh = page !== undefined && performance.now() - this.keptAt.get(key)! < CACHED_AT_MOST_MS;
    if (!fresh) {
      this.remove(key);
      this.misses++;
      return undefined;
    }
    // Least recently used first out: a hit moves the page to the end (and among its path's addresses).
    this.pages.delete(key);
    this.pages.set(key, page);
    const variants = this.variants.get(pathOf(key))!;
    variants.keys.delete(key);
    variants.keys.add(key);
    this.hits++;
    return page;
  }

  /** Whether a page not in memory is to be kept once rendered (always, unless `secondAsk`). */
  wants(key: string): boolean {
    if (!this.options.secondAsk) return true;
    const now = performance.now();
    const before = this.asked.get(key);
    this.asked.delete(key);
    if (before !== undefined && now - before < CACHED_AT_MOST_MS) return true;
    this.asked.set(key, now);
    // A key is a few dozen bytes: a bounded list, the oldest out.
    if (this.asked.size > MAX_ASKED) this.asked.delete(this.asked.keys().next().value!);
    return false;
  }

  /**
   * Keeps a page rendered since `startedAt` — unless something it shows changed meanwhile (it may
   * have been read before the change). Returns whether it was kept.
   */
  put(key: string, page: CachedPage, startedAt: number): boolean {
    if (page.tags.has(UNCACHEABLE_TAG) || page.bytes > Math.min(this.maxBytes / 4, this.perPage)) return false;
    if (this.seq !== startedAt) {
      const oldest = this.recent[0];
      if (!oldest || oldest.seq > startedAt + 1) return false;
      for (const change of this.recent) {
        if (change.seq <= startedAt) continue;
        if (change.tags === "all" || change.tags.some((tag) => page.tags.has(tag))) return false;
      }
    }
    this.remove(key);
    // Its own copy: what it comes to hold later (`keepPlain`) is counted for this key alone.
    page = { ...page };
    this.pages.set(key, page);
    this.keptAt.set(key, performance.now());
    this.bytes += page.bytes;
    for (const tag of page.tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    const path = pathOf(key);
    let variants = this.variants.get(path);
    if (!variants) this.variants.set(path, (variants = { keys: new Set(), bytes: 0 }));
    variants.keys.add(key);
    variants.bytes += page.bytes;
    this.trim(variants);
    return true;
  }

  /**
   * Keeps the plain copy of the page kept under `key` (decompressed for a client that takes no
   * compression), so that the next such client costs no decompression. It counts against the
   * cache's size like the compressed copies; a page that would then be too large to keep stays
   * without it. Returns whether it was kept.
   */
  keepPlain(key: string, page: CachedPage, plain: Buffer): boolean {
    if (this.pages.get(key) !== page || page.plain) return false;
    if (page.bytes + plain.length > Math.min(this.maxBytes / 4, this.perPage)) return false;
    page.plain = plain;
    page.bytes += plain.length;
    this.bytes += plain.length;
    const variants = this.variants.get(pathOf(key))!;
    variants.bytes += plain.length;
    this.trim(variants);
    return true;
  }

  /**
   * Swaps the brotli copy of the page kept under `key` for a smaller one of the same page (`etag`:
   * the page may have been dropped, or kept anew, meanwhile). Returns whether it was swapped.
   */
  keepSmallerBrotli(key: string, etag: string, br: Buffer): boolean {
    const page = this.pages.get(key);
    if (!page || page.etag !== etag || br.length >= page.br.length) return false;
    const saved = page.br.length - br.length;
    page.br = br;
    page.bytes -= saved;
    this.bytes -= saved;
    this.variants.get(pathOf(key))!.bytes -= saved;
    return true;
  }

  /** Drops the least recently used pages until `variants` (one path's addresses) and the whole cache fit. */
  private trim(variants: { keys: Set<string>; bytes: number }) {
    for (const oldKey of variants.keys) {
      if (variants.bytes <= this.perPage) break;
      this.remove(oldKey);
    }
    for (const oldKey of this.pages.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldKey);
    }
  }

  /** Drops every page showing one of `tags` (or every page), now and for pages still being rendered. */
  invalidate(tags: string[] | "all") {
    this.seq++;
    this.recent.push({ seq: this.seq, tags });
    if (this.recent.length > RECENT_INVALIDATIONS) this.recent.shift();
    const keys = tags === "all" ? [...this.pages.keys()] : tags.flatMap((tag) => [...(this.byTag.get(tag) ?? [])]);
    for (const key of keys) this.remove(key);
  }

  private remove(key: string) {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.keptAt.delete(key);
    this.bytes -= page.bytes;
    for (const tag of page.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
    const path = pathOf(key);
    const variants = this.variants.get(path)!;
    variants.keys.delete(key);
    variants.bytes -= page.bytes;
    if (variants.keys.size === 0) this.variants.delete(path);
  }
}
