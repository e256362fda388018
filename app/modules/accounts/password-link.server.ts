import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, like, sql } from "drizzle-orm";
import { hashPassword } from "better-auth/crypto";
import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { newId } from "~/lib/ids";
import { account, session, user, verification } from "~/lib/db/tables/accounts.server";
import { addressBucket, hitPairedLimits, type RateRule } from "~/lib/rate-limit.server";
import { enqueueMailFrom } from "~/modules/mail/mail.server";
import { assertPasswordAllowed } from "./password-check.server";
import { tidySignInRecords } from "./expired-records.server";
import {
  LINK_EXPIRED,
  LINK_NOT_VALID,
  PASSWORD_LINK_IDENTIFIER_PREFIX,
  PASSWORD_LINK_VALIDITY_MS,
  passwordLinkMail,
  type PasswordLinkKind,
} from "./password-link";
import { passwordAudienceOf, type PasswordAudience } from "./password-rules";

/**
 * Links that set a password, for a forgotten password and for invitations (docs/decisions/0029).
 *
 * - The token (32 random bytes) travels only in the mail; the database keeps its SHA-256, in
 *   better-auth's `verification` table under `password-link:<hash>`, with the account's id.
 * - A request is counted against its limits before anything is looked up, and is answered alike
 *   whether or not the address has an account: one statement inserts the link and queues its mail
 *   for each account with that address — one or none.
 * - Using a link deletes it (one atomic statement, so of two parallel uses exactly one wins), sets
 *   the password (adding the credential an imported account lacks), deletes the account's other
 *   links and ends every session of the account, all in one transaction.
 */

const HOUR = 60 * 60_000;

/**
 * Requests for a link, counted before the address is looked up, kept whatever the outcome. No
 * limit is held by the e-mail alone, so that requests naming someone's address never stop their
 * own (docs/decisions/0046).
 */
export const PASSWORD_LINK_LIMITS = {
  /** One e-mail address from one client address: enough for a mail that went astray. */
  emailAddress: { limit: 5, windowMs: HOUR },
  /** One client address, all e-mails: mobile networks put many shoppers behind one address. */
  address: { limit: 30, windowMs: HOUR },
  /**
   * One e-mail address from anywhere. When it is full, each client address gets
   * `emailAddressPressed` for it instead of `emailAddress`: the inbox gets fewer mails, and its
   * owner still gets theirs.
   */
  email: { limit: 5, windowMs: HOUR },
  emailAddressPressed: { limit: 2, windowMs: HOUR },
} as const satisfies Record<string, RateRule>;

function passwordLinkKeys(email: string, address: string | undefined) {
  const from = addressBucket(address);
  return {
    email: `password-link:email:${normalEmail(email)}`,
    emailAddress: `password-link:email+addr:${normalEmail(email)}|${from}`,
    address: `password-link:addr:${from}`,
  };
}

function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** How a token is kept: never as it is. */
function storedIdentifier(token: string): string {
  return `${PASSWORD_LINK_IDENTIFIER_PREFIX}${createHash("sha256").update(token, "utf8").digest("hex")}`;
}

/**
 * Stores a new link for the account with this e-mail (if there is one) and queues its mail, in one
 * statement. Answers whether there was an account.
 */
async function issueLink(db: Db, email: string, kind: PasswordLinkKind, baseUrl: string, now: Date): Promise<boolean> {
  const token = newToken();
  const mail = passwordLinkMail(kind, baseUrl, token);
  const address = normalEmail(email);
  const expiresAt = new Date(now.getTime() + PASSWORD_LINK_VALIDITY_MS[kind]);
  const { rows } = (await db.execute(sql`
    with target as (select ${user.id} as id, ${user.email} as email from ${user} where ${user.email} = ${address} limit 1),
    link as (
      insert into ${verification} (id, identifier, value, expires_at, created_at, updated_at)
      select ${newId(24)}, ${storedIdentifier(token)}, target.id, ${expiresAt.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      from target
      returning value
    )
    ${enqueueMailFrom(sql`link`, { to: address, subject: mail.subject, text: mail.text })}
    returning id`)) as { rows: { id: string }[] };
  await tidySignInRecords(db, now);
  return rows.length > 0;
}

/**
 * Someone forgot a password: counts the request against its limits first, then sends a reset link
 * if the address has an account. The caller answers the same either way (LINK_REQUESTED) and
 * kicks the mailer.
 */
