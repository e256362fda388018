/**
 * Dates in the back office: shown in the shop's own time zone, so the server's page and the
 * browser's agree. Missing shows 'N/A', unreadable shows 'Invalid Date'.
 */
const dateFormat = new Intl.DateTimeFormat("en-PK", { timeZone: "Asia/Karachi", day: "numeric", month: "short", year: "numeric" });

const dateTimeFormat = new Intl.DateTimeFormat("en-PK", {
  timeZone: "Asia/Karachi",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
});

function formatWith(format: Intl.DateTimeFormat, value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === "") return "N/A";
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "Invalid Date";
  return format.format(date);
}

/** A day: '23 Nov 2026'. */
export function formatAdminDate(value: string | Date | null | undefined): string {
  return formatWith(dateFormat, value);
}

/** A moment (history, messages): '23 Nov 2026, 4:05 pm'. */
export function formatAdminDateTime(value: string | Date | null | undefined): string {
  return formatWith(dateTimeFormat, value);
}
