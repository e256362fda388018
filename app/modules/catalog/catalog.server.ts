import { and, asc, count, desc, eq, exists, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { categories, productCategories, products, stock, variants } from "~/lib/db/tables/catalogue.server";
import { DomainError } from "~/lib/errors";
import { jsonValue } from "~/lib/db/json-value";
import type { StoredImage } from "~/modules/media/media-url";
import { isNew } from "./product-rules";
import type { CategorySummary, ProductCard, ProductDetail } from "./catalog-views";
import { closeMatch, containsText, nameContains } from "./product-search.server";
import { readProductRows } from "./product-rows.server";
import { hasDiscount, unitPrice } from "./pricing";
import { SEARCH_LISTED_MATCHES, type ShopSort } from "./shop-listing";

export const UNNAMED_CATEGORY = "Unnamed Category";
const UNCATEGORIZED = "Uncategorized";

// ------------------------------------------------------------------ rules as SQL

/**
 * SQL mirror of `hasDiscount` in pricing.ts, for filtering in the database (featured products).
 * catalog.integration.test.ts checks both agree on every edge case.
 */
function variantOnOfferSql(v: typeof variants = variants): SQL {
  return sql`(${v.inOffer} and ${v.discountPrice} > 0 and ${v.discountPrice} < ${v.price})`;
}

/**
 * The price a card shows, in SQL (for sorting by price): the lowest price a shopper pays over the
 * variants still in stock, else over all of them (as toCards picks it).
 */
const unitPriceSql = sql`case when ${variantOnOfferSql()} then ${variants.discountPrice} else ${variants.price} end`;
const lowestUnitPriceSql = sql`coalesce(
  (select min(${unitPriceSql}) from ${variants} where ${variants.productId} = ${products.id}
     and exists (select 1 from ${stock} where ${stock.variantId} = ${variants.id} and ${stock.qty} > 0)),
  (select min(${unitPriceSql}) from ${variants} where ${variants.productId} = ${products.id}))`;

const toImage = (row: { storageKey: string; widths: number[] }): StoredImage => ({
  key: row.storageKey,
  widths: row.widths,
});

// ------------------------------------------------------------------ categories

export async function listCategories(db: Db): Promise<CategorySummary[]> {
  const rows = await db
    .select({
      id: categories.id,
      name: categories.name,
      imageKey: categories.imageKey,
      createdAt: categories.createdAt,
      // Counted per category through its index rather than by grouping every link of the shop.
      productCount: sql<number>`(select count(*) from ${productCategories} where ${productCategories.categoryId} = ${categories.id})::int`,
    })
    .from(categories)
    .orderBy(desc(categories.createdAt), asc(categories.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name.trim() || UNNAMED_CATEGORY,
    image: r.imageKey ? { key: r.imageKey, widths: CATEGORY_IMAGE_WIDTHS } : null,
    createdAt: r.createdAt.toISOString(),
    productCount: Number(r.productCount),
  }));
}

export const CATEGORY_IMAGE_WIDTHS = [320, 640];

export async function getCategory(db: Db, id: string) {
  const [row] = await db.select().from(categories).where(eq(categories.id, id)).limit(1);
  return row;
}

// ------------------------------------------------------------------ product listings

export interface ListProductsInput {
  q?: string;
  categoryId?: string;
  featuredOnly?: boolean;
  page?: number;
  pageSize?: number;
  now?: Date;
  /**
   * Counting every match costs a scan; a list that shows no total (the home page) passes false and
   * gets as `total` only the number of items returned.
   */
  withTotal?: boolean;
  /** Newest first (the default), or by the lowest price a shopper pays for the product. */
  sort?: ShopSort;
}

export interface ProductCardsPage {
  items: ProductCard[];
  /** Products counted; for a search, at most SEARCH_LISTED_MATCHES. */
  total: number;
  /** True when a search matched more products than it lists: the page says "More than". */
  more: boolean;
  page: number;
  pageSize: number;
  /**
   * True when nothing contained the search as typed and these products hold its words, or words
   * close to them ("walet" finds wallets): see product-search.server.ts.
   */
  closeMatches: boolean;
}

