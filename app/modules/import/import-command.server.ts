import { parseArgs } from "node:util";
import type { Database } from "~/lib/db.server";
import type { FileStorage } from "~/modules/media/storage.server";
import { ExportFileError, loadExport } from "./export-file.server";
import { formatSummary } from "./import-report";
import { runImport, type ImportSummary, type MediaMode } from "./import.server";

export interface ImportCommandResult {
  exitCode: 0 | 1;
  output: string;
  summary?: ImportSummary;
}

export const IMPORT_USAGE = "Usage: npm run import -- <export.json | folder> [--dry-run] [--media keep|download]";

/**
 * `npm run import -- <export.json | folder> [--dry-run] [--media keep|download]`. The arguments and
 * the export are read before the database is opened; progress goes to `progress` (stderr).
 */
export async function importCommand(
  args: string[],
  open: () => Promise<{ database: Database; storage: FileStorage }>,
  progress: (message: string) => void = () => {},
): Promise<ImportCommandResult> {
  let values: { "dry-run"?: boolean; media?: string };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { "dry-run": { type: "boolean", default: false }, media: { type: "string", default: "keep" } },
    }));
  } catch (error) {
    return { exitCode: 1, output: `${(error as Error).message}\n${IMPORT_USAGE}` };
  }
  if (positionals.length !== 1) return { exitCode: 1, output: IMPORT_USAGE };
  if (values.media !== "keep" && values.media !== "download") return { exitCode: 1, output: `--media must be keep or download\n${IMPORT_USAGE}` };
  const media: MediaMode = values.media;

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
    return { exitCode: 0, output: formatSummary(summary), summary };
  } finally {
    await database.close();
  }
}
