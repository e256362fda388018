import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Transform, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { once } from "node:events";
import { buffer } from "node:stream/consumers";
import { createGzip } from "node:zlib";
import { sql } from "drizzle-orm";
import { pack as packTar, type Pack } from "tar-stream";
import type { Db } from "~/lib/db.server";
import { DataRefusedError, newerDataMessage } from "~/lib/data-refused";
import { migrationsFolder } from "~/lib/db.server";
import { shippedMigrations, SHOP_VERSION } from "~/lib/db/migration-journal.server";
import type { FileStorage } from "~/modules/media/storage.server";
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  HEADER_ENTRY,
  MANIFEST_ENTRY,
  mediaEntry,
  tableEntry,
  type BackupHeader,
  type BackupManifest,
  type MediaPart,
  type TablePart,
} from "./backup-format";
import { shopTables, tableLines } from "./shop-tables.server";

export interface BackupSource {
  db: Db;
  kind: "pglite" | "postgres";
  storage: FileStorage;
}

/** What a long backup says as it goes (a line each time). */
export type Progress = (line: string) => void;

/** Bytes read and compressed at a time. */
const CHUNK_BYTES = 1024 * 1024;

/** Media files copied per progress line. */
const MEDIA_PROGRESS_EVERY = 200;

/**
 * Writes a backup of the shop to `out` (docs/decisions/0050): every table read in ONE read-only
 * transaction, so an order placed meanwhile is wholly in it or wholly out, then every stored media
 * file. The rows are first spooled to a temporary folder, so that the transaction lasts no longer
 * than reading them: on the embedded database it keeps every other query waiting (it has one
 * connection), and the compressing and sending happen after it.
 */
export async function writeBackup(source: BackupSource, out: Writable, progress: Progress = () => {}): Promise<BackupManifest> {
  const spool = fs.mkdtempSync(path.join(os.tmpdir(), "shop-backup-"));
  try {
    const snapshot = await spoolTables(source, spool, progress);
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      shopVersion: SHOP_VERSION,
      migration: snapshot.migration,
      createdAt: snapshot.createdAt,
      database: source.kind,
    };
    const pack = packTar();
    // Large chunks: on the embedded database the shop's one process also serves checkout, and each
    // chunk waits for its turn among the requests (a busy shop would otherwise make it crawl).
    const gzip = createGzip({ level: 6, chunkSize: CHUNK_BYTES });
    const written = pipeline(pack, gzip, out);
    // Nothing is written until the pipeline takes it; a failure of the pipeline ends the packing.
    written.catch(() => {});
    const manifest: BackupManifest = { ...header, tables: [], media: [] };
    try {
      await addEntry(pack, HEADER_ENTRY, Buffer.from(JSON.stringify(header, null, 2)));
      for (const table of snapshot.tables) {
        const file = path.join(spool, `${table.table}.jsonl`);
        const part = await addFile(pack, table.entry, fs.createReadStream(file, { highWaterMark: CHUNK_BYTES }), fs.statSync(file).size);
        manifest.tables.push({ ...table, ...part });
      }
      manifest.media = await addMedia(pack, source.storage, progress);
      await addEntry(pack, MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2)));
      pack.finalize();
    } catch (error) {
      pack.destroy(error as Error);
      await written.catch(() => {});
      throw error;
    }
    await written;
    return manifest;
  } finally {
    fs.rmSync(spool, { recursive: true, force: true });
  }
}

interface Snapshot {
  migration: BackupHeader["migration"];
  createdAt: string;
  tables: Omit<TablePart, "bytes" | "sha256">[];
}

