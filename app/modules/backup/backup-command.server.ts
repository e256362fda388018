import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError } from "~/lib/config-error";
import { DataRefusedError, RESTORE_MARKER_FILE, unfinishedRestoreMessage } from "~/lib/data-refused";
import { openDatabase, type Database } from "~/lib/db.server";
import { FolderLockedError } from "~/lib/folder-lock.server";
import { openStorage } from "~/modules/media/storage-factory.server";
import type { FileStorage } from "~/modules/media/storage.server";
import type { StorageConfig } from "~/modules/media/storage-url";
import { countsText, sizeText } from "./backup-format";
import { BackupFileError } from "./backup-reader.server";
import { writeBackupFile } from "./backup-file.server";
import { writeBackup, type Progress } from "./backup-writer.server";
import { checkData, checkReport, type DataCheck } from "./check-data.server";
import { restoreBackup, RestoreRefusedError } from "./restore.server";
import { backupThroughShop, ChannelError, checkThroughShop } from "./shop-channel.server";

/*
 * `npm run backup`, `npm run restore` and `npm run check-data` (docs/decisions/0050). Each returns
 * its exit status and what to print; progress goes to `progress` (stderr) as it happens.
 */

/** What the commands read of the shop's configuration (the scripts pass it from the environment). */
export interface ShopSettings {
  /** DATABASE_URL; the embedded database in `dataDir` when absent. */
  databaseUrl?: string;
  dataDir: string;
  /** BACKUP_DIR, where a backup without a file name goes. */
  backupDir: string;
  storage: StorageConfig;
}

export interface CommandResult {
  exitCode: 0 | 1;
  output: string;
}

const BACKUP_USAGE = "Usage: npm run backup -- [file]   (without a file: a new file in BACKUP_DIR)";
const RESTORE_USAGE = "Usage: npm run restore -- <file> [--replace]";
const CHECK_DATA_USAGE = "Usage: npm run check-data";

/** Errors that are the user's to act on: printed as they are, one line, with no stack. */
const isPlain = (error: unknown) =>
  error instanceof BackupFileError ||
  error instanceof RestoreRefusedError ||
  error instanceof ChannelError ||
  error instanceof DataRefusedError ||
  error instanceof ConfigError;

function failure(error: unknown): CommandResult {
  if (isPlain(error)) return { exitCode: 1, output: error.message };
  return { exitCode: 1, output: `Failed: ${error instanceof Error ? error.message : String(error)}` };
}

/** `shop-20260101-021500.tar.gz`, in UTC. */
export function backupFileName(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return `shop-${stamp}.tar.gz`;
}

/** Why the embedded database cannot be read (a restore left it unfinished, there is none), or null. */
function embeddedProblem(env: ShopSettings, what: string): string | null {
  if (env.databaseUrl) return null;
  if (fs.existsSync(path.join(env.dataDir, RESTORE_MARKER_FILE))) return unfinishedRestoreMessage(`The data folder ${env.dataDir}`);
  if (!fs.existsSync(path.join(env.dataDir, "pglite", "PG_VERSION"))) return `There is no shop database in ${env.dataDir} (DATA_DIR) to ${what}.`;
  return null;
}

export async function backupCommand(args: string[], env: ShopSettings, progress: Progress = () => {}): Promise<CommandResult> {
  let positionals: string[];
  try {
    ({ positionals } = parseArgs({ args, allowPositionals: true, options: {} }));
  } catch (error) {
    return { exitCode: 1, output: `${(error as Error).message}\n${BACKUP_USAGE}` };
  }
  if (positionals.length > 1) return { exitCode: 1, output: BACKUP_USAGE };
  const file = path.resolve(positionals[0] ?? path.join(env.backupDir, backupFileName()));
  if (fs.existsSync(file)) return { exitCode: 1, output: `${file} already exists: name a new file.` };
  const problem = embeddedProblem(env, "back up");
  if (problem) return { exitCode: 1, output: problem };

  const started = Date.now();
  try {
    progress(`Backing up to ${file}`);
    const { manifest, bytes } = await writeBackupFile(
      file,
      async (out) => {
        const opened = await openSource(env);
        if (opened === "shop is running") {
          progress("The shop is running on this data folder: it makes the backup");
          await backupThroughShop(env.dataDir, out, progress);
          return;
        }
        try {
          await writeBackup({ db: opened.database.db, kind: opened.database.kind, storage: opened.storage }, out, progress);
        } finally {
          await opened.close();
        }
      },
      progress,
    );
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    return {
      exitCode: 0,
      output: [
        `Backup written: ${file}`,
        `  size      ${sizeText(bytes)}`,
        `  release   ${manifest.shopVersion}, migration ${manifest.migration.tag}`,
        `  took      ${seconds} s`,
        ...countsText(manifest),
      ].join("\n"),
    };
  } catch (error) {
    return failure(error);
  }
}

/**
 * The database and storage to read, opened as they are (no migration runs), or word that the shop
 * runs on the embedded database and holds it.
 */
async function openSource(env: ShopSettings): Promise<"shop is running" | { database: Database; storage: FileStorage; close(): Promise<void> }> {
  const storage = await openStorage(env.storage);
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir, migrate: false, poolSize: 2 });
  } catch (error) {
    destroy(storage);
    if (error instanceof FolderLockedError) return "shop is running";
    throw error;
  }
  return {
    database,
    storage,
    close: async () => {
      destroy(storage);
      await database.close();
    },
  };
}

function destroy(storage: FileStorage) {
  if ("destroy" in storage && typeof storage.destroy === "function") (storage as { destroy(): void }).destroy();
}

export async function restoreCommand(args: string[], env: ShopSettings, progress: Progress = () => {}): Promise<CommandResult> {
  let values: { replace?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args, allowPositionals: true, options: { replace: { type: "boolean", default: false } } }));
  } catch (error) {
    return { exitCode: 1, output: `${(error as Error).message}\n${RESTORE_USAGE}` };
  }
  if (positionals.length !== 1) return { exitCode: 1, output: RESTORE_USAGE };
  const file = path.resolve(positionals[0]);
  const started = Date.now();
  const target = env.databaseUrl
    ? { kind: "postgres" as const, url: env.databaseUrl, storage: env.storage }
    : { kind: "pglite" as const, dataDir: env.dataDir, storage: env.storage };
  try {
    const { manifest } = await restoreBackup(file, target, { replace: values.replace, progress });
    const into = target.kind === "postgres" ? "the PostgreSQL database at DATABASE_URL" : `the embedded database in ${env.dataDir}`;
    return {
      exitCode: 0,
      output: [
        `Restored ${file} into ${into} (${((Date.now() - started) / 1000).toFixed(1)} s):`,
        ...countsText(manifest),
        "Start the shop with the same settings to serve it.",
      ].join("\n"),
    };
  } catch (error) {
    return failure(error);
  }
}

export async function checkDataCommand(args: string[], env: ShopSettings): Promise<CommandResult> {
  if (args.length) return { exitCode: 1, output: CHECK_DATA_USAGE };
  const problem = embeddedProblem(env, "check");
  if (problem) return { exitCode: 1, output: problem };
  let check: DataCheck;
  try {
    const opened = await openSource(env);
    if (opened === "shop is running") check = await checkThroughShop(env.dataDir);
    else {
      try {
        check = await checkData(opened.database.db, opened.storage);
      } finally {
        await opened.close();
      }
    }
  } catch (error) {
    return failure(error);
  }
  return { exitCode: check.problemCount ? 1 : 0, output: checkReport(check) };
}
