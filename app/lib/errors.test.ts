import { describe, expect, it } from "vitest";
import { SHOPPER_DISK_FAULT_MESSAGE } from "./disk-fault";
import { DomainError, isDomainError, toHttp } from "./errors";

describe("toHttp", () => {
  it.each([
    ["NOT_FOUND", 404],
    ["INVALID", 400],
    ["OUT_OF_STOCK", 409],
    ["CONFLICT", 409],
    ["FORBIDDEN", 403],
    ["UNAUTHENTICATED", 401],
    ["TOO_MANY_REQUESTS", 429],
    ["UNAVAILABLE", 503],
  ] as const)("maps %s to %i and keeps the domain message", (code, status) => {
    expect(toHttp(new DomainError(code, "Product not found"))).toEqual({ status, message: "Product not found", code });
  });

  it("hides what an unexpected error says behind a generic 500", () => {
    const leaky = new Error('relation "user" does not exist at /srv/shop/app/lib/db.server.ts');
    const result = toHttp(leaky);
    expect(result.status).toBe(500);
    expect(result.code).toBe("INTERNAL");
    expect(result.message).toBe("Something went wrong on our side. Please try again.");
    expect(result.message).not.toContain("relation");
  });

  it("answers a full or read-only disk met by a write as 503, nothing saved, however deep the error wraps it", () => {
    const full = Object.assign(new Error('could not extend file "base/5/16955": No space left on device'), { code: "53100" });
    const wrapped = Object.assign(new Error("Failed query: insert into orders … params: stock changed under the order"), { cause: full });
    const readOnly = Object.assign(new Error("EROFS: read-only file system, open '/data/uploads/x.webp'"), { code: "EROFS" });
    for (const error of [wrapped, readOnly, Object.assign(new Error("ENOSPC"), { code: "ENOSPC" })]) {
      expect(toHttp(error)).toEqual({ status: 503, message: SHOPPER_DISK_FAULT_MESSAGE, code: "UNAVAILABLE" });
    }
    expect(SHOPPER_DISK_FAULT_MESSAGE).not.toMatch(/busy/i);
    // Any other failure of the database stays an unexpected one.
    expect(toHttp(Object.assign(new Error("deadlock detected"), { code: "40P01" })).status).toBe(500);
  });

  it("treats thrown non-errors and look-alikes as unexpected", () => {
    expect(toHttp("boom").status).toBe(500);
    expect(toHttp(undefined).status).toBe(500);
    const lookAlike = { name: "DomainError", code: "NOT_FOUND", message: "secret detail" };
    expect(isDomainError(lookAlike)).toBe(false);
    expect(toHttp(lookAlike)).toMatchObject({ status: 500, code: "INTERNAL" });
  });
});
