import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { newId } from "../ids";
import {
  BACKUP_RUN_STATUSES,
  CONFIRMATION_OUTCOMES,
  MEDIA_KINDS,
  ORDER_STATUSES,
  STOCK_MOVEMENT_REASONS,
  SUBMISSION_STATUSES,
  TRASH_KINDS,
  USER_ROLES,
} from "./value-lists";

/*
 * The relational model of the whole shop. Money is always an integer number of paisa
 * (1 PKR = 100 paisa) in a bigint column, never a float: see docs/decisions/0003-money-in-paisa.md.
 */

const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => newId());
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const money = (name: string) => bigint(name, { mode: "number" });

// ---------------------------------------------------------------- catalogue

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

// ---------------------------------------------------------------- orders

export const orders = pgTable(
  "orders",
  {
    id: id(),
    /** The shopper-facing number: 'ORD-' plus a millisecond timestamp, unique. */
    orderNumber: text("order_number").notNull(),
    idempotencyKey: text("idempotency_key"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    alternatePhone: text("alternate_phone").notNull().default(""),
    streetAddress: text("street_address").notNull(),
    apartment: text("apartment").notNull().default(""),
    city: text("city").notNull(),
    state: text("state").notNull(),
    zipCode: text("zip_code").notNull(),
    country: text("country").notNull().default("Pakistan"),
    landmark: text("landmark").notNull().default(""),
    notes: text("notes").notNull().default(""),
    paymentMethod: text("payment_method").notNull().default("cod"),
    subtotal: money("subtotal").notNull(),
    tax: money("tax").notNull(),
    shipping: money("shipping").notNull().default(0),
    total: money("total").notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("confirmed"),
    courier: text("courier"),
    trackingNumber: text("tracking_number"),
    /**
     * What the last call or message to confirm the order came to (null: nobody has called yet), and
     * how many calls went unanswered; each outcome is in the order's history too (docs/decisions/0054).
     */
    callOutcome: text("call_outcome", { enum: CONFIRMATION_OUTCOMES }),
    noAnswerCalls: integer("no_answer_calls").notNull().default(0),
    /** What the order holds, as one text (order-review.ts `itemsKey`): a likely duplicate has the same. */
    itemsKey: text("items_key"),
    /** The account signed in when the order was placed (null for a guest); its "My orders" lists it. */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("orders_order_number_idx").on(t.orderNumber),
    index("orders_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("orders_idempotency_key_idx").on(t.idempotencyKey),
    index("orders_created_at_idx").on(t.createdAt),
    index("orders_status_idx").on(t.status),
    // The customer's other orders, by phone (stored normalised) and by e-mail whatever its case.
    index("orders_phone_idx").on(t.phone, t.createdAt),
    index("orders_email_idx").on(sql`lower(${t.email})`),
  ],
);

/** A snapshot of what was bought: it survives later edits or deletion of the product. */
export const orderItems = pgTable(
  "order_items",
  {
    id: id(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: text("product_id").references(() => products.id, { onDelete: "set null" }),
    /*
     * Plain references, no foreign keys: a snapshot outlives the variant and size it was taken
     * from (deleting a product cascades to both). stockId is how a cancellation finds the size to
     * restock, when it still exists.
     */
    variantId: text("variant_id"),
    stockId: text("stock_id"),
    productName: text("product_name").notNull(),
    variantName: text("variant_name").notNull().default(""),
    productImage: text("product_image").notNull().default(""),
    color: text("color").notNull().default(""),
    size: text("size").notNull().default(""),
    quantity: integer("quantity").notNull(),
    /** Regular price at purchase. */
    price: money("price").notNull(),
    /** Discounted price at purchase, or null when no discount applied. */
    discountPrice: money("discount_price"),
    unitPrice: money("unit_price").notNull(),
    lineTotal: money("line_total").notNull(),
  },
  (t) => [index("order_items_order_idx").on(t.orderId)],
);

export const orderHistory = pgTable(
  "order_history",
  {
    id: id(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    changedBy: text("changed_by"),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("order_history_order_idx").on(t.orderId)],
);

// ---------------------------------------------------------------- messages and subscribers

export const contactSubmissions = pgTable(
  "contact_submissions",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull().default(""),
    subject: text("subject").notNull().default("other"),
    message: text("message").notNull(),
    status: text("status", { enum: SUBMISSION_STATUSES }).notNull().default("new"),
    read: boolean("read").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }),
  },
  (t) => [index("contact_submissions_created_at_idx").on(t.createdAt)],
);

export const subscribers = pgTable(
  "subscribers",
  {
    id: id(),
    email: text("email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("subscribers_email_lower_idx").on(sql`lower(${t.email})`)],
);

// ---------------------------------------------------------------- mail outbox

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: id(),
    to: text("to").notNull(),
    /** The recipient's name, shown beside the address. */
    toName: text("to_name").notNull().default(""),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull().default(""),
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("mail_outbox_pending_idx").on(t.status, t.nextAttemptAt)],
);

// ---------------------------------------------------------------- accounts (better-auth tables)

/** The profile. No password here: credentials live in `account`, hashed. */
export const user = pgTable(
  "user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    gender: text("gender").notNull().default(""),
    numberCode: text("number_code").notNull().default("+92"),
    number: text("number").notNull().default(""),
    role: text("role", { enum: USER_ROLES }).notNull().default("user"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("user_email_idx").on(t.email), index("user_role_idx").on(t.role)],
);

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [uniqueIndex("session_token_idx").on(t.token), index("session_user_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    /** scrypt hash, never the password itself. */
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_user_idx").on(t.userId)],
);

/**
 * A customer's address book (docs/decisions/0057): delivery addresses as the checkout form takes
 * them. At most one per account is the default (a partial unique index), which fills checkout.
 */
export const addresses = pgTable(
  "addresses",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    streetAddress: text("street_address").notNull(),
    apartment: text("apartment").notNull().default(""),
    city: text("city").notNull(),
    state: text("state").notNull(),
    zipCode: text("zip_code").notNull(),
    country: text("country").notNull().default("Pakistan"),
    landmark: text("landmark").notNull().default(""),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("addresses_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("addresses_one_default_idx")
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

export const verification = pgTable("verification", {
  id: text("id").primaryKey(),
  identifier: text("identifier").notNull(),
  value: text("value").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Attempts counted per key (`login:acct+addr:<email>|<address>` …) within a fixed window that starts
 * at the first attempt; see app/lib/rate-limit.server.ts. Rows whose window has ended are pruned.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    resetsAt: timestamp("resets_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_resets_at_idx").on(t.resetsAt)],
);

/** Shop-wide settings the application generates itself (e.g. the session-signing secret). */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});

/**
 * Records brought over from the original shop's export (`npm run import`): which row here each
 * original document became, so that importing the same export again changes nothing. `sourceHash`
 * is a digest of the original document as last imported: a document that changed since is updated.
 * See docs/decisions/0028-importing-the-original-shop.md.
 */
export const importedRecords = pgTable(
  "imported_records",
  {
    collection: text("collection").notNull(),
    sourceId: text("source_id").notNull(),
    targetId: text("target_id").notNull(),
    sourceHash: text("source_hash").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.collection, t.sourceId] }), index("imported_records_target_idx").on(t.collection, t.targetId)],
);

