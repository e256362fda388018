import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { PGlite } from "@electric-sql/pglite";
import type { Pool } from "pg";
import { RESTORE_MARKER_FILE, RESTORE_MARKER_TABLE } from "~/lib/data-refused";
import { migrationsFolder, type Db } from "~/lib/db.server";
import { schema } from "~/lib/db/schema.server";
import { acquireFolderLock, FolderLockedError, type FolderLock } from "~/lib/folder-lock.server";
import { applyMigrations, shippedMigrations, type ShippedMigration } from "~/lib/db/migration-journal.server";
import { createStorage } from "~/modules/media/storage-factory.server";
import { LocalDiskStorage, type FileStorage } from "~/modules/media/storage.server";
import type { S3StorageOptions } from "~/modules/media/s3-storage.server";
import type { StorageConfig } from "~/modules/media/storage-url";
import { MANIFEST_ENTRY, MEDIA_FOLDER, TABLE_FOLDER, type BackupManifest } from "./backup-format";
import { BackupFileError, readArchive, verifyBackup, type ArchiveEntry } from "./backup-reader.server";
import type { Progress } from "./backup-writer.server";
import { insertableColumns, insertLines, quoted, rowCount, shopTables } from "./shop-tables.server";

/** Where a restore writes: the embedded database in `dataDir`, or the PostgreSQL database at `url`; media to `storage`. */
export type RestoreTarget =
  | { kind: "pglite"; dataDir: string; storage: StorageConfig; storageOptions?: S3StorageOptions }
  | { kind: "postgres"; url: string; storage: StorageConfig; storageOptions?: S3StorageOptions };

export interface RestoreOptions {
  /** Replace what the target holds (otherwise a target that is not empty is refused). */
  replace?: boolean;
  progress?: Progress;
}

/** The target cannot be restored into as it is (not empty, in use): one line that says why. */
export class RestoreRefusedError extends Error {
  override name = "RestoreRefusedError";
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** A restore into the same target that did not finish was cleared first. */
  clearedUnfinished: boolean;
}

/** Rows per insert (at most; a batch also ends at about a megabyte of JSON). */
const BATCH_ROWS = 2000;
const BATCH_BYTES = 1024 * 1024;

/**
 * Restores a backup into `target` (docs/decisions/0050). The file is read through and checked
 * before anything is written; a target that holds data is refused unless `replace`. While it runs
 * the target carries a marker (a file in DATA_DIR, a table in PostgreSQL) that the shop refuses to
 * start on and the next restore clears, so a restore killed halfway never leaves a shop that
 * serves half the data. The database is loaded in one transaction: the schema up to the backup's
 * last migration, the rows, then this release's newer migrations.
 */
export async function restoreBackup(file: string, target: RestoreTarget, options: RestoreOptions = {}): Promise<RestoreResult> {
  const progress = options.progress ?? (() => {});
  const migrations = shippedMigrations(migrationsFolder());
  progress(`Checking ${file}`);
  const manifest = await verifyBackup(file, migrations);
  progress(
    `The backup is whole: release ${manifest.shopVersion}, migration ${manifest.migration.tag}, made ${manifest.createdAt} on the ${manifest.database === "pglite" ? "embedded database" : "PostgreSQL"}`,
  );
  const session = target.kind === "pglite" ? await openFolderTarget(target) : await openPostgresTarget(target);
  const storage = createStorage(target.storage, target.storageOptions);
  try {
    const unfinished = await session.unfinished();
    if (!unfinished && !options.replace) {
      const held = (await session.holdsData()) ? session.name : await storageHolding(storage, manifest);
      if (held) throw new RestoreRefusedError(`${held} is not empty: restore into an empty one, or add --replace to replace what it holds.`);
    }
    if (unfinished) progress("Clearing what an unfinished restore left");
    await session.mark(file);
    const media = stagedMedia(target.storage, storage);
    media.clear();
    await session.load(async (tx) => {
      await loadArchive(tx, file, manifest, migrations, media.storage, progress);
    });
    progress("Database loaded; putting the media files in place");
    media.commit();
    await removeOthers(storage, manifest);
    await session.unmark();
    return { manifest, clearedUnfinished: unfinished };
  } finally {
    if ("destroy" in storage && typeof storage.destroy === "function") (storage as { destroy(): void }).destroy();
    await session.close();
  }
}

