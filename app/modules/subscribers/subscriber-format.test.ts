import { describe, expect, it } from "vitest";
import { formatAdminDate, formatAdminDateTime } from "~/lib/admin-date";
import { formatSubscribedAt } from "./subscriber-format";

describe("back-office times", () => {
  it("show Pakistan time in one format everywhere, subscriptions included", () => {
    expect(formatSubscribedAt(new Date("2026-01-10T19:05:00Z"))).toBe("11 Jan 2026, 12:05 am");
    expect(formatSubscribedAt("2026-07-01T07:30:00Z")).toBe("1 Jul 2026, 12:30 pm");
    expect(formatAdminDateTime("2026-11-23T11:49:00Z")).toBe("23 Nov 2026, 4:49 pm");
    expect(formatAdminDateTime("2026-11-23T04:09:00Z")).toBe(formatSubscribedAt("2026-11-23T04:09:00Z"));
    expect(formatAdminDate("2026-11-23T20:00:00Z")).toBe("24 Nov 2026");
  });

  it("say when a time is missing (a dash for subscriptions) and never show a made-up date for nonsense", () => {
    expect(formatSubscribedAt(null)).toBe("-");
    expect(formatSubscribedAt(undefined)).toBe("-");
    expect(formatAdminDateTime(null)).toBe("N/A");
    expect(formatAdminDate("")).toBe("N/A");
    expect(formatAdminDateTime(new Date(Number.NaN))).toBe("Invalid Date");
    expect(formatAdminDate("2026-13-45")).toBe("Invalid Date");
  });

  it("show an unreadable subscription time as a dash, as a missing one, never as 'Invalid Date'", () => {
    for (const bad of ["not a date", "2026-13-45", new Date(Number.NaN)]) {
      expect(formatSubscribedAt(bad), String(bad)).toBe("-");
    }
  });
});
