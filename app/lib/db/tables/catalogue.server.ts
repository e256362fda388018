import { sql } from "drizzle-orm";
import { boolean, check, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { MEDIA_KINDS, STOCK_MOVEMENT_REASONS } from "../value-lists";
import { id, createdAt, money } from "./columns.server";

/*
 * The catalogue: categories, products with their variants, stock and media, and the trail of stock
 * changes. Money is an integer number of paisa (docs/decisions/0003-money-in-paisa.md).
 */

export const categories = pgTable("categories", {
  id: id(),
  name: text("name").notNull(),
  /** Storage key of the category image (resized WebP set), or null. */
  imageKey: text("image_key"),
  createdAt: createdAt(),
});

export const products = pgTable(
  "products",
  {
    id: id(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    code: text("code").notNull().default(""),
    /** 0 means no rating yet. */
    rating: doublePrecision("rating").notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }),
    /**
     * What the storefront search reads: name and description, lower-cased, kept by the database.
     * Its trigram index finds `LIKE '%…%'` matches without reading the table (docs/decisions/0023).
     */
    searchText: text("search_text").generatedAlwaysAs(sql`lower(name || E'\\n' || description)`),
  },
  (t) => [
    index("products_created_at_idx").on(t.createdAt),
    // Written through at once (no pending list), so that the planner and every search see a
    // compact index even right after a bulk load.
    index("products_search_text_idx").using("gin", t.searchText.op("gin_trgm_ops")).with({ fastupdate: false }),
  ],
);

/**
 * Every word of three letters or more that a product's name or description has held, lower-cased:
 * the list a misspelt search word is corrected from. Filled by a trigger on products (migration
 * 0006); words of deleted products stay (docs/decisions/0023).
 */
export const searchWords = pgTable("search_words", { word: text("word").primaryKey() }, (t) => [
  index("search_words_word_idx").using("gin", t.word.op("gin_trgm_ops")).with({ fastupdate: false }),
]);

export const productCategories = pgTable(
  "product_categories",
  {
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    /** Order of the categories on the product; the first names the product's category. */
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.categoryId] }), index("product_categories_category_idx").on(t.categoryId)],
);

export const variants = pgTable(
  "variants",
  {
    id: id(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    name: text("name").notNull(),
    soleColor: text("sole_color").notNull().default(""),
    price: money("price").notNull(),
    inOffer: boolean("in_offer").notNull().default(false),
    discountPrice: money("discount_price").notNull().default(0),
  },
  (t) => [index("variants_product_idx").on(t.productId), check("variants_price_nonnegative", sql`${t.price} >= 0 and ${t.discountPrice} >= 0`)],
);

/** Stock of one size of one variant. The guarded UPDATE on `qty` is the lock against overselling. */
export const stock = pgTable(
  "stock",
  {
    id: id(),
    variantId: text("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    size: text("size").notNull().default(""),
    qty: integer("qty").notNull().default(0),
  },
  (t) => [index("stock_variant_idx").on(t.variantId), check("stock_qty_nonnegative", sql`${t.qty} >= 0`)],
);

/** Images and videos of a variant, in display order. */
export const media = pgTable(
  "media",
  {
    id: id(),
    variantId: text("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: MEDIA_KINDS }).notNull(),
    position: integer("position").notNull().default(0),
    /** Storage key; images are stored as `{key}-{width}.webp` for each width in `widths`. */
    storageKey: text("storage_key").notNull(),
    widths: integer("widths")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    width: integer("width"),
    height: integer("height"),
    contentType: text("content_type").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("media_variant_idx").on(t.variantId)],
);

/** Trail of every stock change: orders, cancellations, staff edits. */
export const stockMovements = pgTable(
  "stock_movements",
  {
    id: id(),
    stockId: text("stock_id").references(() => stock.id, { onDelete: "set null" }),
    delta: integer("delta").notNull(),
    reason: text("reason", { enum: STOCK_MOVEMENT_REASONS }).notNull(),
    orderId: text("order_id"),
    /** The staff member who made the movement (adjustments, cancels, reinstatements); none for an order. */
    changedBy: text("changed_by"),
    createdAt: createdAt(),
  },
  (t) => [index("stock_movements_order_idx").on(t.orderId)],
);
