import fs from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { DiskFault } from "./disk-fault";

/**
 * The folders the shop writes to on this machine (the data folder with the embedded database and
 * its lock, the media folder, the mail outbox folder) and whether each can be written now. A full
 * or read-only folder is a listed configuration problem at start, and refuses writes while the shop
 * runs (docs/decisions/0048-disk-faults.md).
 */

/**
 * Free space every watched folder keeps. The embedded database stops for good (PostgreSQL's PANIC)
 * when it cannot write its log, and a new log file takes 16 MB at once: writes are refused while
 * less than this is free, so the database never meets a full disk.
 */
export const RESERVE_BYTES = 32 * 1024 * 1024;

/**
 * Free space a first start needs besides the reserve: the new embedded database takes about 40 MB
 * with its first log file, and the demo's images a few more.
 */
export const NEW_DATABASE_BYTES = 64 * 1024 * 1024;

/** How long a check's answer is used before the folders are looked at again. */
const CHECK_EVERY_MS = 1000;

export interface WatchedFolder {
  folder: string;
  /** Its name in messages: "data folder", "media folder" … */
  label: string;
}

export interface FolderFault extends WatchedFolder {
  fault: DiskFault;
  /** Bytes free, for a full folder. */
  freeBytes?: number;
  /** The file system's error code, when a write was refused. */
  code?: string;
}

function faultFromCode(code: string | undefined): DiskFault | undefined {
  if (code === "ENOSPC" || code === "EDQUOT") return "full";
  if (code === "EROFS") return "read-only";
  if (code === "EACCES" || code === "EPERM" || code === "ENOTDIR" || code === "EEXIST") return "not-writable";
  return undefined;
}

/**
 * Whether `folder` (created when missing) can take writes: at least `reserve` bytes free, and a
 * small file can be written and removed there. Undefined when it can.
 */
export async function inspectFolder(watched: WatchedFolder, reserve = RESERVE_BYTES): Promise<FolderFault | undefined> {
  const refused = (error: unknown): FolderFault => {
    const code = (error as NodeJS.ErrnoException)?.code;
    const fault = faultFromCode(code);
    if (!fault) throw error;
    return { ...watched, fault, code };
  };
  try {
    await fs.mkdir(watched.folder, { recursive: true });
  } catch (error) {
    // A recursive mkdir under a read-only folder says ENOENT: the write is tried where it failed.
    const refusal = await writeRefused(await nearestExisting(watched.folder));
    return refused(refusal ?? error);
  }
  const stats = await fs.statfs(watched.folder);
  const freeBytes = stats.bavail * stats.bsize;
  if (freeBytes < reserve) return { ...watched, fault: "full", freeBytes };
  const refusal = await writeRefused(watched.folder);
  return refusal ? refused(refusal) : undefined;
}

/** The error writing a small file in `folder` meets, if any (the file is removed again). */
async function writeRefused(folder: string): Promise<unknown> {
  const probe = path.join(folder, `.write-check-${process.pid}-${randomBytes(4).toString("hex")}`);
  try {
    await fs.writeFile(probe, "ok", { flag: "wx", mode: 0o600 });
    return undefined;
  } catch (error) {
    return error;
  } finally {
    await fs.rm(probe, { force: true }).catch(() => {});
  }
}

async function nearestExisting(folder: string): Promise<string> {
  for (let dir = folder; ; dir = path.dirname(dir)) {
    if (
      (await fs.stat(dir).then(
        (s) => s.isDirectory(),
        () => false,
      )) ||
      path.dirname(dir) === dir
    )
      return dir;
  }
}

const megabytes = (bytes: number) => `${Math.floor(bytes / (1024 * 1024))} MB`;

