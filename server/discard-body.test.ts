import { describe, expect, it, vi } from "vitest";
import { discardBody } from "./discard-body";

/** A body that sends 1 KB pieces for as long as it is read, counting them. */
function endless() {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled++;
      controller.enqueue(new Uint8Array(1024));
    },
  });
  return { stream, pulled: () => pulled };
}

describe("discarding a refused body", () => {
  it("reads a body to its end", async () => {
    // Ten pieces, each made only when read (no read-ahead), then the end.
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (pulled++ < 10) controller.enqueue(new Uint8Array(1024));
          else controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    await discardBody(stream);
    expect(pulled).toBe(11);
  });

  it("stops after its byte bound on a body that never ends", async () => {
    const body = endless();
    await discardBody(body.stream, 64 * 1024, 10_000);
    expect(body.pulled()).toBeGreaterThanOrEqual(64);
    expect(body.pulled()).toBeLessThan(80);
  });

  it("stops after its time bound on a body that stalls", async () => {
    const stalled = new ReadableStream<Uint8Array>({ pull: () => new Promise(() => undefined) });
    vi.useFakeTimers();
    try {
      let done = false;
      const discarding = discardBody(stalled, 1024 * 1024, 200).then(() => (done = true));
      await vi.advanceTimersByTimeAsync(199);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await discarding;
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("leaves a body another reader holds", async () => {
    const body = endless();
    body.stream.getReader();
    await discardBody(body.stream, 64 * 1024, 10_000);
    expect(body.pulled()).toBeLessThan(5);
  });
});
