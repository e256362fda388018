import { createHash } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { importedRecords } from "~/lib/db/tables/site.server";
import type { FileStorage } from "~/modules/media/storage.server";
import type { Mapped } from "./import-mapping";
import { withoutPasswords } from "./import-people-mapping";
import type { DownloadOptions, MediaDownloader } from "./media-download.server";
import type { Collection } from "./original-fields";

/*
 * What an import run is told and what it reports, and what every collection's writer shares: the
 * record planned for writing, the run's context, and `imported_records`, which remembers which row
 * each original document became and a digest of the document (docs/decisions/0028).
 */

export type MediaMode = "keep" | "download";

export interface ImportOptions {
  dryRun?: boolean;
  /** `keep` (default): media stay at their web addresses; `download`: fetched and stored here. */
  media?: MediaMode;
  /** Where downloaded media go (needed with `media: "download"`). */
  storage?: FileStorage;
  download?: DownloadOptions;
  /** Told every `progressEvery` records of a collection (and at its end when it is that large). */
  progress?: (message: string) => void;
  progressEvery?: number;
  now?: Date;
}

export interface CollectionCounts {
  imported: number;
  updated: number;
  unchanged: number;
  skipped: number;
  /** Records written with something changed or left out on the way (also counted above). */
  adjusted: number;
}

interface RecordNote {
  collection: Collection;
  id: string;
  reason: string;
}

export interface ImportSummary {
  dryRun: boolean;
  media: MediaMode;
  counts: Record<Collection, CollectionCounts>;
  skipped: RecordNote[];
  adjusted: RecordNote[];
  /**
   * E-mail addresses of the accounts this run created. They have no password: each signs in after
   * setting one through "Forgot password" (or an invitation sent to this list).
   */
  importedUserEmails: string[];
  downloads: { stored: number; failed: { url: string; reason: string }[] };
  /** Origins of the media kept as web addresses, which the pages' security policy allows. */
  mediaOrigins: string[];
  /** Collections of the export the shop does not know, left alone. */
  ignoredCollections: string[];
  ms: number;
}

/** JSON with keys sorted, so that the same document always has the same digest. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** The digest of a document (passwords removed) as imported with this media mode. */
export function sourceHash(doc: unknown, media: MediaMode): string {
  return createHash("sha256")
    .update(`${media}\n${stableJson(withoutPasswords(doc))}`)
    .digest("base64url");
}

export interface Planned<T> {
  sourceId: string;
  hash: string;
  targetId?: string;
  mapped: Mapped<T>;
}

export interface Context {
  options: Required<Pick<ImportOptions, "dryRun" | "media" | "progressEvery">> & ImportOptions;
  now: Date;
  summary: ImportSummary;
  downloader?: MediaDownloader;
}

export type Writer<T> = (tx: Db, ctx: Context, planned: Planned<T>[], counts: CollectionCounts) => Promise<void>;

/** Remembers (or updates) which row an original document became. */
export async function remember(tx: Db, collection: Collection, p: Planned<unknown>, targetId: string) {
  await tx
    .insert(importedRecords)
    .values({ collection, sourceId: p.sourceId, targetId, sourceHash: p.hash })
    .onConflictDoUpdate({
      target: [importedRecords.collection, importedRecords.sourceId],
      set: { targetId, sourceHash: p.hash, updatedAt: new Date() },
    });
}

/** Our id of each original id of a collection, as far as it was imported. */
export async function targetsOf(tx: Db, collection: Collection, sourceIds: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(sourceIds)];
  const out = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await tx
      .select({ sourceId: importedRecords.sourceId, targetId: importedRecords.targetId })
      .from(importedRecords)
      .where(and(eq(importedRecords.collection, collection), inArray(importedRecords.sourceId, ids.slice(i, i + 1000))));
    for (const r of rows) out.set(r.sourceId, r.targetId);
  }
  return out;
}

export function note(p: Planned<unknown>, reason: string) {
  if (p.mapped.ok) p.mapped.adjusted.push(reason);
}

/** Counts the record as imported or updated, and tells progress. */
export function counted(ctx: Context, collection: Collection, counts: CollectionCounts, p: Planned<unknown>, index: number, total: number) {
  if (p.targetId) counts.updated++;
  else counts.imported++;
  const every = ctx.options.progressEvery;
  const done = index + 1;
  if (ctx.options.progress && total >= every && (done % every === 0 || done === total))
    ctx.options.progress(`${collection}: ${done} of ${total} written`);
}

/** Runs `work` for each record, fetching media for up to `ahead` records at a time first. */
export async function eachWithMedia<T, M>(
  planned: Planned<T>[],
  fetchMedia: (p: Planned<T>) => Promise<M>,
  work: (p: Planned<T>, media: M, i: number) => Promise<void>,
) {
  const ahead = 50;
  for (let start = 0; start < planned.length; start += ahead) {
    const batch = planned.slice(start, start + ahead);
    const fetched = await Promise.all(batch.map(fetchMedia));
    for (const [j, p] of batch.entries()) await work(p, fetched[j], start + j);
  }
}

export function skip(ctx: Context, collection: Collection, counts: CollectionCounts, p: Planned<unknown>, reason: string) {
  counts.skipped++;
  ctx.summary.skipped.push({ collection, id: p.sourceId, reason });
  // Not written: its notes are not reported as adjustments.
  p.mapped = { ok: false, reason };
}
