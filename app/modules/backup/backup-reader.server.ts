import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import { extract as extractTar } from "tar-stream";
import { compareVersions, SHOP_VERSION, type ShippedMigration } from "~/lib/db/migration-journal.server";
import {
  backupHeaderSchema,
  backupManifestSchema,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  HEADER_ENTRY,
  MANIFEST_ENTRY,
  type BackupHeader,
  type BackupManifest,
} from "./backup-format";

/** A file that cannot be restored: the message is one line that says why (docs/decisions/0050). */
export class BackupFileError extends Error {
  override name = "BackupFileError";
}

/** One part of the archive, as it is read. */
export interface ArchiveEntry {
  name: string;
  size: number;
  /** The part's bytes; must be read to the end (or the reading stops). */
  chunks: AsyncIterable<Buffer>;
}

const LF = 0x0a;

/**
 * Reads the whole file and checks everything a restore relies on, before anything is written:
 * that it is a backup of this shop, from this release or an older one whose migrations this
 * release ships, complete (its manifest is there, nothing is cut off), every part's size and
 * SHA-256, and every table's number of rows. Throws BackupFileError; returns the manifest.
 */
export async function verifyBackup(file: string, migrations: ShippedMigration[]): Promise<BackupManifest> {
  const name = path.basename(file);
  const seen = new Map<string, { bytes: number; sha256: string; lines: number }>();
  let manifest: BackupManifest | undefined;
  await readArchive(file, {
    onHeader: (header) => checkHeader(name, header, migrations),
    onEntry: async (entry, header) => {
      if (manifest) throw new BackupFileError(`${name} is damaged: it goes on after its manifest.`);
      if (entry.name === MANIFEST_ENTRY) {
        manifest = parseManifest(name, await bytesOf(entry), header);
        return;
      }
      const hash = createHash("sha256");
      let bytes = 0;
      let lines = 0;
      for await (const chunk of entry.chunks) {
        hash.update(chunk);
        bytes += chunk.length;
        for (let i = chunk.indexOf(LF); i >= 0; i = chunk.indexOf(LF, i + 1)) lines++;
      }
      if (seen.has(entry.name)) throw new BackupFileError(`${name} is damaged: it holds ${entry.name} twice.`);
      seen.set(entry.name, { bytes, sha256: hash.digest("hex"), lines });
    },
  });
  if (!manifest)
    throw new BackupFileError(`${name} is truncated: it ends before its manifest (the backup did not finish, or the copy is incomplete).`);
  const parts = [...manifest.tables, ...manifest.media];
  for (const part of parts) {
    const found = seen.get(part.entry);
    if (!found) throw new BackupFileError(`${name} is damaged: ${part.entry}, named in its manifest, is missing.`);
    if (found.bytes !== part.bytes || found.sha256 !== part.sha256) {
      throw new BackupFileError(`${name} is damaged: ${part.entry} does not match its SHA-256 in the manifest.`);
    }
  }
  for (const table of manifest.tables) {
    const lines = seen.get(table.entry)!.lines;
    if (lines !== table.rows) throw new BackupFileError(`${name} is damaged: ${table.entry} holds ${lines} rows, its manifest says ${table.rows}.`);
  }
  if (seen.size !== parts.length) {
    const extra = [...seen.keys()].find((entry) => !parts.some((p) => p.entry === entry));
    throw new BackupFileError(`${name} is damaged: ${extra} is not in its manifest.`);
  }
  return manifest;
}

export interface ArchiveVisitor {
  /** The backup's header, read first: throw to stop before any part is read. */
  onHeader(header: BackupHeader): void;
  /** Every part after it, in order. */
  onEntry(entry: ArchiveEntry, header: BackupHeader): Promise<void>;
}

/**
 * Reads the archive in order. Errors of the file itself (not gzip, cut off, not a tar) become
 * BackupFileError; errors of the visitor pass through.
 */
export async function readArchive(file: string, visitor: ArchiveVisitor): Promise<void> {
  const name = path.basename(file);
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch {
    throw new BackupFileError(`${file} cannot be read: there is no such file.`);
  }
  if (size === 0) throw new BackupFileError(`${name} is not a backup of this shop: it is empty.`);
  if (!startsLikeGzip(file)) throw new BackupFileError(`${name} is not a backup of this shop: it is not a gzip'd tar file.`);
  const extract = extractTar();
  const gunzip = createGunzip({ chunkSize: 1024 * 1024 });
  const piped = pipeline(fs.createReadStream(file, { highWaterMark: 1024 * 1024 }), gunzip, extract as unknown as NodeJS.WritableStream);
  let fault: unknown;
  piped.catch((error: unknown) => (fault ??= error));
  let header: BackupHeader | undefined;
  let first = true;
  try {
    for await (const stream of extract) {
      const entry: ArchiveEntry = { name: stream.header.name, size: stream.header.size, chunks: stream as AsyncIterable<Buffer> };
      if (first) {
        first = false;
        if (entry.name !== HEADER_ENTRY) throw new BackupFileError(`${name} is not a backup of this shop: it starts with ${entry.name}.`);
        header = parseHeader(name, await bytesOf(entry));
        visitor.onHeader(header);
        continue;
      }
      await visitor.onEntry(entry, header!);
    }
    await piped;
  } catch (error) {
    // What the file's own reading had met by then (stopping it below is no fault of the file).
    const met = fault;
    extract.destroy();
    await piped.catch(() => {});
    throw fileError(name, error, met, first);
  }
  if (first) throw new BackupFileError(`${name} is not a backup of this shop: it holds no files.`);
}

