/**
 * Whether an error is a disk fault (docs/decisions/0048-disk-faults.md): the disk is full, or the
 * folder cannot be written. Read from the error and the errors it wraps (a failed query wraps the
 * database's own error as its cause): a file system's code (ENOSPC, EDQUOT, EROFS) or PostgreSQL's
 * "disk full" (53100). A folder this process may not write (EACCES) is found by the checks of
 * data-folder.server.ts, not here: that code is also given for reads.
 */
export type DiskFault = "full" | "read-only" | "not-writable";

const BY_CODE: Record<string, DiskFault> = {
  ENOSPC: "full",
  EDQUOT: "full",
  "53100": "full",
  EROFS: "read-only",
};

export function diskFaultOf(error: unknown): DiskFault | undefined {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && Object.hasOwn(BY_CODE, code)) return BY_CODE[code];
  }
  return undefined;
}

/** How long a client is asked to wait before trying a write again during a disk fault. */
export const DISK_FAULT_RETRY_AFTER_SECONDS = 60;

/** What a shopper reads while the shop cannot save: nothing about folders, and never "busy". */
export const SHOPPER_DISK_FAULT_MESSAGE =
  "Sorry, the shop cannot take orders or save anything right now because of a problem on our side. Nothing was saved: please try again later.";

/** What staff read when a write failed on a disk fault that no check has named yet. */
export const STAFF_DISK_FAULT_MESSAGE =
  "Nothing could be saved: a disk of the shop is full or read-only (see /readyz and the log for which folder). Please try again once space is freed.";