/**
 * What the cards of these products show, read by id: a map from each id found to its row (a
 * product removed meanwhile is left out). The storefront passes one that keeps rows per product
 * (cache/catalog-read-cache.server.ts); tests and scripts read them afresh.
 */
export type CardRowsReader = (ids: string[]) => Promise<Map<string, CardRow>>;

/**
 * One page of product cards. Without a search, newest first. With one, matches come from the
 * trigram index (docs/decisions/0023): names before descriptions, then newest; when nothing
 * matches as typed, products with close words, closest first. A search matching more than
 * SEARCH_LISTED_MATCHES lists that many, newest first (docs/decisions/0036). The page's products
 * are chosen first, by id; what their cards show comes from `cardRows` (docs/decisions/0037).
 */
export async function listProductCards(
  db: Db,
  input: ListProductsInput,
  cardRows: CardRowsReader = (ids) => readCardRows(db, ids),
): Promise<ProductCardsPage> {
  const pageSize = Math.min(Math.max(input.pageSize ?? 24, 1), 100);
  const page = Math.max(input.page ?? 1, 1);
  const filters: SQL[] = [];
  if (input.categoryId) {
    filters.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(productCategories)
          .where(and(eq(productCategories.productId, products.id), eq(productCategories.categoryId, input.categoryId))),
      ),
    );
  }
  if (input.featuredOnly) {
    filters.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(variants)
          .where(and(eq(variants.productId, products.id), variantOnOfferSql())),
      ),
    );
  }

  const byPrice =
    input.sort === "price-asc"
      ? sql`${lowestUnitPriceSql} asc nulls last`
      : input.sort === "price-desc"
        ? sql`${lowestUnitPriceSql} desc nulls last`
        : undefined;
  const find = async (match: SQL | undefined, relevance: SQL[]): Promise<Found> => {
    const conditions = match ? [match, ...filters] : filters;
    const condition = conditions.length ? and(...conditions) : undefined;
    const order = [...(byPrice ? [byPrice] : relevance), desc(products.createdAt), asc(products.id)];
    const counted = input.withTotal !== false;
    const countAll = () => db.select({ total: count() }).from(products).where(condition);
    if (match) return findMatches(db, { condition: and(match, ...filters)!, order, byPrice: Boolean(byPrice), page, pageSize });
    // A list walks the newest-first index and stops after its page: the count is its own query.
    const [ids, total] = await Promise.all([
      readPageIds(db, sql`select * from ${products} where ${condition ?? sql`true`}`, order, pageSize, (page - 1) * pageSize),
      counted ? countAll() : Promise.resolve(undefined),
    ]);
    return { ids, total: total ? Number(total[0].total) : ids.length, more: false };
  };

  const q = input.q?.trim();
  let closeMatches = false;
  let found;
  if (!q) {
    found = await find(undefined, []);
  } else {
    found = await find(containsText(q), [desc(nameContains(q))]);
    if (found.total === 0) {
      const close = await closeMatch(db, q);
      if (close) {
        found = await find(close.where, [desc(close.score)]);
        closeMatches = found.total > 0;
      }
    }
  }
  const rows = await cardRows(found.ids);
  const items = toCards(
    found.ids.flatMap((id) => rows.get(id) ?? []),
    input.now ?? new Date(),
  );
  return { items, total: found.total, more: found.more, page, pageSize, closeMatches };
}

interface Found {
  /** The page's products, in order. */
  ids: string[];
  /** Matches counted, at most SEARCH_LISTED_MATCHES for a search. */
  total: number;
  /** True when a search matched more than it lists (`total` is then SEARCH_LISTED_MATCHES). */
  more: boolean;
}

/**
 * Products read newest first by a search with more than SEARCH_LISTED_MATCHES matches, looking for
 * its page among this many of the newest products before reading every match (docs/decisions/0036).
 */
const NEWEST_WINDOW = 3000;

/**
 * A page of a search's matches (docs/decisions/0036). Matches are counted up to
 * SEARCH_LISTED_MATCHES and one more: reading every match of a common word in a large catalogue
 * costs as much as the catalogue. Up to that many, they are listed in the order asked (names
 * holding the search first). Past it, the first SEARCH_LISTED_MATCHES by price, or newest first:
 * found among the newest products while they hold enough of the page, else from all matches.
 *
 * The count and the page come in one statement: each way of listing the page is a subquery the
 * database runs only when the count calls for it.
 */
