import { describe, expect, it } from "vitest";
import { daysLeft, TRASH_KEPT_DAYS, trashCutoff } from "./trash";

const DAY = 24 * 60 * 60 * 1000;
const deletedAt = new Date("2026-03-01T10:00:00.000Z");
const after = (ms: number) => new Date(deletedAt.getTime() + ms);

describe("the Trash's 30 days", () => {
  it("counts the day an entry goes as one, and never below 0", () => {
    expect(TRASH_KEPT_DAYS).toBe(30);
    expect(daysLeft(deletedAt, deletedAt)).toBe(30);
    expect(daysLeft(deletedAt, after(1))).toBe(30);
    expect(daysLeft(deletedAt, after(DAY))).toBe(29);
    expect(daysLeft(deletedAt, after(29 * DAY + 1))).toBe(1);
    expect(daysLeft(deletedAt, after(30 * DAY))).toBe(0);
    expect(daysLeft(deletedAt, after(45 * DAY))).toBe(0);
  });

  it("an entry deleted exactly 30 days ago is past the cutoff; a millisecond younger is not", () => {
    const now = after(30 * DAY);
    expect(trashCutoff(now).getTime()).toBe(deletedAt.getTime());
    expect(after(1).getTime() > trashCutoff(now).getTime()).toBe(true);
  });
});
