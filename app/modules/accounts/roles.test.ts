import { describe, expect, it } from "vitest";
import { isAdminRole, isMainAdminRole, landingPathFor } from "./roles";
import { loginKeys } from "./login-throttle.server";
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

describe("login limits", () => {
  it("keys by account (any letter case), by address, and by both", () => {
    expect(loginKeys(" Owner@Example.pk ", "1.2.3.4")).toEqual({
      accountAddress: "login:acct+addr:owner@example.pk|1.2.3.4",
      address: "login:addr:1.2.3.4",
      account: "login:acct:owner@example.pk",
    });
  });

  it("counts an unknown address as one shared address, and an IPv6 address by its /64", () => {
    expect(loginKeys("owner@example.pk", undefined).address).toBe("login:addr:unknown");
    expect(loginKeys("owner@example.pk", "2001:db8:1:2::7").accountAddress).toBe("login:acct+addr:owner@example.pk|2001:db8:1:2::/64");
  });
});

describe("signup validation", () => {
  const base = { email: "a@example.pk", password: "saddle-stitch-4417", firstName: "A", lastName: "B", gender: "male" };
  it("requires email, password, names and gender with the exact message (docs/product.md)", () => {
    for (const missing of ["email", "password", "firstName", "lastName", "gender"]) {
      const result = signupSchema.safeParse({ ...base, [missing]: "" });
      expect(result.error?.issues[0].message, missing).toBe("Please fill out all required fields.");
    }
  });

  it("needs a password of at least 8 characters, not only spaces, and defaults the country code to +92", () => {
    expect(signupSchema.safeParse({ ...base, password: "1234567" }).error?.issues[0].message).toBe("Password must be at least 8 characters.");
    expect(signupSchema.safeParse({ ...base, password: "      " }).error?.issues[0].message).toBe("Password cannot be only spaces.");
    expect(signupSchema.safeParse({ ...base, password: "12345678" }).success).toBe(true);
    expect(signupSchema.parse(base).numberCode).toBe("+92");
  });
});
