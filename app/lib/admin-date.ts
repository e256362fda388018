/**
 * Dates in the back office: shown in the shop's own time zone, so the server's page and the
 * browser's agree. Missing shows 'N/A', unreadable shows 'Invalid Date'.
 */
const dateFormat = new Intl.DateTimeFormat("en-PK", { timeZone: "Asia/Karachi", day: "numeric", month: "short", year: "numeric" });

export function formatAdminDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === "") return "N/A";
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "Invalid Date";
  return dateFormat.format(date);
}

const dateTimeFormat = new Intl.DateTimeFormat("en-PK", {
  timeZone: "Asia/Karachi",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});

/** A moment in the back office (history, messages): date and time, Pakistan time. */
export function formatAdminDateTime(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === "") return "N/A";
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "Invalid Date";
  return dateTimeFormat.format(date);
}
