import { describe, expect, it } from "vitest";
import { isAdminRole, isMainAdminRole, landingPathFor } from "./roles";
import { lockMsAfter, MAX_LOCK_MS, throttleKeys } from "./login-throttle.server";
import { signupSchema } from "./account.schema";

describe("roles", () => {
  it("admins and main admins are staff; main admins alone are main admins", () => {
    expect([isAdminRole("admin"), isAdminRole("main-admin"), isAdminRole("user"), isAdminRole(undefined)]).toEqual([true, true, false, false]);
    expect([isMainAdminRole("main-admin"), isMainAdminRole("admin")]).toEqual([true, false]);
  });

  it("staff land on /admin after signing in, everyone else on /", () => {
    expect(landingPathFor("admin")).toBe("/admin");
    expect(landingPathFor("main-admin")).toBe("/admin");
    expect(landingPathFor("user")).toBe("/");
  });
});

describe("login throttling", () => {
  it("lets a few failures pass, then doubles the wait up to 15 minutes", () => {
    expect([0, 1, 2].map((n) => lockMsAfter(n, 3))).toEqual([0, 0, 0]);
    expect([3, 4, 5, 6].map((n) => lockMsAfter(n, 3))).toEqual([1000, 2000, 4000, 8000]);
    expect(lockMsAfter(40, 3)).toBe(MAX_LOCK_MS);
  });

  it("keys by account (any letter case) and by address", () => {
    expect(throttleKeys(" Owner@Example.pk ", "1.2.3.4")).toEqual(["account:owner@example.pk", "address:1.2.3.4"]);
  });
});

describe("signup validation", () => {
  const base = { email: "a@example.pk", password: "secret1", firstName: "A", lastName: "B", gender: "male" };
  it("requires email, password, names and gender with the spec's message", () => {
    for (const missing of ["email", "password", "firstName", "lastName", "gender"]) {
      const result = signupSchema.safeParse({ ...base, [missing]: "" });
      expect(result.error?.issues[0].message, missing).toBe("Please fill out all required fields.");
    }
  });

  it("needs a password of at least 6 characters and defaults the country code to +92", () => {
    expect(signupSchema.safeParse({ ...base, password: "12345" }).error?.issues[0].message).toBe("Password must be at least 6 characters.");
    expect(signupSchema.parse(base).numberCode).toBe("+92");
  });
});
