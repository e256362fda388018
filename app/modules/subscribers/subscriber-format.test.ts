import { describe, expect, it } from "vitest";
import { formatSubscribedAt } from "./subscriber-format";

describe("subscription time", () => {
  it("shows Pakistan time, a dash when missing, and 'Invalid Date' for nonsense", () => {
    expect(formatSubscribedAt(new Date("2026-01-10T19:05:00Z"))).toBe("11 Jan 2026, 00:05");
    expect(formatSubscribedAt("2026-07-01T07:30:00Z")).toBe("1 Jul 2026, 12:30");
    expect(formatSubscribedAt(null)).toBe("-");
    expect(formatSubscribedAt(undefined)).toBe("-");
    expect(formatSubscribedAt("not a date")).toBe("Invalid Date");
  });
});
