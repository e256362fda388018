import { eq } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { importedRecords } from "~/lib/db/tables/site.server";
import { saveMediaOrigins } from "~/modules/media/media-origins.server";
import type { ExportData } from "./export-file.server";
import { mapCategory, mapProduct, type Mapped } from "./import-mapping";
import { mapOrder } from "./import-order-mapping";
import { mapSubmission, mapSubscriber, mapUser } from "./import-people-mapping";
import { MediaDownloader } from "./media-download.server";
import { COLLECTIONS, type Collection } from "./original-fields";
import {
  sourceHash,
  type CollectionCounts,
  type Context,
  type ImportOptions,
  type ImportSummary,
  type Planned,
  type Writer,
} from "./import-records.server";
import { writeCategories, writeProducts } from "./import-catalogue.server";
import { writeOrders } from "./import-orders.server";
import { writeSubmissions, writeSubscribers, writeUsers } from "./import-people.server";

/**
 * Moves the original shop's records into this shop (`npm run import`, docs/decisions/0028). Each
 * collection is written in one transaction; `imported_records` remembers which row each original
 * document became and a digest of the document, so a second run over the same export changes
 * nothing, and a document changed since is updated.
 */

/** Thrown inside a dry run's transaction to undo everything once the report is made. */
class DryRunRollback extends Error {}

const emptyCounts = (): CollectionCounts => ({ imported: 0, updated: 0, unchanged: 0, skipped: 0, adjusted: 0 });

export async function runImport(db: Db, data: ExportData, options: ImportOptions = {}): Promise<ImportSummary> {
  const started = performance.now();
  const media = options.media ?? "keep";
  if (media === "download" && !options.storage && !options.dryRun) throw new Error("Downloading media needs the shop's storage.");
  const summary: ImportSummary = {
    dryRun: options.dryRun ?? false,
    media,
    counts: Object.fromEntries(COLLECTIONS.map((c) => [c, emptyCounts()])) as Record<Collection, CollectionCounts>,
    skipped: [],
    adjusted: [],
    importedUserEmails: [],
    downloads: { stored: 0, failed: [] },
    mediaOrigins: [],
    ignoredCollections: [],
    ms: 0,
  };
  const ctx: Context = {
    options: { ...options, dryRun: options.dryRun ?? false, media, progressEvery: options.progressEvery ?? 500 },
    now: options.now ?? new Date(),
    summary,
    // A dry run fetches nothing: it reports what would be written.
    downloader: media === "download" && !options.dryRun && options.storage ? new MediaDownloader(options.storage, options.download) : undefined,
  };

  const all = async (conn: Db) => {
    await importCollection(conn, ctx, "categories", data, (doc) => mapCategory(doc, ctx.now), writeCategories);
    await importCollection(conn, ctx, "products", data, (doc) => mapProduct(doc, ctx.now), writeProducts);
    await importCollection(conn, ctx, "users", data, (doc) => mapUser(doc, ctx.now), writeUsers);
    await importCollection(conn, ctx, "orders", data, (doc) => mapOrder(doc, ctx.now), writeOrders);
    await importCollection(conn, ctx, "contactSubmissions", data, (doc) => mapSubmission(doc, ctx.now), writeSubmissions);
    await importCollection(conn, ctx, "subscribers", data, (doc) => mapSubscriber(doc, ctx.now), writeSubscribers);
    summary.mediaOrigins = await saveMediaOrigins(conn);
  };

  if (ctx.options.dryRun) {
    // Everything in one transaction (each collection in a savepoint of it), then undone.
    await db
      .transaction(async (tx) => {
        await all(tx);
        throw new DryRunRollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof DryRunRollback)) throw error;
      });
  } else {
    await all(db);
  }
  if (ctx.downloader) summary.downloads = { stored: ctx.downloader.downloaded, failed: ctx.downloader.failed };
  summary.ms = Math.round(performance.now() - started);
  return summary;
}

async function importCollection<T>(
  conn: Db,
  ctx: Context,
  collection: Collection,
  data: ExportData,
  map: (doc: unknown) => Mapped<T>,
  write: Writer<T>,
): Promise<void> {
  const documents = Object.entries(data[collection] ?? {}).filter(([id]) => !id.startsWith("__"));
  if (documents.length === 0) return;
  const counts = ctx.summary.counts[collection];
  const known = new Map<string, { targetId: string; hash: string }>();
  const rows = await conn
    .select({ sourceId: importedRecords.sourceId, targetId: importedRecords.targetId, hash: importedRecords.sourceHash })
    .from(importedRecords)
    .where(eq(importedRecords.collection, collection));
  for (const r of rows) known.set(r.sourceId, { targetId: r.targetId, hash: r.hash });

  const planned: Planned<T>[] = [];
  for (const [sourceId, doc] of documents) {
    const hash = sourceHash(doc, ctx.options.media);
    const previous = known.get(sourceId);
    if (previous && previous.hash === hash) {
      counts.unchanged++;
      continue;
    }
    const mapped = map(doc);
    if (!mapped.ok) {
      counts.skipped++;
      const kept = previous ? "; what an earlier import brought over is kept" : "";
      ctx.summary.skipped.push({ collection, id: sourceId, reason: mapped.reason + kept });
      continue;
    }
    planned.push({ sourceId, hash, targetId: previous?.targetId, mapped });
  }

  await conn.transaction(async (tx) => {
    await write(tx, ctx, planned, counts);
  });
  for (const p of planned) {
    if (!p.mapped.ok) continue;
    if (p.mapped.adjusted.length) {
      counts.adjusted++;
      for (const reason of p.mapped.adjusted) ctx.summary.adjusted.push({ collection, id: p.sourceId, reason });
    }
  }
}
