/** The page numbers a pager offers: the first, the last, and two either side of the current one (null marks a gap). */
export function pageNumbers(page: number, pageCount: number): (number | null)[] {
  const shown = [...new Set([1, pageCount, ...[-2, -1, 0, 1, 2].map((d) => page + d)])].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  return shown.flatMap((n, i) => (i > 0 && n - shown[i - 1] > 1 ? [null, n] : [n]));
}
