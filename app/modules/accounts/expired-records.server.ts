import { and, like, lt, or } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { session, verification } from "~/lib/db/tables/accounts.server";
import { tidyNowAndThen } from "~/lib/now-and-then.server";
import { PASSWORD_LINK_IDENTIFIER_PREFIX } from "./password-link";
import { SIGNUP_LINK_IDENTIFIER_PREFIX } from "./signup-link";

/**
 * An expired password link is kept this long, so that opening it still says "This link has
 * expired" (and offers a new one) rather than that it is not valid.
 */
const EXPIRED_LINK_KEPT_MS = 30 * 24 * 60 * 60_000;

/**
 * Deletes password links expired over EXPIRED_LINK_KEPT_MS ago, signup links once expired (they
 * hold a profile and a password hash, and an expired one says the same as a missing one), and
 * sessions that have expired:
 * rows that can serve no one, which would otherwise pile up (a link nobody used, a shopper who
 * never came back). Returns how many of each went.
 */
async function deleteExpiredSignInRecords(db: Db, now = new Date()): Promise<{ links: number; sessions: number }> {
  const links = await db
    .delete(verification)
    .where(
      or(
        and(
          like(verification.identifier, `${PASSWORD_LINK_IDENTIFIER_PREFIX}%`),
          lt(verification.expiresAt, new Date(now.getTime() - EXPIRED_LINK_KEPT_MS)),
        ),
        and(like(verification.identifier, `${SIGNUP_LINK_IDENTIFIER_PREFIX}%`), lt(verification.expiresAt, now)),
      ),
    )
    .returning({ id: verification.id });
  const sessions = await db.delete(session).where(lt(session.expiresAt, now)).returning({ id: session.id });
  return { links: links.length, sessions: sessions.length };
}

/** From the requests that add such rows (a link asked for, a sign-in): at most once per 10 minutes. */
export function tidySignInRecords(db: Db, now: Date): Promise<void> {
  return tidyNowAndThen("sign-in records", db, now, () => deleteExpiredSignInRecords(db, now));
}
