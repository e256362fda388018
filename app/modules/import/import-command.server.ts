import { parseArgs } from "node:util";
import type { Database } from "~/lib/db.server";
import type { FileStorage } from "~/modules/media/storage.server";
import { sendInvitation } from "~/modules/accounts/password-link.server";
import { ExportFileError, loadExport } from "./export-file.server";
import { formatSummary } from "./import-report";
import { runImport } from "./import.server";
import type { ImportSummary, MediaMode } from "./import-records.server";

export interface ImportCommandResult {
  exitCode: 0 | 1;
  output: string;
  summary?: ImportSummary;
}

export const IMPORT_USAGE = "Usage: npm run import -- <export.json | folder> [--dry-run] [--media keep|download] [--invite]";
export const INVITE_NEEDS_PUBLIC_URL =
  "--invite needs PUBLIC_URL (the shop's address, e.g. https://shop.example.pk) so the links in the invitations reach the shop.";

/**
 * `npm run import -- <export.json | folder> [--dry-run] [--media keep|download] [--invite]`. The
 * arguments and the export are read before the database is opened; progress goes to `progress`
 * (stderr). `--invite` queues a set-your-password invitation for each account this run created; the
 * running shop's outbox delivers them.
 */
export async function importCommand(
  args: string[],
  open: () => Promise<{ database: Database; storage: FileStorage }>,
  progress: (message: string) => void = () => {},
  settings: { publicUrl?: string } = {},
): Promise<ImportCommandResult> {
  let values: { "dry-run"?: boolean; media?: string; invite?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        "dry-run": { type: "boolean", default: false },
        media: { type: "string", default: "keep" },
        invite: { type: "boolean", default: false },
      },
    }));
  } catch (error) {
    return { exitCode: 1, output: `${(error as Error).message}\n${IMPORT_USAGE}` };
  }
  if (positionals.length !== 1) return { exitCode: 1, output: IMPORT_USAGE };
  if (values.media !== "keep" && values.media !== "download") return { exitCode: 1, output: `--media must be keep or download\n${IMPORT_USAGE}` };
  const media: MediaMode = values.media;
  if (values.invite && !settings.publicUrl) return { exitCode: 1, output: INVITE_NEEDS_PUBLIC_URL };

  let exported;
  try {
    exported = await loadExport(positionals[0]);
  } catch (error) {
    if (error instanceof ExportFileError) return { exitCode: 1, output: error.message };
    throw error;
  }
  const { database, storage } = await open();
  try {
    const summary = await runImport(database.db, exported.data, { dryRun: values["dry-run"], media, storage, progress });
    summary.ignoredCollections = exported.ignored;
    let output = formatSummary(summary);
    if (values.invite && !values["dry-run"] && settings.publicUrl) {
      let invited = 0;
      for (const email of summary.importedUserEmails) {
        if (await sendInvitation(database.db, email, { baseUrl: settings.publicUrl })) invited++;
      }
      output += `\n${invited} invitations queued: the running shop's outbox sends them.`;
    }
    return { exitCode: 0, output, summary };
  } finally {
    await database.close();
  }
}
