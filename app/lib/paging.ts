/** One page of a list: the rows' count, the page shown, how many pages there are, and rows per page. */
export interface Paging {
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
}

/** How many pages `total` rows make: at least one, so an empty list still has its page 1. */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The page a list shows for the one asked for: at least the first, and a page past the end shows
 * the last. With the offset of its first row.
 */
export function pageOf(total: number, requested: number | undefined, pageSize: number): Paging & { offset: number } {
  const pageCount = pageCountOf(total, pageSize);
  const page = Math.min(Math.max(1, Math.floor(requested ?? 1)), pageCount);
  return { total, page, pageCount, pageSize, offset: (page - 1) * pageSize };
}
