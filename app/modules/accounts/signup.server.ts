import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { hashPassword } from "better-auth/crypto";
import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { newId } from "~/lib/ids";
import { addresses, user, verification } from "~/lib/db/tables/accounts.server";
import { enqueueMailFrom } from "~/modules/mail/mail.server";
import type { SignupInput } from "./account.schema";
import { insertAccount } from "./accounts.server";
import { tidySignInRecords } from "./expired-records.server";
import { assertPasswordAllowed } from "./password-check.server";
import { countSignupAttempt } from "./signup-throttle.server";
import {
  SIGNUP_LINK_EXPIRED,
  SIGNUP_LINK_IDENTIFIER_PREFIX,
  SIGNUP_LINK_NOT_VALID,
  SIGNUP_LINK_VALIDITY_MS,
  signupLinkMail,
  signupTakenMail,
} from "./signup-link";

/**
 * Signing up without telling whether an address has an account (docs/decisions/0045).
 *
 * - A signup is counted against its address's limit, its password held to the customer rule and
 *   hashed — for every e-mail alike — then one statement either keeps the signup as a link (an
 *   address without an account) and mails the link, or mails the address's owner that someone
 *   tried (an address with one). The account itself is made when the link is used.
 * - The token (32 random bytes) travels only in the mail; the `verification` table keeps its
 *   SHA-256 under `signup-link:` with the profile and the password's hash, until used or expired.
 */

interface PendingSignup {
  email: string;
  firstName: string;
  lastName: string;
  gender: string;
  numberCode: string;
  number: string;
  passwordHash: string;
  /** From "Save my details" after a guest order: the order's address, made the account's default. */
  deliveryAddress?: DeliveryAddress;
}

/** An address for the new account's address book (the checkout form's address fields). */
export interface DeliveryAddress {
  streetAddress: string;
  apartment: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  landmark: string;
}

function storedIdentifier(token: string): string {
  return `${SIGNUP_LINK_IDENTIFIER_PREFIX}${createHash("sha256").update(token, "utf8").digest("hex")}`;
}

const notValid = () => new DomainError("INVALID", SIGNUP_LINK_NOT_VALID, { link: "not-valid" });

/**
 * A signup from the form. Refused only for what the form's own input decides (the address's limit,
 * the password rule); otherwise the same work and the same answer for every e-mail. The caller
 * answers with signupMailSent and kicks the mailer.
 */
export async function requestSignup(
  db: Db,
  input: Omit<SignupInput, "gender"> & { gender: string; address?: string; baseUrl: string; deliveryAddress?: DeliveryAddress },
  now = new Date(),
): Promise<void> {
  await countSignupAttempt(db, input.address, now);
  assertPasswordAllowed(input.password, "customer");
  const email = input.email.trim().toLowerCase();
  const token = randomBytes(32).toString("base64url");
  const pending: PendingSignup = {
    email,
    firstName: input.firstName,
    lastName: input.lastName,
    gender: input.gender,
    numberCode: input.numberCode,
    number: input.number,
    passwordHash: await hashPassword(input.password),
    ...(input.deliveryAddress && { deliveryAddress: input.deliveryAddress }),
  };
  const linkMail = signupLinkMail(input.baseUrl, token, input.firstName);
  const takenMail = signupTakenMail(input.baseUrl);
  const at = now.toISOString();
  await db.execute(sql`
    with taken as (select ${user.id} as id from ${user} where ${user.email} = ${email} limit 1),
    link as (
      insert into ${verification} (id, identifier, value, expires_at, created_at, updated_at)
      select ${newId(24)}, ${storedIdentifier(token)}, ${JSON.stringify(pending)}, ${new Date(now.getTime() + SIGNUP_LINK_VALIDITY_MS).toISOString()}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
      where not exists (select 1 from taken)
      returning id
    ),
    link_mail as (${enqueueMailFrom(sql`link`, { to: email, subject: linkMail.subject, text: linkMail.text })}),
    taken_mail as (${enqueueMailFrom(sql`taken`, { to: email, subject: takenMail.subject, text: takenMail.text })})
    select 1`);
  await tidySignInRecords(db, now);
}

/** The address a signup link would make an account for, without using it; refuses a missing, altered, used or expired one. */
export async function findSignupLink(db: Db, token: string, now = new Date()): Promise<{ email: string }> {
  if (!token) throw notValid();
  const [row] = await db
    .select({ value: verification.value, expiresAt: verification.expiresAt })
    .from(verification)
    .where(eq(verification.identifier, storedIdentifier(token)))
    .limit(1);
  if (!row) throw notValid();
  if (row.expiresAt.getTime() <= now.getTime()) throw new DomainError("INVALID", SIGNUP_LINK_EXPIRED, { link: "expired" });
  return { email: (JSON.parse(row.value) as PendingSignup).email };
}

/**
 * Makes the account a signup link was mailed for, as a customer with the password given at signup,
 * its address verified (the mail proved it). In one transaction the link is deleted if still there
 * and unexpired (of two parallel uses, one finds it) and the profile and credential are inserted;
 * an address that has an account by now is not touched, and the link stays refused.
 */
export async function confirmSignup(db: Db, token: string, now = new Date()): Promise<{ email: string }> {
  await findSignupLink(db, token, now);
  return db.transaction(async (tx) => {
    const [used] = await tx
      .delete(verification)
      .where(and(eq(verification.identifier, storedIdentifier(token)), gt(verification.expiresAt, now)))
      .returning({ value: verification.value });
    if (!used) throw notValid();
    const { passwordHash, deliveryAddress, ...profile } = JSON.parse(used.value) as PendingSignup;
    const id = await insertAccount(tx, { ...profile, role: "user" }, passwordHash);
    if (!id) throw notValid();
    await tx.update(user).set({ emailVerified: true, updatedAt: now }).where(eq(user.id, id));
    if (deliveryAddress) await tx.insert(addresses).values({ id: newId(), userId: id, ...deliveryAddress, isDefault: true });
    return { email: profile.email };
  });
}

/** Whether an error is about the signup link itself (not valid, used, expired). */
export function isSignupLinkProblem(error: unknown): boolean {
  return error instanceof DomainError && typeof error.details?.link === "string";
}
