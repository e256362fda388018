import { afterEach, describe, expect, it, vi } from "vitest";
import { runEvery } from "./every.server";

describe("runEvery", () => {
  afterEach(() => vi.useRealTimers());

  it("runs at once and then every interval, one round at a time; a failed round does not stop the next", async () => {
    vi.useFakeTimers();
    let rounds = 0;
    let release: (() => void) | undefined;
    const work = vi.fn(async () => {
      rounds++;
      if (rounds === 1) throw new Error("the storage did not answer");
      if (rounds === 2) await new Promise<void>((resolve) => (release = resolve));
    });
    const job = runEvery(1000, work, "a round failed");
    expect(work).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(work).toHaveBeenCalledTimes(2);
    // The second round is still running: the third is not started beside it.
    await vi.advanceTimersByTimeAsync(2000);
    expect(work).toHaveBeenCalledTimes(2);
    release!();
    await vi.advanceTimersByTimeAsync(1000);
    expect(work).toHaveBeenCalledTimes(3);
    await job.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(work).toHaveBeenCalledTimes(3);
  });
});
