import { afterEach, describe, expect, it, vi } from "vitest";
import { watchDatabaseHealth } from "./database-health.server";

const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

describe("watchDatabaseHealth", () => {
  afterEach(() => vi.useRealTimers());

  it("does not ping while statements fail for reasons of their own", async () => {
    const ping = vi.fn(async () => true);
    const health = watchDatabaseHealth(ping);
    expect(await health.noteFailure(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(ping).not.toHaveBeenCalled();
    expect(health.down).toBe(false);
  });

  it("an unreachable database is down once a ping fails too, and up again by itself once a later ping answers", async () => {
    vi.useFakeTimers();
    let answers = false;
    const ping = vi.fn(async () => answers);
    const health = watchDatabaseHealth(ping, { recheckMs: 1000 });
    // Many failures at once cost one ping.
    const verdicts = await Promise.all([health.noteFailure(refused), health.noteFailure(refused), health.noteFailure(refused)]);
    expect(verdicts).toEqual([true, true, true]);
    expect(ping).toHaveBeenCalledTimes(1);
    expect(health.down).toBe(true);
    await vi.advanceTimersByTimeAsync(3000);
    expect(ping).toHaveBeenCalledTimes(4);
    expect(health.down).toBe(true);
    answers = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(health.down).toBe(false);
    // Up again: no more pings.
    await vi.advanceTimersByTimeAsync(5000);
    expect(ping).toHaveBeenCalledTimes(5);
    health.stop();
  });

  it("one cut connection of a database that still answers is not an outage; a ping that throws is one", async () => {
    const health = watchDatabaseHealth(async () => true);
    expect(await health.noteFailure(refused)).toBe(false);
    expect(health.down).toBe(false);
    const throwing = watchDatabaseHealth(async () => Promise.reject(refused));
    expect(await throwing.noteFailure(refused)).toBe(true);
    throwing.stop();
  });
});