export async function requestPasswordReset(db: Db, input: { email: string; address?: string; baseUrl: string }, now = new Date()): Promise<void> {
  const keys = passwordLinkKeys(input.email, input.address);
  const { refused } = await hitPairedLimits(
    db,
    [{ key: keys.address, rule: PASSWORD_LINK_LIMITS.address }],
    [
      {
        subject: { key: keys.email, rule: PASSWORD_LINK_LIMITS.email },
        pair: { key: keys.emailAddress, rule: PASSWORD_LINK_LIMITS.emailAddress },
        pressedLimit: PASSWORD_LINK_LIMITS.emailAddressPressed.limit,
      },
    ],
    now,
  );
  if (refused) throw tooManyRequests(refused.retryAfterSeconds);
  await issueLink(db, input.email, "reset", input.baseUrl, now);
}

/**
 * Sends the account with this e-mail a link to set its password ("Set your password for Chamra
 * Leather"), valid 7 days; also for an account made without a password (an import). Answers false,
 * and sends nothing, when no account has this e-mail. `baseUrl` is the shop's address, e.g.
 * getEnv().publicUrl. The caller kicks the mailer (a separate process need not: the server's
 * worker finds the mail within seconds).
 */
export async function sendInvitation(db: Db, email: string, options: { baseUrl: string; now?: Date }): Promise<boolean> {
  return issueLink(db, email, "invitation", options.baseUrl, options.now ?? new Date());
}

/** What a valid link opens: the account's password audience (staff need longer passwords). */
export interface PasswordLink {
  userId: string;
  email: string;
  audience: PasswordAudience;
}

/** The link's account, without using it up; refuses a missing, altered, used or expired token. */
export async function findPasswordLink(db: Db, token: string, now = new Date()): Promise<PasswordLink> {
  if (!token) throw new DomainError("INVALID", LINK_NOT_VALID, { link: "not-valid" });
  const [row] = await db
    .select({ userId: user.id, email: user.email, role: user.role, expiresAt: verification.expiresAt })
    .from(verification)
    .innerJoin(user, eq(user.id, verification.value))
    .where(eq(verification.identifier, storedIdentifier(token)))
    .limit(1);
  if (!row) throw new DomainError("INVALID", LINK_NOT_VALID, { link: "not-valid" });
  if (row.expiresAt.getTime() <= now.getTime()) throw new DomainError("INVALID", LINK_EXPIRED, { link: "expired" });
  return { userId: row.userId, email: row.email, audience: passwordAudienceOf(row.role) };
}

/**
 * Sets the password of a link's account and uses the link up. The password is held to the rule of
 * the account's audience before anything changes (a refused password leaves the link usable).
 * Then, in one transaction: the link is deleted if still there and unexpired (of two parallel
 * uses, one finds it), the credential is updated or created, every other link of the account is
 * deleted, every session of the account ends, and the address counts as verified.
 */
export async function setPasswordWithLink(db: Db, input: { token: string; password: string }, now = new Date()): Promise<{ email: string }> {
  const link = await findPasswordLink(db, input.token, now);
  assertPasswordAllowed(input.password, link.audience);
  const hash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const used = await tx
      .delete(verification)
      .where(and(eq(verification.identifier, storedIdentifier(input.token)), gt(verification.expiresAt, now)))
      .returning({ userId: verification.value });
    if (used.length === 0) throw new DomainError("INVALID", LINK_NOT_VALID, { link: "not-valid" });
    const { userId } = link;
    const updated = await tx
      .update(account)
      .set({ password: hash, updatedAt: now })
      .where(and(eq(account.userId, userId), eq(account.providerId, "credential")))
      .returning({ id: account.id });
    if (updated.length === 0) {
      await tx
        .insert(account)
        .values({ id: newId(24), accountId: userId, providerId: "credential", userId, password: hash, createdAt: now, updatedAt: now });
    }
    await tx.delete(verification).where(and(eq(verification.value, userId), like(verification.identifier, `${PASSWORD_LINK_IDENTIFIER_PREFIX}%`)));
    await tx.delete(session).where(eq(session.userId, userId));
    await tx.update(user).set({ emailVerified: true, updatedAt: now }).where(eq(user.id, userId));
  });
  return { email: link.email };
}

/** Whether an error is about the link itself (not valid, used, expired) rather than the password. */
export function isLinkProblem(error: unknown): boolean {
  return error instanceof DomainError && typeof error.details?.link === "string";
}

function tooManyRequests(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new DomainError(
    "TOO_MANY_REQUESTS",
    `Too many requests for a password link. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
    { retryAfter: seconds },
  );
}