async function findMatches(
  db: Db,
  { condition, order, byPrice, page, pageSize }: { condition: SQL; order: SQL[]; byPrice: boolean; page: number; pageSize: number },
): Promise<Found> {
  const cap = SEARCH_LISTED_MATCHES;
  const offset = (page - 1) * pageSize;
  // The page numbers end at the last listed match: a page past it lists nothing.
  const limit = Math.max(0, Math.min(pageSize, cap - offset));
  const newest = [desc(products.createdAt), asc(products.id)];
  const matches = sql`select * from ${products} where ${condition}`;
  const newestMatches = sql`select * from (select * from ${products} order by ${sql.join(newest, sql`, `)} limit ${NEWEST_WINDOW}) as ${products} where ${condition}`;
  const listed = byPrice ? sql`true` : sql`counted.n <= ${cap}`;
  const windowed = byPrice ? sql`false` : sql`counted.n > ${cap}`;
  const result = (await db.execute(sql`
    select counted.n,
      case when ${listed} then array(${pageIdsSql(matches, order, limit, offset)}) end as listed,
      case when ${windowed} then array(${pageIdsSql(newestMatches, newest, limit, offset)}) end as windowed
    from (select count(*)::int as n from (select 1 from ${products} where ${condition} limit ${cap + 1}) as capped) as counted`)) as {
    rows: { n: number | string; listed: string[] | null; windowed: string[] | null }[];
  };
  const [row] = result.rows;
  const n = Number(row.n);
  const more = n > cap;
  const total = Math.min(n, cap);
  if (row.listed) return { ids: row.listed, total, more };
  if (row.windowed && row.windowed.length === limit) return { ids: row.windowed, total, more };
  // Too few among the newest: every match is read, then sorted. `offset 0` keeps the planner from
  // walking the newest-first index through the whole catalogue instead.
  const ids = await readPageIds(db, sql`select * from (select * from ${products} where ${condition} offset 0) as ${products}`, newest, limit, offset);
  return { ids, total, more };
}

/**
 * What a card shows: the product row's own columns, and its category, variants (with their stock)
 * and picture, read in one statement for a page's products (readCardRows). Written out with table
 * aliases, naming the outer table `products`: drizzle leaves a single table's columns
 * unqualified, and inside these subqueries an unqualified "id" would name the inner table's.
 */
const cardDetails = {
  categoryName: sql<string | null>`(select c.name from product_categories pc join categories c on c.id = pc.category_id
    where pc.product_id = products.id order by pc.position, c.name limit 1)`,
  variants: sql<unknown>`coalesce((select json_agg(json_build_object(
      'id', v.id, 'price', v.price, 'inOffer', v.in_offer, 'discountPrice', v.discount_price,
      'qty', (select coalesce(sum(s.qty), 0) from stock s where s.variant_id = v.id)) order by v.position, v.id)
    from variants v where v.product_id = products.id), '[]')`,
  image: sql<unknown>`(select json_build_object('key', m.storage_key, 'widths', m.widths)
    from media m where m.kind = 'image' and m.variant_id =
      (select v.id from variants v where v.product_id = products.id order by v.position, v.id limit 1)
    order by m.position, m.id limit 1)`,
};
/** A card's columns, read from the products table. */
const cardRow = {
  id: sql`${products.id}`.mapWith(products.id),
  name: sql`${products.name}`.mapWith(products.name),
  rating: sql`${products.rating}`.mapWith(products.rating),
  createdAt: sql`${products.createdAt}`.mapWith(products.createdAt),
  ...cardDetails,
};

/**
 * The ids of one page of `rows` (a select of whole product rows, every column as the table names
 * it) in `order`, as a statement of its own or a subquery.
 */
function pageIdsSql(rows: SQL, order: SQL[], limit: number, offset: number): SQL {
  const byOrder = sql.join(order, sql`, `);
  return sql`select ${products.id} from (${rows} order by ${byOrder} limit ${limit} offset ${offset}) as ${products} order by ${byOrder}`;
}