/** What went wrong with the file, in one line; errors that are not the file's own pass through. */
function fileError(name: string, error: unknown, fault: unknown, nothingRead: boolean): unknown {
  if (error instanceof BackupFileError) return error;
  const cause = (fault ?? error) as NodeJS.ErrnoException | undefined;
  const message = cause?.message ?? "";
  if (/unexpected end of (file|data)/i.test(message) || cause?.code === "Z_BUF_ERROR") {
    return new BackupFileError(`${name} is truncated: it ends in the middle (the backup did not finish, or the copy is incomplete).`);
  }
  if (cause?.code === "Z_DATA_ERROR") return new BackupFileError(`${name} is damaged: its compressed data is corrupt (${message}).`);
  if (/tar header|invalid header/i.test(message)) {
    return new BackupFileError(`${name} is ${nothingRead ? "not a backup of this shop" : "damaged"}: ${message}.`);
  }
  return error;
}

/** Whether the file begins as gzip does (1f 8b); a backup whose later bytes are damaged still does. */
function startsLikeGzip(file: string): boolean {
  const fd = fs.openSync(file, "r");
  try {
    const magic = Buffer.alloc(2);
    return fs.readSync(fd, magic, 0, 2, 0) === 2 && magic[0] === 0x1f && magic[1] === 0x8b;
  } finally {
    fs.closeSync(fd);
  }
}

/** Most bytes a header or manifest may have (a manifest names every media file: about 200 bytes each). */
const MAX_JSON_BYTES = 256 * 1024 * 1024;

async function bytesOf(entry: ArchiveEntry): Promise<Buffer> {
  if (entry.size > MAX_JSON_BYTES) throw new BackupFileError(`${entry.name} is too large to be a backup's ${entry.name}.`);
  const chunks: Buffer[] = [];
  for await (const chunk of entry.chunks) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString("utf8"));
  } catch {
    return undefined;
  }
}

function parseHeader(name: string, bytes: Buffer): BackupHeader {
  const value = parseJson(bytes) as { format?: unknown; formatVersion?: unknown } | undefined;
  if (value?.format !== BACKUP_FORMAT) throw new BackupFileError(`${name} is not a backup of this shop: its ${HEADER_ENTRY} is not one.`);
  if (typeof value.formatVersion === "number" && value.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new BackupFileError(`${name} is written in a newer backup format (${value.formatVersion}) than release ${SHOP_VERSION} reads.`);
  }
  const parsed = backupHeaderSchema.safeParse(value);
  if (!parsed.success) throw new BackupFileError(`${name} is damaged: its ${HEADER_ENTRY} is not readable.`);
  return parsed.data;
}

/** Refuses a backup this release cannot read: from a newer release, or with a migration it does not ship. */
function checkHeader(name: string, header: BackupHeader, migrations: ShippedMigration[]): void {
  const newest = migrations.at(-1)!;
  const theirs = `release ${header.shopVersion} (data up to migration ${header.migration.tag})`;
  const ours = `this is release ${SHOP_VERSION} (migrations up to ${newest.tag})`;
  if (compareVersions(header.shopVersion, SHOP_VERSION) > 0 || header.migration.when > newest.when) {
    throw new BackupFileError(`${name} was made by a newer ${theirs}; ${ours}: restore it with release ${header.shopVersion} or newer.`);
  }
  const known = migrations.find((m) => m.tag === header.migration.tag && m.when === header.migration.when);
  if (!known) throw new BackupFileError(`${name} was made by ${theirs}, a migration ${ours.replace("this is ", "")} does not have.`);
}

function parseManifest(name: string, bytes: Buffer, header: BackupHeader): BackupManifest {
  const parsed = backupManifestSchema.safeParse(parseJson(bytes));
  if (!parsed.success) throw new BackupFileError(`${name} is damaged: its ${MANIFEST_ENTRY} is not readable.`);
  const manifest = parsed.data;
  const same =
    (["shopVersion", "createdAt", "database"] as const).every((k) => manifest[k] === header[k]) && manifest.migration.tag === header.migration.tag;
  if (!same) throw new BackupFileError(`${name} is damaged: its ${MANIFEST_ENTRY} does not match its ${HEADER_ENTRY}.`);
  return manifest;
}
