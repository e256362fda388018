import * as z from "zod/mini";
import { pageParam } from "~/lib/typed-numbers";
import { SHOP_SORTS, shopSearch } from "./shop-listing";

/** Query of the shop listing: `?q=…&sort=…&page=…` (and `category` from the no-JavaScript filter form). */
const shopQuerySchema = z.object({
  q: z._default(z.catch(z.string().check(z.trim(), z.maxLength(100)), ""), ""),
  sort: z._default(z.catch(z.enum(SHOP_SORTS), "newest"), "newest"),
  page: pageParam(10_000),
  category: z.catch(z.optional(z.string().check(z.trim(), z.maxLength(64))), undefined),
});

/** The shop's query as its page reads it from an address (repeated parameters: the last one). */
export function shopQueryOf(params: URLSearchParams) {
  return shopQuerySchema.parse(Object.fromEntries(params));
}

/**
 * What of an address changes a shop page, written one way: its query as the page reads it, defaults
 * left out, nothing else (the page cache's key, docs/decisions/0047: `/shop?utm_source=x&sort=bogus`
 * is `/shop`). `category` changes only /shop's answer (a redirect to the category's address); a
 * category's page does not read it.
 */
export function shopPageQuery(params: URLSearchParams, page: "shop" | "category"): URLSearchParams {
  const query = shopQueryOf(params);
  const read = new URLSearchParams(shopSearch(query));
  if (page === "shop" && query.category !== undefined) read.set("category", query.category);
  return read;
}
