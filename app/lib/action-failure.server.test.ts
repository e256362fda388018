import { afterEach, describe, expect, it, vi } from "vitest";
import { actionFailure } from "./action-failure.server";
import { DISK_FAULT_RETRY_AFTER_SECONDS } from "./disk-fault";
import { DomainError } from "./errors";
import { logger } from "./logger.server";

afterEach(() => vi.restoreAllMocks());

function spies() {
  return { error: vi.spyOn(logger, "error").mockImplementation(() => {}), debug: vi.spyOn(logger, "debug").mockImplementation(() => {}) };
}

describe("actionFailure", () => {
  it("answers a domain error with its status and the route's body, logged at debug", () => {
    const log = spies();
    const answer = actionFailure(new DomainError("CONFLICT", "Already taken."), { msg: "save failed", id: "p1" }, (f) => ({
      ok: false,
      message: `Failed. ${f.message}`,
      ourSide: f.ourSide,
    }));
    expect(answer.data).toEqual({ ok: false, message: "Failed. Already taken.", ourSide: false });
    expect(answer.init?.status).toBe(409);
    expect(log.error).not.toHaveBeenCalled();
    expect(log.debug).toHaveBeenCalledWith({ id: "p1", code: "CONFLICT", reason: "Already taken." }, "save failed");
  });

  it("logs an unexpected error and UNAVAILABLE at error level, never showing what the error says", () => {
    const log = spies();
    const leaky = new Error('relation "user" does not exist');
    const internal = actionFailure(leaky, { msg: "save failed" }, (f) => f);
    expect(internal.init?.status).toBe(500);
    expect(internal.data).toMatchObject({ code: "INTERNAL", ourSide: true, message: "Something went wrong on our side. Please try again." });
    const unavailable = actionFailure(new DomainError("UNAVAILABLE", "Storage is down."), { msg: "upload failed" }, (f) => f);
    expect(unavailable.init?.status).toBe(503);
    expect(unavailable.data).toMatchObject({ ourSide: true });
    expect(log.error).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledWith({ err: leaky }, "save failed");
    expect(log.debug).not.toHaveBeenCalled();
  });

  it("passes a wait on as Retry-After", () => {
    spies();
    const waited = actionFailure(new DomainError("TOO_MANY_REQUESTS", "Slow down.", { retryAfter: 42 }), { msg: "login failed" }, (f) => f.message);
    expect(waited.init?.status).toBe(429);
    expect(new Headers(waited.init?.headers).get("Retry-After")).toBe("42");
    const plain = actionFailure(new DomainError("INVALID", "No."), { msg: "x" }, (f) => f.message);
    expect(new Headers(plain.init?.headers).has("Retry-After")).toBe(false);
  });

  it("asks a client to come back later after a full disk refused the write", () => {
    spies();
    const answer = actionFailure(Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" }), { msg: "save failed" }, (f) => f);
    expect(answer.init?.status).toBe(503);
    expect(new Headers(answer.init?.headers).get("Retry-After")).toBe(String(DISK_FAULT_RETRY_AFTER_SECONDS));
  });
});
