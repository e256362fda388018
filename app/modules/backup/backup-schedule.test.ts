import { describe, expect, it } from "vitest";
import {
  backupsToRemove,
  everyText,
  isScheduledBackupName,
  nextSlotStart,
  parseBackupEvery,
  scheduledBackupName,
  slotStart,
} from "./backup-schedule";
import { aStringContaining } from "../../../tests/support/matchers";

const HOUR = 3_600_000;

describe("BACKUP_EVERY", () => {
  it("reads minutes, hours and days", () => {
    expect(parseBackupEvery("30m")).toBe(30 * 60_000);
    expect(parseBackupEvery("6h")).toBe(6 * HOUR);
    expect(parseBackupEvery(" 1d ")).toBe(24 * HOUR);
    expect(parseBackupEvery("90M")).toBe(90 * 60_000);
    expect(parseBackupEvery("30d")).toBe(30 * 24 * HOUR);
  });

  it("refuses what it cannot read, and schedules under 15 minutes or over 30 days", () => {
    for (const value of ["", "6", "h", "6 hours", "1.5h", "-1h", "14m", "0d", "31d", "6h30m", "1w"]) {
      expect(parseBackupEvery(value)).toEqual({ problem: aStringContaining("such as 30m, 6h or 1d") });
    }
  });

  it("is said in words with the largest unit that fits", () => {
    expect(everyText(6 * HOUR)).toBe("every 6 hours");
    expect(everyText(24 * HOUR)).toBe("every day");
    expect(everyText(48 * HOUR)).toBe("every 2 days");
    expect(everyText(30 * 60_000)).toBe("every 30 minutes");
    expect(everyText(90 * 60_000)).toBe("every 90 minutes");
    expect(everyText(HOUR)).toBe("every hour");
  });
});

describe("slots of the schedule", () => {
  it("start at multiples of the schedule from midnight UTC, whenever an instance asks", () => {
    const at = Date.parse("2026-03-04T13:59:59.999Z");
    expect(new Date(slotStart(at, 6 * HOUR)).toISOString()).toBe("2026-03-04T12:00:00.000Z");
    expect(new Date(nextSlotStart(at, 6 * HOUR)).toISOString()).toBe("2026-03-04T18:00:00.000Z");
    expect(slotStart(Date.parse("2026-03-04T18:00:00.000Z"), 6 * HOUR)).toBe(Date.parse("2026-03-04T18:00:00.000Z"));
    expect(new Date(slotStart(at, 24 * HOUR)).toISOString()).toBe("2026-03-04T00:00:00.000Z");
    expect(new Date(slotStart(at, 30 * 60_000)).toISOString()).toBe("2026-03-04T13:30:00.000Z");
  });
});

describe("scheduled backup files", () => {
  it("are named by their time in UTC, apart from the files of npm run backup", () => {
    expect(scheduledBackupName(Date.parse("2026-03-04T06:00:12.345Z"))).toBe("scheduled-20260304-060012.tar.gz");
    expect(isScheduledBackupName("scheduled-20260304-060012.tar.gz")).toBe(true);
    expect(isScheduledBackupName("shop-20260304-060012.tar.gz")).toBe(false);
    expect(isScheduledBackupName("scheduled-20260304-060012.tar.gz.partial")).toBe(false);
    expect(isScheduledBackupName("scheduled-2026-notes.txt")).toBe(false);
  });

  it("beyond the newest BACKUP_KEEP are removed, oldest first; other files are never counted or removed", () => {
    const names = [
      "scheduled-20260304-120000.tar.gz",
      "shop-20260101-000000.tar.gz",
      "scheduled-20260303-120000.tar.gz",
      "scheduled-20260304-000000.tar.gz",
      "scheduled-20260304-060000.tar.gz.partial",
      "scheduled-20260304-060000.tar.gz",
      "notes.txt",
    ];
    expect(backupsToRemove(names, 2)).toEqual(["scheduled-20260303-120000.tar.gz", "scheduled-20260304-000000.tar.gz"]);
    expect(backupsToRemove(names, 4)).toEqual([]);
    expect(backupsToRemove(names, 14)).toEqual([]);
    expect(backupsToRemove(names, 1)).toEqual([
      "scheduled-20260303-120000.tar.gz",
      "scheduled-20260304-000000.tar.gz",
      "scheduled-20260304-060000.tar.gz",
    ]);
  });
});
