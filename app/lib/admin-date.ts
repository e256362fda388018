/**
 * Dates and times in the back office, one format everywhere: Pakistan time (Asia/Karachi, UTC+5,
 * no daylight saving), '23 Nov 2026' for a day and '23 Nov 2026, 4:05 pm' for a moment. Spelt out
 * by hand, so the server's page and the browser's agree whatever their locale data. Missing shows
 * 'N/A' and unreadable 'Invalid Date' (callers may choose other marks). The one place that knows
 * Pakistan time: the dashboard's days and periods are counted here too.
 */
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** Pakistan time is UTC+5 all year (no daylight saving). */
export const PKT_OFFSET_MS = 5 * 60 * 60 * 1000;

/** Said once on screens that show times. */
export const TIME_ZONE_NOTE = "Times are Pakistan time (PKT).";

function pakistan(value: string | Date): Date | null {
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : new Date(date.getTime() + PKT_OFFSET_MS);
}

/** A Pakistan calendar day as 'YYYY-MM-DD' (the dashboard's days). */
export function pakistanDay(at: Date): string {
  return new Date(at.getTime() + PKT_OFFSET_MS).toISOString().slice(0, 10);
}

/** A moment as Pakistan time, 'YYYY-MM-DD HH:MM:SS', which spreadsheets read as a date and time (CSV files). */
export function pakistanDateTime(at: Date): string {
  const local = new Date(at.getTime() + PKT_OFFSET_MS).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 19)}`;
}

/** The start of the Pakistan day and month that `now` falls in. */
export function pakistanPeriodStarts(now: Date): { dayStart: Date; monthStart: Date } {
  const local = new Date(now.getTime() + PKT_OFFSET_MS);
  const day = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - PKT_OFFSET_MS;
  const month = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - PKT_OFFSET_MS;
  return { dayStart: new Date(day), monthStart: new Date(month) };
}

function day(k: Date): string {
  return `${k.getUTCDate()} ${MONTHS[k.getUTCMonth()]} ${k.getUTCFullYear()}`;
}

/** A day: '23 Nov 2026'. */
export function formatAdminDate(value: string | Date | null | undefined, missing = "N/A"): string {
  if (value === null || value === undefined || value === "") return missing;
  const k = pakistan(value);
  return k ? day(k) : "Invalid Date";
}

/** A moment (history, messages, subscriptions): '23 Nov 2026, 4:05 pm'. */
export function formatAdminDateTime(value: string | Date | null | undefined, missing = "N/A", unreadable = "Invalid Date"): string {
  if (value === null || value === undefined || value === "") return missing;
  const k = pakistan(value);
  if (!k) return unreadable;
  const hours = k.getUTCHours();
  const minutes = String(k.getUTCMinutes()).padStart(2, "0");
  return `${day(k)}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? "am" : "pm"}`;
}