/** What a restore does with its target's database. */
interface TargetSession {
  name: string;
  unfinished(): Promise<boolean>;
  holdsData(): Promise<boolean>;
  mark(file: string): Promise<void>;
  /** Runs `work` in one transaction of a fresh database that replaces the target's when it commits. */
  load(work: (tx: Db) => Promise<void>): Promise<void>;
  unmark(): Promise<void>;
  close(): Promise<void>;
}

async function openFolderTarget(target: Extract<RestoreTarget, { kind: "pglite" }>): Promise<TargetSession> {
  const dataDir = path.resolve(target.dataDir);
  const name = `The data folder ${dataDir}`;
  let lock: FolderLock;
  try {
    lock = await acquireFolderLock(dataDir);
  } catch (error) {
    if (error instanceof FolderLockedError) {
      throw new RestoreRefusedError(`${name} is in use by a running shop (pid ${error.ownerPid}): stop it before restoring into it.`);
    }
    throw error;
  }
  const marker = path.join(dataDir, RESTORE_MARKER_FILE);
  const live = path.join(dataDir, "pglite");
  const staged = path.join(dataDir, "pglite.restoring");
  return {
    name,
    unfinished: () => Promise.resolve(fs.existsSync(marker)),
    holdsData: async () => fs.existsSync(live) && (await fs.promises.readdir(live)).length > 0,
    mark(file) {
      writeDurably(marker, `${JSON.stringify({ file: path.resolve(file), startedAt: new Date().toISOString(), pid: process.pid })}\n`);
      fs.rmSync(staged, { recursive: true, force: true });
      return Promise.resolve();
    },
    async load(work) {
      const client = await createEmbedded(staged);
      try {
        const { drizzle } = await import("drizzle-orm/pglite");
        await (drizzle(client, { schema }) as unknown as Db).transaction(work);
      } finally {
        await client.close();
      }
      fs.rmSync(live, { recursive: true, force: true });
      fs.renameSync(staged, live);
    },
    unmark() {
      fs.rmSync(marker, { force: true });
      return Promise.resolve();
    },
    close() {
      lock.release();
      return Promise.resolve();
    },
  };
}

async function createEmbedded(folder: string): Promise<PGlite> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const client = new PGlite(folder, { extensions: { pg_trgm } });
  await client.waitReady;
  return client;
}

async function openPostgresTarget(target: Extract<RestoreTarget, { kind: "postgres" }>): Promise<TargetSession> {
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool: Pool = new Pool({ connectionString: target.url, max: 1 });
  const db = drizzle(pool, { schema }) as unknown as Db;
  const name = "The database at DATABASE_URL";
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as { rows: T[] }).rows;
  try {
    await db.execute(sql`select 1`);
  } catch (error) {
    await pool.end();
    throw new RestoreRefusedError(`${name} cannot be reached: ${(error as Error).message}`);
  }
  return {
    name,
    unfinished: async () =>
      (await rows<{ found: boolean }>(sql`select to_regclass(${`public.${RESTORE_MARKER_TABLE}`}) is not null as found`))[0].found,
    async holdsData() {
      for (const table of await shopTables(db)) if ((await rows(sql.raw(`select 1 from public.${quoted(table.name)} limit 1`))).length) return true;
      return false;
    },
    async mark(file) {
      await db.execute(
        sql.raw(`create table if not exists public.${RESTORE_MARKER_TABLE} (file text not null, started_at timestamptz not null default now())`),
      );
      await db.execute(sql`insert into ${sql.raw(`public.${RESTORE_MARKER_TABLE}`)} (file) values (${path.resolve(file)})`);
    },
    async load(work) {
      await db.transaction(async (tx) => {
        await dropShopObjects(tx);
        await work(tx);
      });
    },
    async unmark() {
      await db.execute(sql.raw(`drop table if exists public.${RESTORE_MARKER_TABLE}`));
    },
    close: () => pool.end(),
  };
}

