ALTER TABLE "orders" ADD COLUMN "call_outcome" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "no_answer_calls" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "items_key" text;--> statement-breakpoint
CREATE INDEX "orders_phone_idx" ON "orders" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "orders_email_idx" ON "orders" USING btree (lower("email"));--> statement-breakpoint
-- Orders confirmed with their customer before this release: their outcomes are in their history
-- (notes worded as customer-contact.ts labels them). The last one is the call state; the unanswered
-- calls are counted (docs/decisions/0054).
UPDATE "orders" o SET
  "call_outcome" = (
    SELECT CASE h."note" WHEN 'Confirmed by phone' THEN 'confirmed-by-phone' WHEN 'No answer' THEN 'no-answer' ELSE 'customer-cancelled' END
    FROM "order_history" h
    WHERE h."order_id" = o."id" AND h."note" IN ('Confirmed by phone', 'No answer', 'Customer cancelled')
    ORDER BY h."created_at" DESC, h."id" DESC
    LIMIT 1
  ),
  "no_answer_calls" = (SELECT count(*) FROM "order_history" h WHERE h."order_id" = o."id" AND h."note" = 'No answer')
WHERE EXISTS (
  SELECT 1 FROM "order_history" h WHERE h."order_id" = o."id" AND h."note" IN ('Confirmed by phone', 'No answer', 'Customer cancelled')
);
--> statement-breakpoint
-- What each order holds, as order-review.ts `itemsKey` writes it for new orders: each line's size
-- (or its name, colour and size) and quantity, in byte order.
UPDATE "orders" o SET "items_key" = (
  SELECT string_agg(k.line || '×' || k.quantity::text, ',' ORDER BY k.line COLLATE "C", k.quantity)
  FROM (
    SELECT coalesce(i."stock_id", i."product_name" || '|' || i."color" || '|' || i."size") AS line, i."quantity"
    FROM "order_items" i WHERE i."order_id" = o."id"
  ) k
);
