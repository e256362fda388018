import { formatAdminDateTime } from "~/lib/admin-date";

/**
 * How the back office shows a subscription time: the back office's one format, a dash when missing.
 * A time that cannot be read says no more than a missing one, so it shows the same dash.
 */
export function formatSubscribedAt(value: Date | string | null | undefined): string {
  return formatAdminDateTime(value, "-", "-");
}

export const SUBSCRIBERS_PAGE_SIZE = 50;
