import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { LISTS_TAG, productTag } from "./page-cache.server";

/**
 * Catalogue changes, announced by the database's triggers on one channel, and what each one
 * drops from the caches of every instance: pages (PageCache) and kept reads (ReadCache), by tag.
 * See docs/decisions/0022-storefront-page-cache.md.
 */

/** What changed in the catalogue: a product's stock, a product as a whole (and so the lists), or everything. */
export type CatalogChange = { scope: "stock" | "product"; product: string } | { scope: "all" };

export function parseCatalogChange(payload: string): CatalogChange | null {
  try {
    const value = JSON.parse(payload) as { scope?: string; product?: unknown };
    if (value.scope === "all") return { scope: "all" };
    if ((value.scope === "stock" || value.scope === "product") && typeof value.product === "string")
      return { scope: value.scope, product: value.product };
  } catch {
    // Not a catalogue change.
  }
  return null;
}

/** The tags a change invalidates; "all" for every page. */
export function tagsOf(change: CatalogChange): string[] | "all" {
  if (change.scope === "all") return "all";
  return change.scope === "stock" ? [productTag(change.product)] : [productTag(change.product), LISTS_TAG];
}

/** What a catalogue change drops: pages (PageCache), kept reads (ReadCache). */
export interface Invalidates {
  invalidate(tags: string[] | "all"): void;
}

/** The channel catalogue changes are announced on (by triggers: drizzle/0005_catalog_change_notices.sql). */
const CATALOG_CHANNEL = "shop_catalog";
const BARRIER_TIMEOUT_MS = 1000;

/**
 * Keeps `cache` in step with the catalogue of every instance on the database. `barrier()` resolves
 * once every change committed before it was called has been applied here (announcements arrive in
 * commit order, so its own announcement comes after them).
 */
export async function watchCatalogChanges(
  database: Database,
  cache: Invalidates,
  options: { noticeDelayMs?: number } = {},
): Promise<{ barrier: () => Promise<void>; stop: () => Promise<void> }> {
  const waiting = new Map<string, () => void>();
  const heard = (payload: string) => {
    const change = parseCatalogChange(payload);
    if (change) return cache.invalidate(tagsOf(change));
    const id = /^\{"barrier":"([0-9a-f-]{36})"\}$/.exec(payload)?.[1];
    if (id) waiting.get(id)?.();
  };
  const delay = options.noticeDelayMs ?? 0;
  const stop = await database.listen(
    CATALOG_CHANNEL,
    // A listener slow to hear (tests make one so, to show what the barrier is for): notices keep their order.
    delay > 0 ? (payload) => void setTimeout(() => heard(payload), delay) : heard,
    // Announcements may have been missed while the connection was down.
    () => cache.invalidate("all"),
  );
  const barrier = async () => {
    const id = randomUUID();
    const arrived = new Promise<void>((resolve) => {
      waiting.set(id, resolve);
      setTimeout(resolve, BARRIER_TIMEOUT_MS).unref();
    });
    try {
      await database.db.execute(sql`select pg_notify(${CATALOG_CHANNEL}, ${JSON.stringify({ barrier: id })})`);
      await arrived;
    } catch (error) {
      logger.warn({ err: error instanceof Error ? error.message : String(error) }, "page cache barrier failed");
      cache.invalidate("all");
    } finally {
      waiting.delete(id);
    }
  };
  return { barrier, stop };
}
