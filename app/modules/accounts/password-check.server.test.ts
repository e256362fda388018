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

  it("judges passwords of the longest length allowed: long repeats are common, a long passphrase is not", () => {
    // zxcvbn reads at most PASSWORD_MAX_LENGTH characters, which bounds its work (a speed figure
    // belongs in the bench, not here).
    expect(isCommonPassword("1234".repeat(32))).toBe(true);
    expect(isCommonPassword("x".repeat(128))).toBe(true);
    const passphrase = "walnut ledger monsoon kettle saddle stitch tannery lantern indigo buckle harbour ".repeat(2).slice(0, 128);
    expect(isCommonPassword(passphrase)).toBe(false);
  });
});
