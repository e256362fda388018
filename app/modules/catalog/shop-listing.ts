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
