import { inArray, sql } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { loginAttempts } from "~/lib/schema.server";

/**
 * Login throttling: after a few failures for an account (or many from one address — mobile
 * networks put many shoppers behind one address), each further attempt must wait, and the wait
 * doubles with every failure, up to 15 minutes. Guessing a password becomes impractical.
 */
export const FREE_FAILURES = { account: 3, address: 20 } as const;
export const MAX_LOCK_MS = 15 * 60_000;

export function throttleKeys(email: string, address: string | undefined) {
  const keys = [`account:${email.trim().toLowerCase()}`];
  if (address) keys.push(`address:${address}`);
  return keys;
}

/** Wait after the n-th failure: 0 up to the free count, then 1 s, 2 s, 4 s … capped. */
export function lockMsAfter(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(1000 * 2 ** (failures - free), MAX_LOCK_MS);
}

export async function assertNotThrottled(db: Db, keys: string[], now = new Date()) {
  const rows = await db.select().from(loginAttempts).where(inArray(loginAttempts.key, keys));
  const lockedUntil = Math.max(0, ...rows.map((r) => r.lockedUntil?.getTime() ?? 0));
  if (lockedUntil > now.getTime()) {
    const seconds = Math.ceil((lockedUntil - now.getTime()) / 1000);
    throw new DomainError(
      "TOO_MANY_REQUESTS",
      `Too many failed attempts. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`,
      { retryAfter: seconds },
    );
  }
}

export async function recordLoginFailure(db: Db, keys: string[], now = new Date()) {
  for (const key of keys) {
    const free = key.startsWith("account:") ? FREE_FAILURES.account : FREE_FAILURES.address;
    const [row] = await db
      .insert(loginAttempts)
      .values({ key, failures: 1, updatedAt: now })
      .onConflictDoUpdate({ target: loginAttempts.key, set: { failures: sql`${loginAttempts.failures} + 1`, updatedAt: now } })
      .returning({ failures: loginAttempts.failures });
    const lockMs = lockMsAfter(row.failures, free);
    if (lockMs > 0) {
      await db
        .update(loginAttempts)
        .set({ lockedUntil: new Date(now.getTime() + lockMs) })
        .where(inArray(loginAttempts.key, [key]));
    }
  }
}

/** A successful login clears the account's failures (not the address's). */
export async function recordLoginSuccess(db: Db, email: string) {
  await db.delete(loginAttempts).where(inArray(loginAttempts.key, [`account:${email.trim().toLowerCase()}`]));
}
