CREATE TABLE "imported_records" (
	"collection" text NOT NULL,
	"source_id" text NOT NULL,
	"target_id" text NOT NULL,
	"source_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imported_records_collection_source_id_pk" PRIMARY KEY("collection","source_id")
);
--> statement-breakpoint
CREATE INDEX "imported_records_target_idx" ON "imported_records" USING btree ("collection","target_id");