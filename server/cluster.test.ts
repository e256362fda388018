import { describe, expect, it } from "vitest";
import { CONFIGURATION_PROBLEM_EXIT, exitCodeAfterWorker } from "./cluster";

/*
 * How the shop's own exit code follows its workers' while it stops. A shop stopped for a
 * configuration problem exits 1, whichever of its workers met the problem first: with two workers
 * on a database written by a newer release both meet it, and the second one's 78 (the code a
 * worker tells the primary with) came out as the shop's (tests/deploy/newer-release.spec.ts saw
 * it under load).
 */
describe("the shop's exit code while it stops", () => {
  it("stays 1 when another worker reports the same configuration problem during the stop", () => {
    expect(exitCodeAfterWorker(1, CONFIGURATION_PROBLEM_EXIT)).toBe(1);
    expect(exitCodeAfterWorker(0, CONFIGURATION_PROBLEM_EXIT)).toBe(1);
  });

  it("takes a worker's failure code, and keeps its own when the worker ended cleanly or by a signal", () => {
    expect(exitCodeAfterWorker(0, 2)).toBe(2);
    expect(exitCodeAfterWorker(1, 0)).toBe(1);
    expect(exitCodeAfterWorker(0, null)).toBe(0);
  });
});
