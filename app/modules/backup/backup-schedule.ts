import type { BackupRunStatus } from "~/lib/db/value-lists";

/*
 * Scheduled backups' rules, without I/O (docs/decisions/0051): how BACKUP_EVERY is read, which slot
 * of the schedule a moment falls in, how scheduled backup files are named, and which of them go
 * once more than BACKUP_KEEP are kept.
 */

const UNITS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const UNIT_WORDS = { m: "minute", h: "hour", d: "day" } as const;
type Unit = keyof typeof UNITS;

/** The shortest and longest schedules: a backup reads every row, and a month is the longest sensible gap. */
const MIN_BACKUP_EVERY_MS = 15 * UNITS.m;
const MAX_BACKUP_EVERY_MS = 30 * UNITS.d;

const BACKUP_EVERY_FORMS = "a whole number of minutes, hours or days such as 30m, 6h or 1d, from 15m to 30d";

/** BACKUP_EVERY ("6h", "30m", "1d") in milliseconds, or the problem with it. */
export function parseBackupEvery(value: string): number | { problem: string } {
  const match = /^(\d{1,6})\s*([mhd])$/i.exec(value.trim());
  if (!match) return { problem: `must be ${BACKUP_EVERY_FORMS}` };
  const ms = Number(match[1]) * UNITS[match[2].toLowerCase() as Unit];
  if (ms < MIN_BACKUP_EVERY_MS || ms > MAX_BACKUP_EVERY_MS) return { problem: `must be ${BACKUP_EVERY_FORMS}` };
  return ms;
}

/** "every 6 hours", "every day", "every 90 minutes": the largest unit that divides it. */
export function everyText(ms: number): string {
  const unit = (["d", "h", "m"] as const).find((u) => ms % UNITS[u] === 0) ?? "m";
  const count = Math.round(ms / UNITS[unit]);
  return count === 1 ? `every ${UNIT_WORDS[unit]}` : `every ${count} ${UNIT_WORDS[unit]}s`;
}

/**
 * The start of the slot `now` falls in: slots are `everyMs` long, counted from 1970-01-01 00:00
 * UTC, so every instance agrees on them (6h: 00:00, 06:00, 12:00 and 18:00 UTC, that is 05:00,
 * 11:00, 17:00 and 23:00 in Pakistan).
 */
export function slotStart(now: number, everyMs: number): number {
  return Math.floor(now / everyMs) * everyMs;
}

export function nextSlotStart(now: number, everyMs: number): number {
  return slotStart(now, everyMs) + everyMs;
}

const SCHEDULED = /^scheduled-(\d{8})-(\d{6})\.tar\.gz$/;

/**
 * `scheduled-20260101-060012.tar.gz`, in UTC: apart from the `shop-…` files `npm run backup` writes,
 * which keeping the newest never deletes.
 */
export function scheduledBackupName(at: number): string {
  const stamp = new Date(at).toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return `scheduled-${stamp}.tar.gz`;
}

export function isScheduledBackupName(name: string): boolean {
  return SCHEDULED.test(name);
}

/** The scheduled backups among `names` beyond the newest `keep` (names sort by their time), oldest first. */
export function backupsToRemove(names: readonly string[], keep: number): string[] {
  const scheduled = names.filter(isScheduledBackupName).sort();
  return scheduled.slice(0, Math.max(0, scheduled.length - keep));
}

export const BACKUP_PLACES = ["folder", "bucket"] as const;
export const DEFAULT_BACKUP_KEEP = 14;
export const MAX_BACKUP_KEEP = 1000;

/** Scheduled backups as configured (BACKUP_EVERY, BACKUP_KEEP, BACKUP_TO, BACKUP_DIR). */
export interface BackupSchedule {
  everyMs: number;
  /** How many scheduled backups are kept, the newest. */
  keep: number;
  /** BACKUP_DIR (absolute), or the folder `backups/` of the media bucket (STORAGE_URL). */
  place: { kind: "folder"; dir: string } | { kind: "bucket" };
}

/** What plain admins read on the backups screen and its download. */
export const ACCESS_DENIED_BACKUPS = "Access denied. Only Main Admins can see and download backups.";

/** How the back office says where a scheduled backup stands. */
export const BACKUP_RUN_STATUS_LABELS: Record<BackupRunStatus, string> = {
  running: "Being made",
  succeeded: "Succeeded",
  failed: "Failed",
};
