CREATE TABLE "trash" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"item_id" text NOT NULL,
	"name" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deleted_by" text,
	"deleted_by_name" text DEFAULT '' NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "trash_kind_item_idx" ON "trash" USING btree ("kind","item_id");--> statement-breakpoint
CREATE INDEX "trash_deleted_at_idx" ON "trash" USING btree ("deleted_at");