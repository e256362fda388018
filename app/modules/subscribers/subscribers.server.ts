import { count, desc, eq } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { toCsv } from "~/lib/csv";
import { DomainError } from "~/lib/errors";
import { subscribers } from "~/lib/schema.server";
import { SUBSCRIBERS_PAGE_SIZE } from "./subscriber-format";

/**
 * Subscribes an e-mail once: a repeat (in any letter case) is not a second row and is still
 * answered as a success, so the form does not reveal who has subscribed.
 */
export async function subscribe(db: Db, email: string): Promise<{ created: boolean }> {
  const rows = await db
    .insert(subscribers)
    .values({ email: email.trim() })
    // The unique index is on lower(email), an expression Drizzle cannot name as a conflict target;
    // with no target, ON CONFLICT DO NOTHING covers it (the id is random, so no other conflict arises).
    .onConflictDoNothing()
    .returning({ id: subscribers.id });
  return { created: rows.length > 0 };
}

export interface SubscriberRow {
  id: string;
  email: string;
  subscribedAt: Date | null;
}

export interface SubscriberPage {
  rows: SubscriberRow[];
  total: number;
  page: number;
  pageCount: number;
}

/** One page of subscribers, newest first (ties broken by id so pages never overlap). */
export async function listSubscribers(db: Db, options: { page?: number; pageSize?: number } = {}): Promise<SubscriberPage> {
  const pageSize = options.pageSize ?? SUBSCRIBERS_PAGE_SIZE;
  const [{ total }] = await db.select({ total: count() }).from(subscribers);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(options.page ?? 1)), pageCount);
  const rows = await db
    .select({ id: subscribers.id, email: subscribers.email, subscribedAt: subscribers.createdAt })
    .from(subscribers)
    .orderBy(desc(subscribers.createdAt), desc(subscribers.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total, page, pageCount };
}

/** Deletes one subscription and answers the e-mail it was for. */
export async function deleteSubscriber(db: Db, id: string): Promise<{ email: string }> {
  const [row] = await db.delete(subscribers).where(eq(subscribers.id, id)).returning({ email: subscribers.email });
  if (!row) throw new DomainError("NOT_FOUND", "This subscription no longer exists.");
  return row;
}

/** Every subscriber as CSV, newest first, each cell safe to open in a spreadsheet. */
export async function subscribersCsv(db: Db): Promise<string> {
  const rows = await db
    .select({ email: subscribers.email, subscribedAt: subscribers.createdAt })
    .from(subscribers)
    .orderBy(desc(subscribers.createdAt), desc(subscribers.id));
  return toCsv(["Email", "Subscribed At"], rows.map((r) => [r.email, r.subscribedAt]));
}