async function readPageIds(db: Db, rows: SQL, order: SQL[], limit: number, offset: number): Promise<string[]> {
  const found = (await db.execute(pageIdsSql(rows, order, limit, offset))) as { rows: { id: string }[] };
  return found.rows.map((r) => r.id);
}

/** What the cards of these products show (CardRowsReader), read in one statement. */
export async function readCardRows(db: Db, ids: string[]): Promise<Map<string, CardRow>> {
  if (ids.length === 0) return new Map();
  const rows = (await db.select(cardRow).from(products).where(inArray(products.id, ids))) as CardRow[];
  return new Map(rows.map((row) => [row.id, row]));
}

export type CardRow = Pick<typeof products.$inferSelect, "id" | "name" | "rating" | "createdAt"> & {
  categoryName: string | null;
  variants: unknown;
  image: unknown;
};

/** A variant as a card weighs it: its prices and the stock left of all its sizes. */
interface CardVariant {
  id: string;
  price: number;
  inOffer: boolean;
  discountPrice: number;
  qty: number;
}

/**
 * Builds cards for product rows. A card tells the truth about every variant: the lowest price a
 * shopper pays ("from" when variants differ, preferring variants still in stock), a sale marker when
 * any variant is on offer, and "Out of Stock" only when nothing at all is left. Its picture is the
 * first variant's.
 */
function toCards(rows: CardRow[], now: Date): ProductCard[] {
  return rows.map((p) => {
    const all = (jsonValue<CardVariant[] | undefined>(p.variants) ?? []).map((v) => ({
      ...v,
      price: Number(v.price),
      discountPrice: Number(v.discountPrice),
      qty: Number(v.qty),
    }));
    const inStock = all.filter((v) => v.qty > 0);
    const cheapest = [...(inStock.length ? inStock : all)].sort((a, b) => unitPrice(a) - unitPrice(b))[0];
    const categoryName = p.categoryName ?? undefined;
    const image = jsonValue<{ key: string; widths: number[] } | null | undefined>(p.image);
    return {
      id: p.id,
      name: p.name,
      categoryName: categoryName === undefined ? UNCATEGORIZED : categoryName.trim() || UNNAMED_CATEGORY,
      rating: p.rating,
      price: cheapest?.price ?? 0,
      inOffer: cheapest?.inOffer ?? false,
      discountPrice: cheapest?.discountPrice ?? 0,
      priceVaries: new Set(all.map(unitPrice)).size > 1,
      onSale: all.some(hasDiscount),
      outOfStock: inStock.length === 0,
      isNew: isNew(p.createdAt, now),
      image: image ? toImage({ storageKey: image.key, widths: image.widths }) : null,
    };
  });
}

// ------------------------------------------------------------------ one product

export async function getProductDetail(db: Db, id: string): Promise<ProductDetail> {
  const rows = await readProductRows(db, id);
  if (!rows) throw new DomainError("NOT_FOUND", "Product not found");
  const { product: p, categoryRows, variantRows, stockRows, mediaRows } = rows;
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    code: p.code,
    rating: p.rating,
    reviewCount: p.reviewCount,
    createdAt: p.createdAt.toISOString(),
    categories: categoryRows.map((c) => ({ id: c.id, name: c.name.trim() || UNNAMED_CATEGORY })),
    variants: variantRows.map((v) => ({
      id: v.id,
      name: v.name,
      soleColor: v.soleColor,
      price: v.price,
      inOffer: v.inOffer,
      discountPrice: v.discountPrice,
      stock: stockRows.filter((s) => s.variantId === v.id).map((s) => ({ id: s.id, size: s.size, qty: s.qty })),
      images: mediaRows
        .filter((m) => m.variantId === v.id && m.kind === "image")
        .map((m) => ({ id: m.id, ...toImage(m), width: m.width, height: m.height })),
      videos: mediaRows
        .filter((m) => m.variantId === v.id && m.kind === "video")
        .map((m) => ({ id: m.id, key: m.storageKey, contentType: m.contentType })),
    })),
  };
}
