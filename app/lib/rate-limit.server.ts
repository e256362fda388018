import { isIPv6 } from "node:net";
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "./db.server";
import { tidyNowAndThen } from "./now-and-then.server";
import { rateLimits } from "./db/tables/site.server";

/**
 * Rate limits kept in the database, so they hold across app instances: at most `limit` attempts
 * per key within a window of `windowMs` that starts at the key's first attempt (a fixed window; at
 * a window's end the count starts again). Each attempt is counted by one atomic statement before
 * the work it guards is done, so parallel requests get no more than serial ones. Refused attempts
 * are not counted. An attempt may weigh more than one (an order's items against a daily cap of
 * items). See docs/decisions/0018 and 0046.
 */
export interface RateRule {
  limit: number;
  windowMs: number;
}

/** One attempt to count: its key, its rule and, when it is more than one, its weight. */
export interface RateCharge {
  key: string;
  rule: RateRule;
  /** How much the attempt counts (1 unless given): an order's items against a cap of items. */
  weight?: number;
}

export interface RateLimitHit {
  key: string;
  allowed: boolean;
  /** What the attempt counted (given back by a refund). */
  weight: number;
  /** Attempts counted in the current window (this one included when allowed). */
  count: number;
  /** 0 when allowed; otherwise whole seconds until the window ends (at least 1, at most the window). */
  retryAfterSeconds: number;
  windowStart: Date;
  resetsAt: Date;
}

/** Counts one attempt for `key` if the window has room; says whether it may go ahead. */
export async function hitRateLimit(db: Db, key: string, rule: RateRule, now = new Date()): Promise<RateLimitHit> {
  const [hit] = await hitRateLimits(db, [{ key, rule }], now);
  return hit;
}

/**
 * Counts one attempt for each of several keys (all different), each under its own rule, with one
 * statement: each key whose window has room for the attempt's weight is counted, the others are
 * not. Answers in the order given. A key that is refused costs one more statement, to read how
 * long to wait. An attempt heavier than its whole limit is refused without a statement of its own.
 */
