import { describe, expect, it } from "vitest";
import { isCommonPassword, passwordProblem } from "./password-check.server";

const COMMON = "This password is too common. Please choose another.";

describe("common passwords (zxcvbn with its common dictionary)", () => {
  it("refuses common passwords and their usual variations", () => {
    for (const password of [
      "123456",
      "12345678",
      "password",
      "password1",
      "P@ssw0rd",
      "qwertyuiop",
      "1q2w3e4r",
      "iloveyou12",
      "Pakistan123",
      "pakistan",
      "karachi2024",
      "welcome2024",
      "password1234",
      "Password1234",
      "qwerty123456",
      "qwertyuiop12",
      "iloveyou1234",
      "aaaaaaaaaaaa",
      "abcdefghijkl",
      "123456789012",
      "drowssap",
    ]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it("takes passphrases and passwords that are not merely a common word", () => {
    for (const password of [
      "saddle-stitch-4417",
      "Saddle-Stitch-4417",
      "Owner-Deploy-Password-7731",
      "walnut ledger monsoon kettle",
      "correct horse battery staple",
      "Chamra-Owner-Key-5581",
      "tr0ub4dor&3x",
    ]) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });

  it("checks the shape first, then the dictionary, for each audience", () => {
    expect(passwordProblem("123456", "customer")).toBe("Password must be at least 8 characters.");
    expect(passwordProblem(" ".repeat(12), "staff")).toBe("Password cannot be only spaces.");
    expect(passwordProblem("password1", "customer")).toBe(COMMON);
    expect(passwordProblem("password1234", "staff")).toBe(COMMON);
    expect(passwordProblem("saddle-stitch-4417", "customer")).toBeNull();
    expect(passwordProblem("saddle-stitch-4417", "staff")).toBeNull();
    expect(passwordProblem("saddle-4417", "staff")).toBe("Staff passwords must be at least 12 characters.");
  });

  it("judges a long password in reasonable time", () => {
    const started = performance.now();
    for (const password of ["1234".repeat(32), "Pa55w0rd!".repeat(14).slice(0, 128), "x".repeat(128)]) isCommonPassword(password);
    expect(performance.now() - started).toBeLessThan(3000);
  });
});
