import type { Db } from "./db.server";
import { logger } from "./logger.server";

/** How often a table that only grows is tidied, at most, by each process. */
export const TIDY_EVERY_MS = 10 * 60_000;

const lastRunAt = new Map<string, WeakMap<Db, number>>();

/**
 * Runs `tidy` (deleting rows that can serve no one any more) at most once per TIDY_EVERY_MS per
 * database, process and `name`, from the requests that add such rows: no timer to start or stop,
 * and a table stays small in proportion to its use. A failure is logged, never passed on.
 */
export async function tidyNowAndThen(name: string, db: Db, now: Date, tidy: () => Promise<unknown>): Promise<void> {
  let last = lastRunAt.get(name);
  if (!last) lastRunAt.set(name, (last = new WeakMap()));
  const at = now.getTime();
  const previous = last.get(db);
  // A clock set back does not hold tidying off until it catches up.
  if (previous !== undefined && at >= previous && at < previous + TIDY_EVERY_MS) return;
  last.set(db, at);
  try {
    await tidy();
  } catch (err) {
    logger.warn({ err, name }, "tidying up failed");
  }
}