/** The fault in words, for staff and for the log: names the folder and what is wrong with it. */
export function describeFault(fault: FolderFault, reserve = RESERVE_BYTES): string {
  const where = `the shop's ${fault.label} ${fault.folder}`;
  if (fault.fault === "full") {
    const free = fault.freeBytes === undefined ? "no space is left" : `${megabytes(fault.freeBytes)} free`;
    return `${where} is full (${free}; the shop needs at least ${megabytes(reserve)} free there)`;
  }
  if (fault.fault === "read-only") return `${where} is read-only (its file system is mounted read-only)`;
  const user = typeof process.getuid === "function" ? ` by user ${process.getuid()}` : "";
  return `${where} cannot be written${user} (${fault.code ?? "refused"})`;
}

/** What a configuration problem at start says: the variable to look at, the folder and the fault. */
function startProblem(fault: FolderFault, variable: string, reserve = RESERVE_BYTES): string {
  const text = describeFault(fault, reserve);
  return `${variable}: ${text.charAt(0).toUpperCase()}${text.slice(1)}. Free some space or fix the folder, then start the shop again.`;
}

/**
 * The watched folders of a running shop, looked at again at most once a second when asked.
 * `fault()` answers the last look at once; `check()` looks again when that is older.
 */
export class FolderWatch {
  private last: { at: number; fault: FolderFault | undefined } = { at: 0, fault: undefined };
  private looking: Promise<FolderFault | undefined> | undefined;

  constructor(
    readonly folders: readonly WatchedFolder[],
    private readonly options: { reserve?: number; everyMs?: number; onChange?: (fault: FolderFault | undefined) => void } = {},
  ) {}

  get reserve(): number {
    return this.options.reserve ?? RESERVE_BYTES;
  }

  /** The fault found at the last look, if any. */
  fault(): FolderFault | undefined {
    return this.last.fault;
  }

  /** The fault now (looked at again when the last look is older than a second). */
  async check(): Promise<FolderFault | undefined> {
    if (Date.now() - this.last.at < (this.options.everyMs ?? CHECK_EVERY_MS)) return this.last.fault;
    this.looking ??= this.look().finally(() => (this.looking = undefined));
    return this.looking;
  }

  private async look(): Promise<FolderFault | undefined> {
    let found: FolderFault | undefined;
    for (const watched of this.folders) {
      try {
        found = await inspectFolder(watched, this.reserve);
      } catch (error) {
        // A fault of another kind (the folder vanished under a running shop …): not writable.
        found = { ...watched, fault: "not-writable", code: (error as NodeJS.ErrnoException)?.code };
      }
      if (found) break;
    }
    const before = this.last.fault;
    this.last = { at: Date.now(), fault: found };
    if (Boolean(before) !== Boolean(found) || before?.fault !== found?.fault || before?.folder !== found?.folder) this.options.onChange?.(found);
    return found;
  }
}

/** The folders a shop with this configuration writes to on this machine. */
export function foldersOfShop(options: { dataDir: string; embedded: boolean; mediaRoot?: string; outboxDir?: string }): WatchedFolder[] {
  const folders: WatchedFolder[] = [];
  if (options.embedded) folders.push({ folder: options.dataDir, label: "data folder" });
  if (options.mediaRoot) folders.push({ folder: options.mediaRoot, label: "media folder" });
  if (options.outboxDir) folders.push({ folder: options.outboxDir, label: "mail outbox folder" });
  return folders;
}

/** The configuration problems of the folders at start: one line per folder that cannot take writes. */
export async function folderProblemsAtStart(folders: readonly WatchedFolder[], dataDir: string, reserve = RESERVE_BYTES): Promise<string[]> {
  const problems: string[] = [];
  for (const watched of folders) {
    let fault: FolderFault | undefined;
    try {
      fault = await inspectFolder(watched, reserve);
    } catch (error) {
      fault = { ...watched, fault: "not-writable", code: (error as NodeJS.ErrnoException)?.code };
    }
    const inside = path.relative(dataDir, watched.folder);
    const variable = inside === "" || (!inside.startsWith("..") && !path.isAbsolute(inside)) ? "DATA_DIR" : "STORAGE_URL";
    if (fault) problems.push(startProblem(fault, variable, reserve));
  }
  return problems;
}
