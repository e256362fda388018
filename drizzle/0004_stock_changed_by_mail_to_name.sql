ALTER TABLE "mail_outbox" ADD COLUMN "to_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "changed_by" text;