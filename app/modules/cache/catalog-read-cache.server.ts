import type { Db } from "~/lib/db.server";
import { LISTS_TAG, productTag } from "./page-cache.server";
import { cardReadCache, catalogReadCache, searchReadCache } from "./read-cache.server";
import {
  getProductDetail,
  listCategories,
  listProductCards,
  readCardRows,
  type CardRowsReader,
  type ListProductsInput,
} from "~/modules/catalog/catalog.server";
import { listFooterCategories, newestCategory } from "~/modules/catalog/catalogue-links.server";

/**
 * The storefront's catalogue reads, kept in memory by each process until a catalogue change notice
 * drops them (read-cache.server.ts), so that a rendered page — a signed-in visitor's, or a page
 * not yet in the page cache — costs no query for what did not change. Tags as the page cache's:
 * `lists` for lists (and product counts), `product:<id>` per product shown; a category change
 * drops everything. Searches are kept apart, in `searchReadCache`; what each product's card shows, in
 * `cardReadCache`.
 */

/** Every category with its product count, newest first. */
export function cachedCategories(db: Db) {
  return catalogReadCache.get("categories", [LISTS_TAG], () => listCategories(db));
}

/** The footer's categories (changed only by a category change, which drops everything). */
export function cachedFooterCategories(db: Db) {
  return catalogReadCache.get("footer-categories", [], () => listFooterCategories(db));
}

export function cachedNewestCategory(db: Db) {
  return catalogReadCache.get("newest-category", [], () => newestCategory(db));
}

/**
 * What the cards of these products show, kept per product until a change to it (its stock, price,
 * name, picture …) or to the categories drops it.
 */
function keptCardRows(db: Db): CardRowsReader {
  return (ids) =>
    cardReadCache.getMany(
      ids,
      (id) => [productTag(id)],
      (missing) => readCardRows(db, missing),
    );
}

/**
 * A page of product cards. A search's page is kept like a list (any product added, renamed or
 * removed may change what it finds; a stock change, its cards), in the memo of searches. Each
 * search still asks the database which products it finds (unless it is kept whole); what their
 * cards show comes from the kept rows.
 */
export function cachedProductCards(db: Db, input: ListProductsInput) {
  const q = input.q?.trim();
  const key = `cards:${input.categoryId ?? ""}:${input.featuredOnly ? "featured" : ""}:${input.sort ?? "newest"}:${input.page ?? 1}:${input.pageSize ?? ""}:${input.withTotal ?? ""}`;
  const tags = (result: Awaited<ReturnType<typeof listProductCards>>) => [LISTS_TAG, ...result.items.map((item) => productTag(item.id))];
  const list = () => listProductCards(db, input, keptCardRows(db));
  if (q) return searchReadCache.get(`${key}:${q}`, tags, list);
  return catalogReadCache.get(key, tags, list);
}

/** A product page's product (a product that does not exist is asked again each time). */
export function cachedProductDetail(db: Db, id: string) {
  return catalogReadCache.get(`product:${id}`, [productTag(id)], () => getProductDetail(db, id));
}
