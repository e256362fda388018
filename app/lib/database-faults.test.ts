import { describe, expect, it } from "vitest";
import { isDatabaseUnreachable } from "./database-faults";

const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("isDatabaseUnreachable", () => {
  it("knows a refused, cut or timed-out connection, and a server shutting down, starting or full", () => {
    for (const code of ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "57P01", "57P03", "53300", "08006", "08001"])
      expect(isDatabaseUnreachable(withCode(code)), code).toBe(true);
    expect(isDatabaseUnreachable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnreachable(new Error("timeout exceeded when trying to connect"))).toBe(true);
  });

  it("looks through the errors that wrap the driver's", () => {
    const driver = withCode("57P01", "terminating connection due to administrator command");
    const wrapped = new Error("Failed query: select 1", { cause: driver });
    expect(isDatabaseUnreachable(new Error("outer", { cause: wrapped }))).toBe(true);
    expect(isDatabaseUnreachable(new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")]))).toBe(true);
  });

  it("does not take a wrong statement, a broken rule or a refusal of the request for an outage", () => {
    for (const code of ["23505", "42P01", "22P02", "40001", "P0001"]) expect(isDatabaseUnreachable(withCode(code)), code).toBe(false);
    expect(isDatabaseUnreachable(new Error("Failed query", { cause: withCode("23505") }))).toBe(false);
    expect(isDatabaseUnreachable(new AggregateError([]))).toBe(false);
    for (const value of [undefined, null, "ECONNREFUSED", 42, {}]) expect(isDatabaseUnreachable(value)).toBe(false);
    // An error that is its own cause does not loop.
    const loop = new Error("loop") as Error & { cause?: unknown };
    loop.cause = loop;
    expect(isDatabaseUnreachable(loop)).toBe(false);
  });
});
