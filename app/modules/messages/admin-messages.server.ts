import { and, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { contactSubmissions } from "~/lib/db/tables/messages.server";
import { likePattern } from "~/lib/sql-like";
import { pageOf, type Paging } from "~/lib/paging";
import { publishChange } from "~/modules/live/live-events.server";
import { moveToTrash, type DeletedBy } from "~/modules/trash/trash.server";
import { SUBMISSIONS_PAGE_SIZE } from "./admin-messages.schema";
import type { SubmissionStatus } from "~/lib/db/value-lists";
import { applySubmissionMove, type SubmissionMove } from "./submission-status";

const SUBMISSION_NOT_FOUND = "This submission no longer exists.";
const PREVIEW_LENGTH = 120;

interface SubmissionRow {
  id: string;
  name: string;
  email: string;
  /** As the sender typed it, or empty: the row's Call and WhatsApp (contact-links.ts). */
  phone: string;
  subject: string;
  preview: string;
  status: SubmissionStatus;
  read: boolean;
  createdAt: string;
}

export interface SubmissionDetail {
  id: string;
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  status: SubmissionStatus;
  read: boolean;
  createdAt: string;
  updatedAt: string | null;
}

export interface SubmissionCounts {
  total: number;
  unread: number;
  replied: number;
  resolved: number;
}

export interface SubmissionsPage extends Paging {
  rows: SubmissionRow[];
}

/** The filter on the status as the inbox shows it: 'new' means unread, the others are read with that stored status. */
function displayedStatusIs(status: SubmissionStatus): SQL {
  if (status === "new") return eq(contactSubmissions.read, false);
  return and(eq(contactSubmissions.read, true), eq(contactSubmissions.status, status))!;
}

function preview(message: string): string {
  const flat = message.replace(/\s+/g, " ").trim();
  return flat.length > PREVIEW_LENGTH ? `${flat.slice(0, PREVIEW_LENGTH - 1)}…` : flat;
}

/** One page of the inbox, newest first, searched on the server by name, e-mail or message. */
export async function listSubmissions(
  db: Db,
  input: { q?: string; status?: SubmissionStatus | ""; subject?: string; page?: number; pageSize?: number },
): Promise<SubmissionsPage> {
  const pageSize = Math.min(Math.max(input.pageSize ?? SUBMISSIONS_PAGE_SIZE, 1), 100);
  const where: SQL[] = [];
  const q = input.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    where.push(or(ilike(contactSubmissions.name, pattern), ilike(contactSubmissions.email, pattern), ilike(contactSubmissions.message, pattern))!);
  }
  if (input.status) where.push(displayedStatusIs(input.status));
  if (input.subject) where.push(eq(contactSubmissions.subject, input.subject));
  const condition = where.length ? and(...where) : undefined;

  const [{ total }] = await db.select({ total: count() }).from(contactSubmissions).where(condition);
  const { page, pageCount, offset } = pageOf(Number(total), input.page, pageSize);
  const rows = await db
    .select({
      id: contactSubmissions.id,
      name: contactSubmissions.name,
      email: contactSubmissions.email,
      phone: contactSubmissions.phone,
      subject: contactSubmissions.subject,
      message: contactSubmissions.message,
      status: contactSubmissions.status,
      read: contactSubmissions.read,
      createdAt: contactSubmissions.createdAt,
    })
    .from(contactSubmissions)
    .where(condition)
    .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
    .limit(pageSize)
    .offset(offset);

  return {
    rows: rows.map(({ message, createdAt, ...r }) => ({ ...r, preview: preview(message), createdAt: createdAt.toISOString() })),
    total: Number(total),
    page,
    pageCount,
    pageSize,
  };
}

/** The figures of the inbox's cards, over every submission, by the status the inbox shows. */
export async function submissionCounts(db: Db): Promise<SubmissionCounts> {
  const [row] = await db
    .select({
      total: count(),
      unread: sql<number>`count(*) filter (where not ${contactSubmissions.read})`.mapWith(Number),
      replied: sql<number>`count(*) filter (where ${contactSubmissions.read} and ${contactSubmissions.status} = 'replied')`.mapWith(Number),
      resolved: sql<number>`count(*) filter (where ${contactSubmissions.read} and ${contactSubmissions.status} = 'resolved')`.mapWith(Number),
    })
    .from(contactSubmissions);
  return { total: Number(row.total), unread: row.unread, replied: row.replied, resolved: row.resolved };
}

function toDetail(row: typeof contactSubmissions.$inferSelect): SubmissionDetail {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    status: row.status,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt ? row.updatedAt.toISOString() : null,
  };
}

export async function getSubmission(db: Db, id: string): Promise<SubmissionDetail | null> {
  const [row] = await db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
  return row ? toDetail(row) : null;
}

/**
 * Applies one move of the status rules to a submission: the row is locked, the new state computed
 * by `applySubmissionMove`, written with its update time, and announced to open inboxes. A move
 * that changes nothing writes nothing.
 */
export async function moveSubmission(db: Db, id: string, move: SubmissionMove): Promise<SubmissionDetail> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(contactSubmissions).where(eq(contactSubmissions.id, id)).for("update");
    if (!row) throw new DomainError("NOT_FOUND", SUBMISSION_NOT_FOUND);
    const next = applySubmissionMove({ status: row.status, read: row.read }, move);
    if (!next.changed) return toDetail(row);
    const [updated] = await tx
      .update(contactSubmissions)
      .set({ status: next.status, read: next.read, updatedAt: new Date() })
      .where(eq(contactSubmissions.id, id))
      .returning();
    await publishChange(tx, { topic: "submissions", id });
    return toDetail(updated);
  });
}

/** Deletes a submission: it moves into the Trash (docs/decisions/0053), and open inboxes hear of it. */
export async function deleteSubmission(db: Db, id: string, by: DeletedBy): Promise<{ name: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(contactSubmissions).where(eq(contactSubmissions.id, id)).for("update");
    if (!row) throw new DomainError("NOT_FOUND", SUBMISSION_NOT_FOUND);
    const name = `${row.name} (${row.email})`;
    await moveToTrash(tx, { kind: "message", itemId: id, name, by });
    return { name };
  });
}
