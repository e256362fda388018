import { describe, expect, it } from "vitest";
import { passwordAudienceOf, passwordHint, passwordShapeProblem } from "./password-rules";

describe("the password rule's shape (checked in the browser too)", () => {
  it("customers need 8 characters, staff 12", () => {
    expect(passwordShapeProblem("1234567", "customer")).toBe("Password must be at least 8 characters.");
    expect(passwordShapeProblem("12345678", "customer")).toBeNull();
    expect(passwordShapeProblem("12345678901", "staff")).toBe("Staff passwords must be at least 12 characters.");
    expect(passwordShapeProblem("123456789012", "staff")).toBeNull();
    expect(passwordShapeProblem("", "customer")).toBe("Password must be at least 8 characters.");
  });

  it("refuses passwords that are only spaces, whatever their length", () => {
    for (const blank of ["      ", " ".repeat(8), " ".repeat(20), "\t \n \u00a0  \u3000 ", "\u2003".repeat(12)]) {
      expect(passwordShapeProblem(blank, "customer"), JSON.stringify(blank)).toBe("Password cannot be only spaces.");
      expect(passwordShapeProblem(blank, "staff"), JSON.stringify(blank)).toBe("Password cannot be only spaces.");
    }
    expect(passwordShapeProblem("  leather  ", "customer")).toBeNull();
  });

  it("counts characters, not UTF-16 units, for the minimum, and allows at most 128 units", () => {
    expect(passwordShapeProblem("😀😀😀😀", "customer")).toBe("Password must be at least 8 characters.");
    expect(passwordShapeProblem("😀".repeat(8), "customer")).toBeNull();
    expect(passwordShapeProblem("x".repeat(128), "staff")).toBeNull();
    expect(passwordShapeProblem("x".repeat(129), "staff")).toBe("Password must be at most 128 characters.");
  });

  it("staff roles are held to the staff rule, and the hint says the real minimum", () => {
    expect([passwordAudienceOf("admin"), passwordAudienceOf("main-admin"), passwordAudienceOf("user"), passwordAudienceOf(undefined)]).toEqual([
      "staff",
      "staff",
      "customer",
      "customer",
    ]);
    expect(passwordHint("customer")).toBe("min 8 chars");
    expect(passwordHint("staff")).toBe("min 12 chars");
  });
});
