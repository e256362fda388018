/**
 * Catalogue reads every page makes (the category list of the footer and the shop's filter, the
 * newest category …) kept in memory, tagged like pages of the page cache and dropped by the same
 * catalogue change notices (page-cache.server.ts `watchCatalogChanges`). See docs/decisions/0025.
 *
 * Off until `enable()` is called once change notices are heard: without them nothing would ever
 * drop a kept value, so every read goes to the database (tests, scripts).
 */
/**
 * How long anything kept of the catalogue (a read here, a page in the page cache) is kept without a
 * change: what depends on the clock (a product's NEW badge, the footer's year) follows it within
 * that time.
 */
export const CACHED_AT_MOST_MS = 60_000;

interface Entry {
  value: Promise<unknown>;
  /** Null while the read runs: any change heard meanwhile drops it. */
  tags: string[] | null;
  at: number;
}

export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  /** The keys kept under each tag, so that a change finds what it drops without a look at the rest. */
  private readonly byTag = new Map<string, Set<string>>();
  /** Keys whose read is running. */
  private readonly reading = new Set<string>();
  private enabled = false;

  /** `maxAgeMs`: at most `CACHED_AT_MOST_MS`, for what follows the clock. */
  constructor(
    private readonly maxEntries = 2000,
    private readonly maxAgeMs = CACHED_AT_MOST_MS,
  ) {}

  enable() {
    this.enabled = true;
  }

  disable() {
    this.enabled = false;
    this.clear();
  }

  get size() {
    return this.entries.size;
  }

  /**
   * The kept value of `key`, or `load()`'s, kept until a change drops one of its tags (`tags`, or
   * what `tags` says of the value) or everything. A failed read is not kept. Callers must not
   * change what they get: it is shared.
   */
  get<T>(key: string, tags: string[] | ((value: T) => string[]), load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    return (this.kept(key) ?? this.keep(key, load(), tags)) as Promise<T>;
  }

  /**
   * The values of many keys at once: those kept, and the others from one call of `load` with the
   * keys it must read (its answer maps each to its value; a key it leaves out has none, and is
   * not kept). `tags` says what each value is kept under.
   */
  async getMany<T>(keys: string[], tags: (key: string) => string[], load: (missing: string[]) => Promise<Map<string, T>>): Promise<Map<string, T>> {
    if (!this.enabled) return load(keys);
    const values = new Map<string, Promise<T | undefined>>();
    const missing: string[] = [];
    for (const key of keys) {
      const kept = this.kept(key) as Promise<T | undefined> | undefined;
      if (kept) values.set(key, kept);
      else missing.push(key);
    }
    if (missing.length) {
      const read = load(missing);
      for (const key of missing) {
        const value = read.then((found) => {
          const one = found.get(key);
          // Nothing to keep for a key the read did not find (a product removed meanwhile).
          if (one === undefined) throw new NotFound();
          return one;
        });
        values.set(
          key,
          this.keep(key, value, tags(key)).catch((error: unknown) => {
            if (error instanceof NotFound) return undefined;
            throw error;
          }),
        );
      }
    }
    const found = new Map<string, T>();
    for (const [key, value] of values) {
      const one = await value;
      if (one !== undefined) found.set(key, one);
    }
    return found;
  }

  /** Drops every value read under one of `tags`, or all of them, and every read still running. */
  invalidate(tags: string[] | "all") {
    if (tags === "all") return this.clear();
    for (const key of this.reading) this.drop(key);
    for (const tag of tags) for (const key of this.byTag.get(tag) ?? []) this.drop(key);
  }

  private kept(key: string): Promise<unknown> | undefined {
    const kept = this.entries.get(key);
    if (!kept) return undefined;
    if (performance.now() - kept.at >= this.maxAgeMs) {
      this.drop(key);
      return undefined;
    }
    // Least recently used first out.
    this.entries.delete(key);
    this.entries.set(key, kept);
    return kept.value;
  }

  private keep<T>(key: string, value: Promise<T>, tags: string[] | ((value: T) => string[])): Promise<T> {
    this.drop(key);
    const entry: Entry = { value, tags: null, at: performance.now() };
    // Kept at once, so that requests arriving meanwhile share the read; a change heard while it
    // runs drops it (it may have read the data before the change).
    this.entries.set(key, entry);
    this.reading.add(key);
    value.then(
      (result) => {
        if (this.entries.get(key) !== entry) return;
        this.reading.delete(key);
        entry.tags = typeof tags === "function" ? tags(result) : tags;
        for (const tag of entry.tags) {
          let keys = this.byTag.get(tag);
          if (!keys) this.byTag.set(tag, (keys = new Set()));
          keys.add(key);
        }
      },
      () => this.entries.get(key) === entry && this.drop(key),
    );
    if (this.entries.size > this.maxEntries) this.drop(this.entries.keys().next().value!);
    return value;
  }

  private drop(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.reading.delete(key);
    for (const tag of entry.tags ?? []) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }

  private clear() {
    this.entries.clear();
    this.byTag.clear();
    this.reading.clear();
  }
}

class NotFound extends Error {}

/** The process's memo of catalogue reads, switched on by the server (server/start.ts). */
export const catalogReadCache = new ReadCache();

/**
 * The results of storefront searches, kept apart (as many as shoppers type, they must not push out
 * the catalogue reads above), fewer and for a shorter time; dropped by the same notices.
 */
export const searchReadCache = new ReadCache(500, 30_000);

/**
 * What a product card shows of each product (its row, category, variants with their stock, and
 * picture), kept per product: a page of cards, a search's among them, reads only the products it
 * lists (catalog.server.ts `listProductCards`). Small rows, so many more of them.
 */
export const cardReadCache = new ReadCache(20_000);
