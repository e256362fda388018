import type { CacheablePage } from "./page-cache.server";
import { shopPageQuery } from "~/modules/catalog/catalog.schema";

/**
 * The storefront pages the page cache keeps (docs/decisions/0022), each with the query parameters
 * it reads, declared where the page reads them (docs/decisions/0047): a page not listed here is
 * never kept, a parameter not read by its page is left out of the key. `.data` is each page's data
 * for client-side navigation (`/_root.data` the home page's).
 */
export const CACHEABLE_PAGES: readonly CacheablePage[] = [
  { path: /^\/(_root\.data)?$/ },
  { path: /^\/(about|catalog|contact)(\.data)?$/ },
  { path: /^\/product\/[^/]+$/ },
  { path: /^\/shop(\.data)?$/, query: (params) => shopPageQuery(params, "shop") },
  { path: /^\/shop\/category\/[^/]+$/, query: (params) => shopPageQuery(params, "category") },
];

/** The part of the page cache's size one page's addresses (sorts, pages) may hold together. */
export const PAGE_SHARE = 1 / 8;