export async function hitRateLimits(db: Db, hits: RateCharge[], now = new Date()): Promise<RateLimitHit[]> {
  for (const { key, rule, weight = 1 } of hits) {
    if (!(Number.isInteger(rule.limit) && rule.limit > 0 && rule.windowMs > 0)) throw new Error(`Bad rate limit for ${key}`);
    if (!(Number.isInteger(weight) && weight > 0)) throw new Error(`Bad rate limit weight for ${key}`);
  }
  if (new Set(hits.map((h) => h.key)).size !== hits.length) throw new Error("Each rate limit key may be counted once per statement");
  await tidyNowAndThen("rate limits", db, now, () => pruneRateLimits(db, now));
  const fitting = hits.filter(({ rule, weight = 1 }) => weight <= rule.limit);
  const at = sql`${now.toISOString()}::timestamptz`;
  const ended = sql`${rateLimits.resetsAt} <= ${at}`;
  const caseOf = (value: (h: RateCharge) => number) =>
    sql`case ${rateLimits.key} ${sql.join(
      fitting.map((h) => sql`when ${h.key} then ${value(h)}::int`),
      sql` `,
    )} end`;
  const limitOf = caseOf((h) => h.rule.limit);
  const weightOf = caseOf((h) => h.weight ?? 1);
  // One statement: a new key, an ended window (start again at the weight) or a window with room
  // (add the weight) updates the row and returns it; a full window matches nothing and returns no row.
  const counted = fitting.length
    ? await db
        .insert(rateLimits)
        .values(
          fitting.map(({ key, rule, weight = 1 }) => ({ key, count: weight, windowStart: now, resetsAt: new Date(now.getTime() + rule.windowMs) })),
        )
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${ended} then ${weightOf} else ${rateLimits.count} + ${weightOf} end`,
            windowStart: sql`case when ${ended} then ${at} else ${rateLimits.windowStart} end`,
            resetsAt: sql`case when ${ended} then excluded.resets_at else ${rateLimits.resetsAt} end`,
          },
          setWhere: sql`${ended} or ${rateLimits.count} + ${weightOf} <= ${limitOf}`,
        })
        .returning()
    : [];
  const byKey = new Map(counted.map((row) => [row.key, row]));
  const refusedKeys = hits.filter((h) => !byKey.has(h.key)).map((h) => h.key);
  // Refused: read the full windows only to say how long to wait.
  const full = new Map(
    refusedKeys.length ? (await db.select().from(rateLimits).where(inArray(rateLimits.key, refusedKeys))).map((row) => [row.key, row]) : [],
  );
  return hits.map(({ key, rule, weight = 1 }) => {
    const row = byKey.get(key);
    if (row) return { key, allowed: true, weight, count: row.count, retryAfterSeconds: 0, windowStart: row.windowStart, resetsAt: row.resetsAt };
    const window = full.get(key);
    const until = window?.resetsAt ?? new Date(now.getTime() + rule.windowMs);
    return {
      key,
      allowed: false,
      weight,
      count: window?.count ?? rule.limit,
      // Never more than a window: another request (or instance) may have started it a moment "later".
      retryAfterSeconds: Math.min(Math.ceil(rule.windowMs / 1000), Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))),
      windowStart: window?.windowStart ?? now,
      resetsAt: until,
    };
  });
}

/**
 * A limit on something any client can name — an account's e-mail, an e-mail, a phone number —
 * held per pair with the client's address, so that no client can use up another's attempts
 * (docs/decisions/0046). `subject` counts the attempts at it from every address; while it has
 * room, the pair takes up to its own rule's limit; once it is full (many addresses at one
 * subject), an attempt passes only while its pair has counted at most `pressedLimit`: a smaller
 * allowance that each address, the owner's included, still has.
 */
export interface PairedLimit {
  subject: RateCharge;
  pair: RateCharge;
  /** What the pair may have counted, this attempt included, while its subject is full. */
  pressedLimit: number;
}

export interface CountedLimits {
  /** Every place taken, to give back when the work should not count. */
  taken: RateLimitHit[];
  /** The first limit that refused, if one did; then nothing is held (every place was given back). */
  refused?: RateLimitHit;
}

/**
 * Counts an attempt against plain limits (per client address …) and paired limits, before the
 * work they guard, in one statement: the plain limits, the subjects and the pairs at once, each
 * atomically on its row. A full plain limit or pair refuses the attempt. A full subject refuses it
 * only when the count its pair gave this attempt is past the pressed limit: that count is the
 * attempt's place among all counted at the pair, so attempts at once get no more than attempts
 * one after the other. A refused attempt gives back what it took (one more statement per place).
 */
export async function hitPairedLimits(db: Db, plain: RateCharge[], paired: PairedLimit[], now = new Date()): Promise<CountedLimits> {
  const hits = await hitRateLimits(db, [...plain, ...paired.map((p) => p.subject), ...paired.map((p) => p.pair)], now);
  const subjects = hits.slice(plain.length, plain.length + paired.length);
  const pairs = hits.slice(plain.length + paired.length);
  const taken = hits.filter((hit) => hit.allowed);
  const refused =
    [...hits.slice(0, plain.length), ...pairs].find((hit) => !hit.allowed) ??
    pressedRefusal(
      paired.findIndex((p, i) => !subjects[i].allowed && pairs[i].count > p.pressedLimit),
      pairs,
      paired,
      now,
    );
  if (refused) {
    await refundRateLimits(db, taken);
    return { taken: [], refused };
  }
  return { taken };
}

/** The pair hit at `index`, refused because its subject is full: it waits for its pair's window. */
function pressedRefusal(index: number, pairs: RateLimitHit[], paired: PairedLimit[], now: Date): RateLimitHit | undefined {
  if (index < 0) return undefined;
  const hit = pairs[index];
  const windowSeconds = Math.ceil(paired[index].pair.rule.windowMs / 1000);
  const seconds = Math.min(windowSeconds, Math.max(1, Math.ceil((hit.resetsAt.getTime() - now.getTime()) / 1000)));
  return { ...hit, allowed: false, retryAfterSeconds: seconds };
}

/** Gives back every place the hits took (see refundRateLimit). */
export async function refundRateLimits(db: Db, hits: RateLimitHit[]): Promise<void> {
  await Promise.all(hits.map((hit) => refundRateLimit(db, hit)));
}

/**
 * Gives back the attempt an allowed hit counted (the guarded work succeeded, or another limit
 * refused it). Only within the same window: a window that has started again owes nothing.
 */
export async function refundRateLimit(db: Db, hit: RateLimitHit): Promise<void> {
  if (!hit.allowed) return;
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - ${hit.weight}::int, 0)` })
    .where(and(eq(rateLimits.key, hit.key), eq(rateLimits.windowStart, hit.windowStart)));
}

/** Forgets a key's count. */
export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Deletes the rows whose window has ended (they would start again at 1 anyway). Returns how many. */
export async function pruneRateLimits(db: Db, now = new Date()): Promise<number> {
  const deleted = await db.delete(rateLimits).where(lte(rateLimits.resetsAt, now)).returning({ key: rateLimits.key });
  return deleted.length;
}

/**
 * The part of a client address that names one client for rate limits: an IPv4 address as it is
 * (also when written IPv4-mapped, `::ffff:192.0.2.1`), an IPv6 address by its /64 (one home or
 * phone gets a whole /64), and "unknown" when there is none — a shared bucket, never a way around.
 */
export function addressBucket(address: string | undefined): string {
  const a =
    address
      ?.trim()
      .toLowerCase()
      .replace(/^\[|\]$/g, "")
      .replace(/%.*$/, "") ?? "";
  if (!a) return "unknown";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (mapped) return mapped[1];
  if (!isIPv6(a)) return a;
  const prefix = ipv6Groups(a)
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16));
  return `${prefix.join(":")}::/64`;
}

/** The eight groups of a valid IPv6 address, `::` filled in (an IPv4 tail counts as two groups). */
function ipv6Groups(a: string): string[] {
  const split = (part: string) => (part ? part.split(":").flatMap((g) => (g.includes(".") ? ["0", "0"] : [g])) : []);
  const [head, tail] = a.split("::");
  if (tail === undefined) return split(head);
  const left = split(head);
  const right = split(tail);
  return [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
}
