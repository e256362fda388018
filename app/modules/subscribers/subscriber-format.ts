import { formatAdminDateTime } from "~/lib/admin-date";

/** How the back office shows a subscription time: the back office's one format, a dash when missing. */
export function formatSubscribedAt(value: Date | string | null | undefined): string {
  return formatAdminDateTime(value, "-");
}

export const SUBSCRIBERS_PAGE_SIZE = 50;
