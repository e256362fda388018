/**
 * A moment in the back office, with its time, in the shop's own time zone (Pakistan), so the
 * server's page and the browser's agree. Missing shows 'N/A', unreadable shows 'Invalid Date'.
 */
const dateTimeFormat = new Intl.DateTimeFormat("en-PK", {
  timeZone: "Asia/Karachi",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
});

export function formatAdminDateTime(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === "") return "N/A";
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "Invalid Date";
  return dateTimeFormat.format(date);
}
