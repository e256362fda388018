import { describe, expect, it } from "vitest";
import { newId } from "./ids";

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

describe("newId", () => {
  it("makes ids of 12 letters and digits by default, or of the length asked for", () => {
    expect(newId()).toMatch(/^[0-9a-zA-Z]{12}$/);
    expect(newId(24)).toMatch(/^[0-9a-zA-Z]{24}$/);
  });

  it("uses every letter and digit equally often (no character favoured)", () => {
    const counts = new Map<string, number>();
    const ids = 20_000;
    for (let i = 0; i < ids; i++) for (const c of newId(12)) counts.set(c, (counts.get(c) ?? 0) + 1);
    const expected = (ids * 12) / ALPHABET.length; // about 3,871 each
    expect([...counts.keys()].sort()).toEqual([...ALPHABET].sort());
    // A fair draw stays within ±8% (about 5 standard deviations); a byte taken modulo 62 gives
    // '0'–'7' a quarter more often than the other characters.
    for (const c of ALPHABET) expect(Math.abs(counts.get(c)! - expected) / expected, c).toBeLessThan(0.08);
  });
});
