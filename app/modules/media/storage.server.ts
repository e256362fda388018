import fs, { type FileHandle } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { bytesOf, type RangeAsked } from "./byte-range";

/**
 * Where uploaded and generated files live: a local folder (`DATA_DIR/uploads` by default) or a
 * bucket (`S3Storage`), as STORAGE_URL says; see storage-factory.server.ts.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** A stream of the file, or null when there is none. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  /**
   * A stream of the part of the file a range asks for (`part`, its first and last byte) and the
   * file's whole size; `part` and `stream` are null when the range covers none of the file. Null
   * when there is no file.
   */
  openRange(key: string, asked: RangeAsked): Promise<RangePart | null>;
  delete(key: string): Promise<void>;
  /** The keys of the files directly in `folder` (no sub-folders); none when it does not exist. */
  list(folder: string): Promise<string[]>;
  /** The key of every stored media file, in every folder but BACKUPS_FOLDER, sorted (what a backup copies). */
  listAll(): Promise<string[]>;
}

/**
 * The folder of a bucket where scheduled backups go (BACKUP_TO=bucket, docs/decisions/0051). They
 * are not media: `listAll` leaves them out, so a backup never copies the backups before it, the
 * data check never takes them for orphans and a restore never clears them away.
 */
export const BACKUPS_FOLDER = "backups";

/** A key `listAll` lists: one the shop could have written as media. */
export const isMediaKey = (key: string) => isSafeKey(key) && !key.startsWith(`${BACKUPS_FOLDER}/`);

export type RangePart = { stream: Readable; size: number; part: { start: number; end: number } } | { stream: null; size: number; part: null };

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes("..");
}

export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer) {
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    try {
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, file);
    } catch (error) {
      // A disk that filled up part-way leaves no half-written file behind.
      await fs.rm(tmp, { force: true });
      throw error;
    }
  }

  async open(key: string) {
    const opened = await this.openFile(key);
    return opened && { stream: opened.handle.createReadStream(), size: opened.size };
  }

  async openRange(key: string, asked: RangeAsked): Promise<RangePart | null> {
    const opened = await this.openFile(key);
    if (!opened) return null;
    const part = bytesOf(asked, opened.size);
    if (!part) {
      await opened.handle.close();
      return { stream: null, size: opened.size, part: null };
    }
    return { stream: opened.handle.createReadStream(part), size: opened.size, part };
  }

  /**
   * The file opened before anything is said about it: a file deleted afterwards (the trash's purge,
   * a replaced picture) is still read whole from its open handle, and a stream let go unread only
   * closes it. (A stream that opened the file by its name later would fail with nobody listening.)
   */
  private async openFile(key: string): Promise<{ handle: FileHandle; size: number } | null> {
    if (!isSafeKey(key)) return null;
    let handle: FileHandle | undefined;
    try {
      handle = await fs.open(this.pathOf(key), "r");
      const info = await handle.stat();
      if (info.isFile()) return { handle, size: info.size };
    } catch {
      // No such file, or not one to read: none.
    }
    await handle?.close();
    return null;
  }

  async delete(key: string) {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async list(folder: string) {
    try {
      const entries = await fs.readdir(this.pathOf(folder), { withFileTypes: true });
      return entries.filter((e) => e.isFile()).map((e) => `${folder}/${e.name}`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
  }

  async listAll() {
    let entries;
    try {
      entries = await fs.readdir(this.root, { withFileTypes: true, recursive: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    return (
      entries
        .filter((e) => e.isFile())
        .map((e) => path.relative(this.root, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
        // A file being written (`put` writes beside it, then renames) is not stored yet.
        .filter((key) => isMediaKey(key) && !PUT_IN_PROGRESS.test(key))
        .sort()
    );
  }
}

/** The temporary name `put` writes a file under before renaming it. */
const PUT_IN_PROGRESS = /\.\d+\.tmp$/;
