/**
 * How the back office shows a subscription time: Pakistan time (UTC+5, no daylight saving), spelt
 * out by hand so the server's and the browser's text are the same whatever their locale data.
 * A dash when missing.
 */
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const PKT_OFFSET_MS = 5 * 60 * 60 * 1000;

export function formatSubscribedAt(value: Date | string | null | undefined): string {
  if (value == null || value === "") return "-";
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "Invalid Date";
  const k = new Date(date.getTime() + PKT_OFFSET_MS);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${k.getUTCDate()} ${MONTHS[k.getUTCMonth()]} ${k.getUTCFullYear()}, ${two(k.getUTCHours())}:${two(k.getUTCMinutes())}`;
}

export const SUBSCRIBERS_PAGE_SIZE = 50;
