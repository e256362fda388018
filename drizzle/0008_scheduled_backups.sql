CREATE TABLE "backup_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"slot" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"instance" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"location" text,
	"bytes" bigint,
	"check_problems" integer,
	"check_report" text,
	"error" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "backup_runs_slot_idx" ON "backup_runs" USING btree ("slot");--> statement-breakpoint
CREATE INDEX "backup_runs_started_at_idx" ON "backup_runs" USING btree ("started_at");