/** Drops what the migrations made (tables, views, sequences, functions, the migrations' record), but the restore's marker and extensions. */
async function dropShopObjects(tx: Db): Promise<void> {
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await tx.execute(query)) as { rows: T[] }).rows;
  await tx.execute(sql`drop schema if exists drizzle cascade`);
  const ofNoExtension = sql.raw(`not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')`);
  const relations = await rows<{ name: string; kind: string }>(
    sql`select c.relname as name, c.relkind as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S') and c.relname <> ${RESTORE_MARKER_TABLE} and ${ofNoExtension}`,
  );
  const word: Record<string, string> = { r: "table", p: "table", v: "view", m: "materialized view", S: "sequence" };
  for (const { name, kind } of relations) await tx.execute(sql.raw(`drop ${word[kind]} if exists public.${quoted(name)} cascade`));
  const functions = await rows<{ signature: string }>(
    sql`select c.oid::regprocedure::text as signature from pg_proc c
        where c.pronamespace = 'public'::regnamespace and ${ofNoExtension}`,
  );
  for (const { signature } of functions) await tx.execute(sql.raw(`drop routine if exists ${signature} cascade`));
}

/**
 * In the target's transaction: the schema of the backup's release, its rows (triggers off, so
 * nothing is added or announced on the way), this release's newer migrations; the media files to
 * `media` as they come.
 */
async function loadArchive(tx: Db, file: string, manifest: BackupManifest, migrations: ShippedMigration[], media: FileStorage, progress: Progress) {
  const name = path.basename(file);
  await applyMigrations(tx, migrations, manifest.migration.tag);
  const tables = await shopTables(tx);
  const names = tables.map((t) => t.name).sort();
  const inBackup = manifest.tables.map((t) => t.table).sort();
  if (names.join() !== inBackup.join()) {
    throw new BackupFileError(`${name} is damaged: its tables are not those of migration ${manifest.migration.tag}.`);
  }
  for (const table of names) await tx.execute(sql.raw(`alter table public.${quoted(table)} disable trigger user`));
  const parts = new Map([...manifest.tables, ...manifest.media].map((p) => [p.entry, p]));
  const changed = (entry: string) => new BackupFileError(`${name} changed while it was restored: ${entry} does not match its SHA-256.`);
  let mediaDone = 0;
  // Media files are stored several at once (a bucket answers each after a round trip).
  const puts = atMost(16);
  await readArchive(file, {
    onHeader: () => {},
    onEntry: async (entry) => {
      if (entry.name === MANIFEST_ENTRY) {
        for await (const chunk of entry.chunks) void chunk;
        return;
      }
      const part = parts.get(entry.name);
      if (!part) throw new BackupFileError(`${name} changed while it was restored: ${entry.name} is not in its manifest.`);
      const hash = createHash("sha256");
      const chunks = hashing(entry, hash);
      if ("table" in part && entry.name.startsWith(TABLE_FOLDER)) {
        const columns = await insertableColumns(tx, part.table);
        for await (const lines of batchesOfLines(chunks)) await insertLines(tx, part.table, columns, lines);
        const rows = await rowCount(tx, part.table);
        if (rows !== part.rows) throw new Error(`${part.table}: ${rows} rows loaded, the backup holds ${part.rows}`);
        progress(`  ${part.table}: ${rows.toLocaleString("en-US")} ${rows === 1 ? "row" : "rows"}`);
      } else if ("key" in part && entry.name.startsWith(MEDIA_FOLDER)) {
        const buffers: Buffer[] = [];
        for await (const chunk of chunks) buffers.push(chunk);
        // Checked before it is stored; a table's rows are checked before the transaction commits.
        if (hash.digest("hex") !== part.sha256) throw changed(entry.name);
        await puts.add(() => media.put(part.key, Buffer.concat(buffers)));
        if (++mediaDone % 200 === 0) progress(`  media files: ${mediaDone} of ${manifest.media.length}`);
        return;
      }
      if (hash.digest("hex") !== part.sha256) throw changed(entry.name);
    },
  });
  await puts.done();
  for (const table of names) await tx.execute(sql.raw(`alter table public.${quoted(table)} enable trigger user`));
  // A backup from an older release: this release's newer migrations bring it forward.
  await applyMigrations(tx, migrations);
  progress(`  media files: ${mediaDone}`);
}

