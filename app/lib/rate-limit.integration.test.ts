import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testTarget, useTestDatabase } from "../../tests/support/test-db";
import { openDatabase } from "./db.server";
import { clearRateLimit, hitPairedLimits, hitRateLimit, hitRateLimits, pruneRateLimits, refundRateLimit, type RateRule } from "./rate-limit.server";
import { rateLimits } from "./db/tables/site.server";

const testDb = useTestDatabase();
const MINUTE = 60_000;
const rule: RateRule = { limit: 7, windowMs: 10 * MINUTE };
const at = (start: Date, ms: number) => new Date(start.getTime() + ms);
const row = async (key: string) => (await testDb().db.select().from(rateLimits).where(eq(rateLimits.key, key)))[0];

describe(`the rate limiter (${testTarget()})`, () => {
  it("100 parallel hits on one key: exactly the limit are allowed, each with its own count", async () => {
    const hits = await Promise.all(Array.from({ length: 100 }, () => hitRateLimit(testDb().db, "test:parallel", rule)));
    const allowed = hits.filter((h) => h.allowed);
    expect(allowed.map((h) => h.count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(hits.filter((h) => !h.allowed)).toHaveLength(93);
    // Refused attempts are not counted.
    expect((await row("test:parallel")).count).toBe(7);
  });

  // Two connection pools are two app instances; the embedded database has only one process.
  if (testTarget() === "postgres")
    it("two app instances hitting one key at once share the limit", async () => {
      const other = await openDatabase({ databaseUrl: testDb().url!, poolSize: 10 });
      try {
        const hits = await Promise.all(Array.from({ length: 120 }, (_, i) => hitRateLimit((i % 2 ? other : testDb()).db, "test:instances", rule)));
        expect(hits.filter((h) => h.allowed)).toHaveLength(7);
      } finally {
        await other.close();
      }
    });

  it("a full window says how long to wait; when it ends the count starts again", async () => {
    const start = new Date();
    for (let i = 1; i <= 7; i++)
      expect(await hitRateLimit(testDb().db, "test:window", rule, at(start, i * 1000))).toMatchObject({
        allowed: true,
        count: i,
        retryAfterSeconds: 0,
      });
    const refused = await hitRateLimit(testDb().db, "test:window", rule, at(start, 4 * MINUTE + 1000));
    expect(refused).toMatchObject({ allowed: false, count: 7, retryAfterSeconds: 6 * 60 });
    expect(refused.resetsAt).toEqual(at(start, 10 * MINUTE + 1000));
    // A request whose clock is behind the one that started the window waits no more than a window.
    expect(await hitRateLimit(testDb().db, "test:window", rule, start)).toMatchObject({ allowed: false, retryAfterSeconds: 10 * 60 });
    expect(await hitRateLimit(testDb().db, "test:window", rule, at(start, 10 * MINUTE + 999))).toMatchObject({
      allowed: false,
      retryAfterSeconds: 1,
    });
    const again = await hitRateLimit(testDb().db, "test:window", rule, at(start, 10 * MINUTE + 1000));
    expect(again).toMatchObject({ allowed: true, count: 1 });
    expect(again.windowStart).toEqual(at(start, 10 * MINUTE + 1000));
  });

  it("keys are counted apart", async () => {
    const small = { limit: 1, windowMs: MINUTE };
    expect((await hitRateLimit(testDb().db, "test:a", small)).allowed).toBe(true);
    expect((await hitRateLimit(testDb().db, "test:a", small)).allowed).toBe(false);
    expect((await hitRateLimit(testDb().db, "test:b", small)).allowed).toBe(true);
  });

  it("a refund gives the attempt back within its window only; a clear forgets the key", async () => {
    const start = new Date();
    const small = { limit: 2, windowMs: MINUTE };
    const first = await hitRateLimit(testDb().db, "test:refund", small, start);
    await hitRateLimit(testDb().db, "test:refund", small, start);
    expect((await hitRateLimit(testDb().db, "test:refund", small, start)).allowed).toBe(false);
    await refundRateLimit(testDb().db, first);
    expect(await hitRateLimit(testDb().db, "test:refund", small, start)).toMatchObject({ allowed: true, count: 2 });

    // In the next window, a refund for the old one changes nothing.
    const next = await hitRateLimit(testDb().db, "test:refund", small, at(start, MINUTE));
    expect(next).toMatchObject({ allowed: true, count: 1 });
    await refundRateLimit(testDb().db, first);
    expect((await row("test:refund")).count).toBe(1);
    // A refused hit has nothing to give back.
    await hitRateLimit(testDb().db, "test:refund", small, at(start, MINUTE));
    const refused = await hitRateLimit(testDb().db, "test:refund", small, at(start, MINUTE));
    await refundRateLimit(testDb().db, refused);
    expect((await row("test:refund")).count).toBe(2);

    await clearRateLimit(testDb().db, "test:refund");
    expect(await row("test:refund")).toBeUndefined();
  });

  it("ended windows are pruned, by hand and now and then by the hits themselves", async () => {
    const { db } = testDb();
    const start = new Date();
    await hitRateLimit(db, "test:prune-short", { limit: 3, windowMs: MINUTE }, start);
    await hitRateLimit(db, "test:prune-long", { limit: 3, windowMs: 60 * MINUTE }, start);
    await pruneRateLimits(db, at(start, MINUTE - 1));
    expect(await row("test:prune-short")).toBeDefined();
    expect(await pruneRateLimits(db, at(start, MINUTE))).toBeGreaterThanOrEqual(1);
    expect(await row("test:prune-short")).toBeUndefined();
    expect(await row("test:prune-long")).toBeDefined();

    await hitRateLimit(db, "test:prune-short", { limit: 3, windowMs: MINUTE }, at(start, 2 * MINUTE));
    // Well over 10 minutes after the last prune (an earlier test's clock went 10 minutes ahead), any
    // hit clears what has ended, whatever its key.
    await hitRateLimit(db, "test:prune-other", { limit: 3, windowMs: MINUTE }, at(start, 40 * MINUTE));
    expect(await row("test:prune-short")).toBeUndefined();
    expect(await row("test:prune-long")).toBeDefined();
  });

  it("weighted hits: parallel attempts never take more than the limit's weight, one heavier than the limit is refused outright, a refund gives its weight back", async () => {
    const db = testDb().db;
    const items: RateRule = { limit: 40, windowMs: 24 * 60 * MINUTE };
    const hits = await Promise.all(Array.from({ length: 30 }, () => hitRateLimits(db, [{ key: "test:items", rule: items, weight: 7 }])));
    expect(hits.filter(([h]) => h.allowed)).toHaveLength(5);
    expect((await row("test:items")).count).toBe(35);
    const [heavy] = await hitRateLimits(db, [{ key: "test:heavy", rule: items, weight: 41 }]);
    expect(heavy).toMatchObject({ allowed: false });
    expect(heavy.retryAfterSeconds).toBeGreaterThan(0);
    expect(await row("test:heavy")).toBeUndefined();
    await refundRateLimit(db, hits.find(([h]) => h.allowed)![0]);
    expect((await row("test:items")).count).toBe(28);
  });

  it("paired limits: a full subject lowers every pair's allowance instead of refusing anyone", async () => {
    const db = testDb().db;
    const limits = (pair: string, subject = "test:subject") => [
      { subject: { key: subject, rule: { limit: 3, windowMs: 10 * MINUTE } }, pair: { key: `test:pair:${pair}`, rule }, pressedLimit: 1 },
    ];
    const allowed = async (pair: string, n: number) =>
      (await Promise.all(Array.from({ length: n }, () => hitPairedLimits(db, [], [...limits(pair)])))).filter((r) => !r.refused).length;
    for (let i = 0; i < 3; i++) expect(await allowed("a", 1)).toBe(1);
    // The subject is full: pair a, which has used 3, gets nothing more; a new pair gets its pressed
    // allowance of 1 and no more, however many it sends at once.
    expect(await allowed("a", 10)).toBe(0);
    expect(await allowed("b", 10)).toBe(1);
    expect(await allowed("c", 10)).toBe(1);
    expect((await row("test:subject")).count).toBe(3);
    const plainFull = await hitPairedLimits(db, [{ key: "test:pair:a", rule: { limit: 1, windowMs: MINUTE } }], [...limits("d")]);
    expect(plainFull.refused?.key).toBe("test:pair:a");
    expect((await row("test:pair:d")).count).toBe(0);
    expect(plainFull.refused?.retryAfterSeconds).toBeGreaterThan(0);
  });

  it("paired limits at once from one pair get no more than one after the other: its limit, then nothing", async () => {
    const db = testDb().db;
    // The subject has room for 3 of the 10, the pair for 7: one after the other, the pair gets 3
    // (the others find the subject full and the pair past its pressed allowance of 1).
    const limits = [
      { subject: { key: "test:burst-subject", rule: { limit: 3, windowMs: 10 * MINUTE } }, pair: { key: "test:burst-pair", rule }, pressedLimit: 1 },
    ];
    for (let round = 0; round < 5; round++) {
      const results = await Promise.all(Array.from({ length: 10 }, () => hitPairedLimits(db, [], limits)));
      expect(results.filter((r) => !r.refused)).toHaveLength(round === 0 ? 3 : 0);
      const refused = results.filter((r) => r.refused).map((r) => r.refused!);
      for (const hit of refused) expect(hit.retryAfterSeconds).toBeGreaterThan(0);
    }
    expect((await row("test:burst-pair")).count).toBe(3);
  });
});