/**
 * Scheduled backups, one row per slot of the schedule (BACKUP_EVERY): the instance that inserts a
 * slot's row takes that backup, every other finds the slot taken. Heartbeats tell a run still
 * going from one whose process stopped. About this place, not the shop's data: backups leave it
 * out. See docs/decisions/0051-scheduled-backups.md.
 */
export const backupRuns = pgTable(
  "backup_runs",
  {
    id: id(),
    /** The start of the schedule's slot (a multiple of BACKUP_EVERY since 1970 UTC). */
    slot: timestamp("slot", { withTimezone: true }).notNull(),
    status: text("status", { enum: BACKUP_RUN_STATUSES }).notNull().default("running"),
    /** Which process ran it (host, process id, worker). */
    instance: text("instance").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** Where the file went: a path, or s3://bucket/key. */
    location: text("location"),
    bytes: bigint("bytes", { mode: "number" }),
    /** Problems `npm run check-data` found first; null when the check could not run. */
    checkProblems: integer("check_problems"),
    /** The check's findings (or why it could not run), as lines. */
    checkReport: text("check_report"),
    error: text("error"),
  },
  (t) => [uniqueIndex("backup_runs_slot_idx").on(t.slot), index("backup_runs_started_at_idx").on(t.startedAt)],
);

// ---------------------------------------------------------------- trash

/**
 * What the back office deleted, kept for 30 days: the rows it was (and those that belonged to it),
 * as the database wrote them, to be put back exactly; its media files stay in storage until the
 * entry is purged. See docs/decisions/0053-trash.md.
 */
export const trash = pgTable(
  "trash",
  {
    id: id(),
    kind: text("kind", { enum: TRASH_KINDS }).notNull(),
    /** The id the deleted row had (and has again once restored). */
    itemId: text("item_id").notNull(),
    /** What the Trash shows it as: a product's or category's name, an e-mail. */
    name: text("name").notNull(),
    /** `{ rows: { <table>: [row, …] }, links: { … } }`: rows as `to_jsonb` wrote them. */
    snapshot: jsonb("snapshot").notNull(),
    /** The media files that belong to it (StoredMediaFile[]), deleted from storage when it is purged. */
    files: jsonb("files").notNull().default([]),
    /** Who deleted it: a plain reference and the name then (the account may be gone since). */
    deletedBy: text("deleted_by"),
    deletedByName: text("deleted_by_name").notNull().default(""),
    deletedAt: timestamp("deleted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("trash_kind_item_idx").on(t.kind, t.itemId), index("trash_deleted_at_idx").on(t.deletedAt)],
);

export const schema = {
  categories,
  products,
  searchWords,
  productCategories,
  variants,
  stock,
  media,
  stockMovements,
  orders,
  orderItems,
  orderHistory,
  contactSubmissions,
  subscribers,
  mailOutbox,
  user,
  session,
  account,
  verification,
  rateLimits,
  appSettings,
  importedRecords,
  backupRuns,
  trash,
};