/** Runs tasks with at most `limit` at a time; `done` waits for all and throws the first failure. */
function atMost(limit: number) {
  const running = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  return {
    async add(task: () => Promise<void>) {
      if (failure) throw failure.error;
      const run = task().then(
        () => void running.delete(run),
        (error: unknown) => {
          running.delete(run);
          failure ??= { error };
        },
      );
      running.add(run);
      if (running.size >= limit) await Promise.race(running);
    },
    async done() {
      await Promise.all(running);
      if (failure) throw failure.error;
    },
  };
}

async function* hashing(entry: ArchiveEntry, hash: ReturnType<typeof createHash>): AsyncGenerator<Buffer> {
  for await (const chunk of entry.chunks) {
    hash.update(chunk);
    yield chunk;
  }
}

/** The lines of a JSON-lines part, in batches of at most BATCH_ROWS rows or about BATCH_BYTES. */
async function* batchesOfLines(chunks: AsyncIterable<Buffer>): AsyncGenerator<string[]> {
  let rest = Buffer.alloc(0);
  let batch: string[] = [];
  let bytes = 0;
  for await (const chunk of chunks) {
    let data = rest.length ? Buffer.concat([rest, chunk]) : chunk;
    let start = 0;
    for (let end = data.indexOf(0x0a); end >= 0; end = data.indexOf(0x0a, start)) {
      const line = data.toString("utf8", start, end);
      start = end + 1;
      batch.push(line);
      bytes += line.length;
      if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) {
        yield batch;
        batch = [];
        bytes = 0;
      }
    }
    data = data.subarray(start);
    rest = Buffer.from(data);
  }
  if (rest.length) batch.push(rest.toString("utf8"));
  if (batch.length) yield batch;
}

/**
 * Where the media files go while the restore runs. A local folder is filled beside the live one
 * (`uploads.restoring`) and swapped in after the database; a bucket is written in place (its keys
 * are unique per upload, so the backup's files are the same as any already there).
 */
function stagedMedia(config: StorageConfig, storage: FileStorage) {
  if (config.kind !== "local") return { storage, clear: () => {}, commit: () => {} };
  const staged = `${config.root}.restoring`;
  const replaced = `${config.root}.replaced`;
  return {
    storage: new LocalDiskStorage(staged),
    clear() {
      for (const folder of [staged, replaced]) fs.rmSync(folder, { recursive: true, force: true });
      fs.mkdirSync(staged, { recursive: true });
    },
    commit() {
      if (fs.existsSync(config.root)) fs.renameSync(config.root, replaced);
      fs.renameSync(staged, config.root);
      fs.rmSync(replaced, { recursive: true, force: true });
    },
  };
}

/** The storage's description when it holds files the backup does not (so restoring would mix two shops' media), else null. */
async function storageHolding(storage: FileStorage, manifest: BackupManifest): Promise<string | null> {
  const inBackup = new Set(manifest.media.map((m) => m.key));
  const others = (await storage.listAll()).filter((key) => !inBackup.has(key));
  return others.length ? `The media storage (${others.length} files that are not in the backup)` : null;
}

/** Deletes stored files the backup does not have (a bucket that held another shop's media, with --replace). */
async function removeOthers(storage: FileStorage, manifest: BackupManifest): Promise<void> {
  const inBackup = new Set(manifest.media.map((m) => m.key));
  for (const key of await storage.listAll()) if (!inBackup.has(key)) await storage.delete(key);
}

/** Writes a small file and flushes it to the disk before going on. */
function writeDurably(file: string, text: string) {
  const fd = fs.openSync(file, "w", 0o600);
  try {
    fs.writeSync(fd, text);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
