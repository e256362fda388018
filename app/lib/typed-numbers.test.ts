import { describe, expect, it } from "vitest";
import { parseDecimal, parseInteger } from "./typed-numbers";

describe("typed numbers", () => {
  it("read plain decimal digits", () => {
    expect(parseInteger("16")).toBe(16);
    expect(parseInteger(" 7 ")).toBe(7);
    expect(parseDecimal("4,500")).toBe(4500);
    expect(parseDecimal("4500.50")).toBe(4500.5);
    expect(parseInteger(3)).toBe(3);
  });

  it("refuse hexadecimal, binary, octal, exponents and words instead of reading them as other numbers", () => {
    for (const text of ["0x10", "0b11", "0o17", "1e3", "Infinity", "NaN", "12abc", "1.5"]) {
      expect(parseInteger(text), text).toBeNaN();
    }
    for (const text of ["0x10", "1e3", "Infinity", "1..2"]) expect(parseDecimal(text), text).toBeNaN();
  });

  it("treat blank as missing", () => {
    expect(parseInteger("  ")).toBeUndefined();
    expect(parseDecimal("")).toBeUndefined();
  });
});
