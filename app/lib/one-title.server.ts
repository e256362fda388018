/**
 * A page's head holds one `<title>`. An error boundary names its page itself (`PageTitle`:
 * "Category not found"), and React writes that title after the one the routes' `meta` gave (the
 * shop's "Shop all leather goods"), where the browser's tab would show the first. So the head keeps
 * the last title only: the boundary's when there is one.
 */
const TITLE = /<title>[^<]*<\/title>/g;

export function withOneTitle(head: string): string {
  const titles = head.match(TITLE);
  if (!titles || titles.length < 2) return head;
  let left = titles.length - 1;
  return head.replace(TITLE, (title) => (left-- > 0 ? "" : title));
}
