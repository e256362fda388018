import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { BACKUP_RUN_STATUSES, TRASH_KINDS } from "../value-lists";
import { id, createdAt } from "./columns.server";

/*
 * About the shop as a running place: rate limits, generated settings, what an import brought over,
 * scheduled backups and the Trash.
 */

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
