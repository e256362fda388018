import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { CONFIRMATION_OUTCOMES, ORDER_STATUSES } from "../value-lists";
import { id, createdAt, money } from "./columns.server";
import { user } from "./accounts.server";
import { products } from "./catalogue.server";

/*
 * Orders, what was bought (a snapshot that outlives the product) and each order's history.
 * Money is an integer number of paisa (docs/decisions/0003-money-in-paisa.md).
 */

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
