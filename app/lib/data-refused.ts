/**
 * Data this build must not open as it is: written by a newer release, or left by a restore that did
 * not finish (docs/decisions/0050). Starting again would meet it again, so the shop stops and says
 * what to do, as for a configuration problem.
 */
export class DataRefusedError extends Error {
  override name = "DataRefusedError";
}

/** Left in `DATA_DIR` by a restore into it while it runs; the shop does not start while it is there. */
export const RESTORE_MARKER_FILE = "restore-unfinished";
/** Left in a PostgreSQL database by a restore into it while it runs. */
export const RESTORE_MARKER_TABLE = "shop_restore_unfinished";

export function unfinishedRestoreMessage(where: string): string {
  return (
    `${where} holds a restore that did not finish, so the shop does not start on it. ` +
    `Run the restore again (npm run restore -- <file>): it clears what the unfinished one left.`
  );
}

export function newerDataMessage(what: string, theirs: string | null, ours: string): string {
  const release = theirs ? `release ${theirs}` : "a newer release";
  return (
    `${what} was written by ${release} of the shop; this is release ${ours}, which does not know its newest changes. ` +
    `Run ${theirs ? `release ${theirs}` : "that release"} or newer, or restore a backup made by release ${ours} into an empty target.`
  );
}
