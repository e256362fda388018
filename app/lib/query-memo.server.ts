/**
 * Catalogue reads every page makes (the category list of the footer and the shop's filter, the
 * newest category …) kept in memory, tagged like pages of the page cache and dropped by the same
 * catalogue change notices (page-cache.server.ts `watchCatalogChanges`). See docs/decisions/0025.
 *
 * Off until `enable()` is called once change notices are heard: without them nothing would ever
 * drop a kept value, so every read goes to the database (tests, scripts).
 */
interface Entry {
  value: Promise<unknown>;
  tags: string[] | null;
  at: number;
}

export class QueryMemo {
  /** `tags` is null while the read runs: any change heard meanwhile drops it. */
  private readonly entries = new Map<string, Entry>();
  private enabled = false;

  /**
   * `maxAgeMs` bounds how long a value is kept without a change: what depends on the clock (a
   * product's "new" badge) follows it within that time.
   */
  constructor(
    private readonly maxEntries = 2000,
    private readonly maxAgeMs = 60_000,
  ) {}

  enable() {
    this.enabled = true;
  }

  disable() {
    this.enabled = false;
    this.entries.clear();
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
    const kept = this.entries.get(key);
    if (kept && performance.now() - kept.at < this.maxAgeMs) {
      // Least recently used first out.
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept.value as Promise<T>;
    }
    const value = load();
    const entry: Entry = { value, tags: null, at: performance.now() };
    // Kept at once, so that requests arriving meanwhile share the read; a change heard while it
    // runs drops it (it may have read the data before the change).
    this.entries.set(key, entry);
    value.then(
      (result) => void (entry.tags = typeof tags === "function" ? tags(result) : tags),
      () => this.entries.get(key) === entry && this.entries.delete(key),
    );
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  /** Drops every value read under one of `tags`, or all of them. */
  invalidate(tags: string[] | "all") {
    if (tags === "all") return this.entries.clear();
    for (const [key, entry] of this.entries) if (!entry.tags || entry.tags.some((tag) => tags.includes(tag))) this.entries.delete(key);
  }
}

/** The process's memo of catalogue reads, switched on by the server (server/app.ts). */
export const catalogMemo = new QueryMemo();

/**
 * The results of storefront searches, kept apart (as many as shoppers type, they must not push out
 * the catalogue reads above), fewer and for a shorter time; dropped by the same notices.
 */
export const searchMemo = new QueryMemo(500, 30_000);
