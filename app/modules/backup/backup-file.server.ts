import fs from "node:fs";
import path from "node:path";
import type { Writable } from "node:stream";
import { migrationsFolder } from "~/lib/db.server";
import { shippedMigrations } from "~/lib/db/migration-journal.server";
import type { BackupManifest } from "./backup-format";
import { BackupFileError, verifyBackup } from "./backup-reader.server";
import type { Progress } from "./backup-writer.server";
import { ChannelError } from "./shop-channel.server";

/** The name a backup file is written under until it has been read back whole. */
export const partialName = (file: string) => `${file}.partial`;

/**
 * A backup file written by `write`: under `<file>.partial` with mode 0600 (it holds the customers'
 * details and the staff's password hashes), read back and checked whole, then renamed, so that a
 * file with the name is always a whole backup (docs/decisions/0050). Nothing is left on failure.
 */
export async function writeBackupFile(
  file: string,
  write: (out: Writable) => Promise<unknown>,
  progress: Progress = () => {},
): Promise<{ manifest: BackupManifest; bytes: number }> {
  const partial = partialName(file);
  let out: fs.WriteStream | undefined;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    out = fs.createWriteStream(partial, { flags: "w", mode: 0o600 });
    // A file that cannot be opened fails `write`'s pipeline; before that pipeline, nobody would hear it.
    out.on("error", () => {});
    await write(out);
    progress("Checking the file");
    const manifest = await verifyBackup(partial, shippedMigrations(migrationsFolder())).catch((error: unknown) => {
      throw error instanceof BackupFileError ? new ChannelError(`The backup came out incomplete: ${error.message}`) : error;
    });
    fs.renameSync(partial, file);
    return { manifest, bytes: fs.statSync(file).size };
  } catch (error) {
    out?.destroy();
    fs.rmSync(partial, { force: true });
    throw error;
  }
}
