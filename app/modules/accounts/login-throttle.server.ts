import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { addressBucket, clearRateLimit, hitRateLimit, refundRateLimit, type RateLimitHit, type RateRule } from "~/lib/rate-limit.server";

const MINUTE = 60_000;

/**
 * Login limits (docs/decisions/0018). Every attempt is counted against all three before its
 * password is checked; a success gives its place back, so in effect they count failures. Counts
 * age out with their window.
 */
export const LOGIN_LIMITS = {
  /** One account from one address: strict. A success there clears it. */
  accountAddress: { limit: 5, windowMs: 15 * MINUTE },
  /** One address, all accounts: mobile networks put many shoppers behind one address. */
  address: { limit: 50, windowMs: 15 * MINUTE },
  /** One account, all addresses: loose, but when reached even the right password waits. */
  account: { limit: 100, windowMs: 60 * MINUTE },
} as const satisfies Record<string, RateRule>;

type LimitName = keyof typeof LOGIN_LIMITS;
const ORDER: LimitName[] = ["accountAddress", "address", "account"];

export function loginKeys(email: string, address: string | undefined): Record<LimitName, string> {
  const account = email.trim().toLowerCase();
  const from = addressBucket(address);
  return { accountAddress: `login:acct+addr:${account}|${from}`, address: `login:addr:${from}`, account: `login:acct:${account}` };
}

/** The attempt's places in each limit, to give back when it succeeds. */
export type LoginAttempt = Record<LimitName, RateLimitHit>;

/**
 * Counts a login attempt before its password is checked. When a limit is full, gives back the
 * places already taken and refuses with the wait.
 */
export async function countLoginAttempt(db: Db, email: string, address: string | undefined, now = new Date()): Promise<LoginAttempt> {
  const keys = loginKeys(email, address);
  const taken: Partial<LoginAttempt> = {};
  for (const name of ORDER) {
    const hit = await hitRateLimit(db, keys[name], LOGIN_LIMITS[name], now);
    if (!hit.allowed) {
      await Promise.all(Object.values(taken).map((t) => refundRateLimit(db, t)));
      throw tooManyAttempts(hit.retryAfterSeconds);
    }
    taken[name] = hit;
  }
  return taken as LoginAttempt;
}

/** The right password: this address's count for the account starts again, and the attempt is not held against anyone. */
export async function loginSucceeded(db: Db, attempt: LoginAttempt): Promise<void> {
  await clearRateLimit(db, attempt.accountAddress.key);
  await Promise.all([refundRateLimit(db, attempt.address), refundRateLimit(db, attempt.account)]);
}

function tooManyAttempts(seconds: number) {
  return new DomainError("TOO_MANY_REQUESTS", `Too many failed attempts. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`, {
    retryAfter: seconds,
  });
}
