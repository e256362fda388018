/*
 * How the shop lists products, for the page (in the browser) and for the server alike. Plain
 * values, without zod: the shop's page loads this file, not the schema of its query.
 */

/** How the shop lists products: newest first (the default), or by the price a shopper pays. */
export const SHOP_SORTS = ["newest", "price-asc", "price-desc"] as const;
export type ShopSort = (typeof SHOP_SORTS)[number];
export const SHOP_SORT_LABELS: Record<ShopSort, string> = {
  newest: "Newest",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
};

export const SHOP_PAGE_SIZE = 24;

/**
 * Matches a search counts and lists at most: a search matching more says "More than 1,000" and
 * lists the first 1,000 (docs/decisions/0036).
 */
export const SEARCH_LISTED_MATCHES = 1000;

/**
 * The query part of a shop address (`?q=…&sort=…&page=…`, or '' for the first page of everything,
 * newest first): one way of writing each listing, defaults left out. The page's links use it, and
 * the page cache keys the listing by it (catalog.schema.ts, docs/decisions/0047).
 */
export function shopSearch({ q, sort, page }: { q: string; sort: ShopSort; page: number }): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (sort !== "newest") params.set("sort", sort);
  if (page > 1) params.set("page", String(page));
  const s = params.toString();
  return s ? `?${s}` : "";
}
