import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { addressBucket, clearRateLimit, hitPairedLimits, refundRateLimits, type RateLimitHit, type RateRule } from "~/lib/rate-limit.server";

const MINUTE = 60_000;

/**
 * Login limits (docs/decisions/0018, 0046). Every attempt is counted before its password is
 * checked; a success gives its places back, so in effect they count failures. No limit is held
 * by the account alone: one client cannot lock another out. Counts age out with their window.
 */
const LOGIN_LIMITS = {
  /** One account from one address: strict. A success there clears it. */
  accountAddress: { limit: 5, windowMs: 15 * MINUTE },
  /** One address, all accounts: mobile networks put many shoppers behind one address. */
  address: { limit: 50, windowMs: 15 * MINUTE },
  /**
   * One account, from every address. When it is full the account is under pressure: each address
   * then gets `accountAddressPressed` for it instead of `accountAddress`. Nobody is refused by it.
   */
  account: { limit: 100, windowMs: 60 * MINUTE },
  /** One account from one address while the account is under pressure: the owner's try and a typo. */
  accountAddressPressed: { limit: 2, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RateRule>;

export function loginKeys(email: string, address: string | undefined) {
  const account = email.trim().toLowerCase();
  const from = addressBucket(address);
  return { accountAddress: `login:acct+addr:${account}|${from}`, address: `login:addr:${from}`, account: `login:acct:${account}` };
}

/** The places a login attempt took, to give back when it succeeds. */
export interface LoginAttempt {
  taken: RateLimitHit[];
  accountAddressKey: string;
}

/**
 * Counts a login attempt before its password is checked, in one statement: per address, per
 * account and address, and per account (which, when full, only lowers the account-and-address
 * allowance). When a limit is full, nothing is held and the attempt is refused with the wait.
 */
export async function countLoginAttempt(db: Db, email: string, address: string | undefined, now = new Date()): Promise<LoginAttempt> {
  const keys = loginKeys(email, address);
  const { taken, refused } = await hitPairedLimits(
    db,
    [{ key: keys.address, rule: LOGIN_LIMITS.address }],
    [
      {
        subject: { key: keys.account, rule: LOGIN_LIMITS.account },
        pair: { key: keys.accountAddress, rule: LOGIN_LIMITS.accountAddress },
        pressedLimit: LOGIN_LIMITS.accountAddressPressed.limit,
      },
    ],
    now,
  );
  if (refused) throw tooManyAttempts(refused.retryAfterSeconds);
  return { taken, accountAddressKey: keys.accountAddress };
}

/** The right password: this address's count for the account starts again, and the attempt is not held against anyone. */
export async function loginSucceeded(db: Db, attempt: LoginAttempt): Promise<void> {
  await clearRateLimit(db, attempt.accountAddressKey);
  await refundRateLimits(
    db,
    attempt.taken.filter((hit) => hit.key !== attempt.accountAddressKey),
  );
}

function tooManyAttempts(seconds: number) {
  return new DomainError("TOO_MANY_REQUESTS", `Too many failed attempts. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`, {
    retryAfter: seconds,
  });
}
