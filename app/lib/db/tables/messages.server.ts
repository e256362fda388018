import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { SUBMISSION_STATUSES } from "../value-lists";
import { id, createdAt } from "./columns.server";

/*
 * What shoppers send and what the shop mails: contact messages, newsletter subscribers and the
 * mail outbox.
 */

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
