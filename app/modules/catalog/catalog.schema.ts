import { z } from "zod";
import { pageParam } from "~/lib/typed-numbers";

/** How the shop lists products: newest first (the default), or by the price a shopper pays. */
export const SHOP_SORTS = ["newest", "price-asc", "price-desc"] as const;
export type ShopSort = (typeof SHOP_SORTS)[number];
export const SHOP_SORT_LABELS: Record<ShopSort, string> = {
  newest: "Newest",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
};

/** Query of the shop listing: `?q=…&sort=…&page=…` (and `category` from the no-JavaScript filter form). */
export const shopQuerySchema = z.object({
  q: z.string().trim().max(100).catch("").default(""),
  sort: z.enum(SHOP_SORTS).catch("newest").default("newest"),
  page: pageParam(10_000),
  category: z.string().trim().max(64).optional().catch(undefined),
});

export const SHOP_PAGE_SIZE = 24;
/**
 * Matches a search counts and lists at most: a search matching more says "More than 1,000" and
 * lists the first 1,000 (docs/decisions/0036).
 */
export const SEARCH_LISTED_MATCHES = 1000;
