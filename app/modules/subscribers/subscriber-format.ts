/** How the back office shows a subscription time: Pakistan time, the same on server and browser; a dash when missing. */
const formatter = new Intl.DateTimeFormat("en-PK", {
  timeZone: "Asia/Karachi",
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

export function formatSubscribedAt(value: Date | string | null | undefined): string {
  if (value == null || value === "") return "-";
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "Invalid Date";
  return formatter.format(date);
}

export const SUBSCRIBERS_PAGE_SIZE = 50;
