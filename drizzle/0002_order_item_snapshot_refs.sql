ALTER TABLE "order_items" DROP CONSTRAINT "order_items_variant_id_variants_id_fk";
--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_stock_id_stock_id_fk";
