import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { addressBucket, hitRateLimit, type RateLimitHit, type RateRule } from "~/lib/rate-limit.server";

/**
 * Signups per address (docs/decisions/0021): every signup that gets past the form's own checks is
 * counted before its password is judged and its account created, and keeps its place whatever the
 * outcome (a taken e-mail or a common password costs the same work, and tells a prober as much).
 * As loose as the contact and newsletter forms' limit (30 in 15 minutes): a mobile carrier puts
 * many shoppers behind one address.
 */
const SIGNUP_LIMIT = { limit: 30, windowMs: 15 * 60_000 } as const satisfies RateRule;

function signupKey(address: string | undefined): string {
  return `signup:addr:${addressBucket(address)}`;
}

/** Counts a signup from this address, or refuses it with the wait when the window's signups are used up. */
export async function countSignupAttempt(db: Db, address: string | undefined, now = new Date()): Promise<RateLimitHit> {
  const hit = await hitRateLimit(db, signupKey(address), SIGNUP_LIMIT, now);
  if (!hit.allowed) throw tooManySignups(hit.retryAfterSeconds);
  return hit;
}

function tooManySignups(seconds: number) {
  const minutes = Math.ceil(seconds / 60);
  return new DomainError(
    "TOO_MANY_REQUESTS",
    `Too many sign-ups from your network. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
    {
      retryAfter: seconds,
    },
  );
}