/** Every table's rows into `<table>.jsonl` in `folder`, from one snapshot. */
async function spoolTables(source: BackupSource, folder: string, progress: Progress): Promise<Snapshot> {
  const started = Date.now();
  const snapshot = await source.db.transaction(
    async (tx) => {
      await tx.execute(sql`set local timezone = 'UTC'`);
      const migration = await lastMigration(tx);
      const [{ now }] = ((await tx.execute(sql`select now()::text as now`)) as { rows: { now: string }[] }).rows;
      const tables: Snapshot["tables"] = [];
      for (const table of await shopTables(tx)) {
        const file = fs.createWriteStream(path.join(folder, `${table.name}.jsonl`));
        let rows = 0;
        for await (const lines of tableLines(tx, table)) {
          rows += lines.length;
          if (!file.write(`${lines.join("\n")}\n`)) await once(file, "drain");
        }
        file.end();
        await once(file, "finish");
        tables.push({ table: table.name, entry: tableEntry(table.name), rows });
      }
      return { migration, createdAt: new Date(now).toISOString(), tables };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  const rows = snapshot.tables.reduce((sum, t) => sum + t.rows, 0);
  progress(`Read ${rows.toLocaleString("en-US")} rows of ${snapshot.tables.length} tables in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return snapshot;
}

/** The newest migration applied to the database, by its tag in this build's journal. */
async function lastMigration(tx: Db): Promise<BackupHeader["migration"]> {
  const result = (await tx.execute(
    sql`select created_at::text as created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  )) as { rows: { created_at: string }[] };
  const when = Number(result.rows[0]?.created_at ?? NaN);
  const known = shippedMigrations(migrationsFolder()).find((m) => m.when === when);
  if (!known) {
    // Data from a newer release (openDatabase refuses it too, with the release recorded in it).
    throw new DataRefusedError(newerDataMessage("The database", null, SHOP_VERSION));
  }
  return { tag: known.tag, when };
}

function addEntry(pack: Pack, name: string, data: Buffer): Promise<void> {
  return new Promise((resolve, reject) =>
    pack.entry({ name, size: data.length, mtime: new Date(0) }, data, (error) => (error ? reject(error) : resolve())),
  );
}

/** Streams `size` bytes of `stream` into the archive as `name`; their size and SHA-256. */
async function addFile(pack: Pack, name: string, stream: NodeJS.ReadableStream, size: number): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash("sha256");
  let bytes = 0;
  const entry = pack.entry({ name, size, mtime: new Date(0) });
  const done = new Promise<void>((resolve, reject) => {
    entry.once("error", reject);
    entry.once("finish", () => resolve());
    entry.once("close", () => resolve());
  });
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  // Both awaited together: when the archive's reader goes away (a download stopped), the entry's
  // failure would otherwise be a promise nobody handles.
  await Promise.all([pipeline(stream, tap, entry as unknown as NodeJS.WritableStream), done]);
  if (bytes !== size) throw new Error(`${name} changed while it was copied (${bytes} bytes read, ${size} expected)`);
  return { bytes, sha256: hash.digest("hex") };
}

/** Media files read at once (a bucket answers each after a round trip). */
const MEDIA_AT_ONCE = 16;
/** Files up to this size are read whole, several at once; larger ones are streamed one at a time. */
const READ_WHOLE_BYTES = 2 * 1024 * 1024;

/**
 * Every stored media file; one deleted between the listing and its copy is left out. Small files
 * are read MEDIA_AT_ONCE at a time, so that neither a bucket's round trips nor, on the embedded
 * database, the shop's other work makes the copy crawl.
 */
async function addMedia(pack: Pack, storage: FileStorage, progress: Progress): Promise<MediaPart[]> {
  const keys = await storage.listAll();
  const parts: MediaPart[] = [];
  for (let start = 0; start < keys.length; start += MEDIA_AT_ONCE) {
    const group = keys.slice(start, start + MEDIA_AT_ONCE);
    const files = await Promise.all(
      group.map(async (key) => {
        const file = await storage.open(key);
        if (!file || file.size > READ_WHOLE_BYTES) return { key, file, bytes: undefined };
        return { key, file, bytes: await buffer(file.stream) };
      }),
    );
    for (const { key, file, bytes } of files) {
      if (!file) continue;
      if (bytes) {
        if (bytes.length !== file.size) throw new Error(`${key} changed while it was copied`);
        await addEntry(pack, mediaEntry(key), bytes);
        parts.push({ key, entry: mediaEntry(key), bytes: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") });
      } else {
        parts.push({ key, entry: mediaEntry(key), ...(await addFile(pack, mediaEntry(key), file.stream, file.size)) });
      }
    }
    const done = Math.min(start + MEDIA_AT_ONCE, keys.length);
    if (Math.floor(done / MEDIA_PROGRESS_EVERY) > Math.floor(start / MEDIA_PROGRESS_EVERY)) progress(`Copied ${done} of ${keys.length} media files`);
  }
  return parts;
}
