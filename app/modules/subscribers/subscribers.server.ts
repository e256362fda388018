import { count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { moveToTrash, type DeletedBy } from "~/modules/trash/trash.server";
import { csvChunks } from "~/lib/csv";
import { DomainError } from "~/lib/errors";
import { addressBucket, hitRateLimit, refundRateLimit, type RateRule } from "~/lib/rate-limit.server";
import { minutesText } from "~/lib/wait-text";
import { pageOf, type Paging } from "~/lib/paging";
import { subscribers } from "~/lib/db/tables/messages.server";
import { SUBSCRIBERS_PAGE_SIZE } from "./subscriber-format";

/**
 * Sign-ups per client address (docs/decisions/0018): the list is mailed later, so a flood would
 * fill it with other people's addresses. A repeat of the same e-mail counts too. As loose as
 * checkout's address limit: many shoppers share one carrier address (a promotion's sign-ups).
 */
const SUBSCRIBE_LIMIT: RateRule = { limit: 30, windowMs: 15 * 60_000 };

/**
 * Subscribes from the newsletter form at `address`: counted first (TOO_MANY_REQUESTS with the wait
 * when the address has signed up its share), then stored; a failed write gives its place back.
 */
export async function subscribeFrom(db: Db, email: string, address: string | undefined): Promise<{ created: boolean }> {
  const hit = await hitRateLimit(db, `subscribe:addr:${addressBucket(address)}`, SUBSCRIBE_LIMIT);
  if (!hit.allowed) {
    throw new DomainError(
      "TOO_MANY_REQUESTS",
      `Too many sign-ups from your network in a short time. Please wait ${minutesText(hit.retryAfterSeconds)} and try again.`,
      {
        retryAfter: hit.retryAfterSeconds,
      },
    );
  }
  try {
    return await subscribe(db, email);
  } catch (error) {
    await refundRateLimit(db, hit).catch(() => {});
    throw error;
  }
}

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

interface SubscriberRow {
  id: string;
  email: string;
  subscribedAt: Date | null;
}

export interface SubscriberPage extends Paging {
  rows: SubscriberRow[];
}

/** One page of subscribers, newest first (ties broken by id so pages never overlap). */
export async function listSubscribers(db: Db, options: { page?: number; pageSize?: number } = {}): Promise<SubscriberPage> {
  const pageSize = options.pageSize ?? SUBSCRIBERS_PAGE_SIZE;
  const [{ total }] = await db.select({ total: count() }).from(subscribers);
  const { page, pageCount, offset } = pageOf(total, options.page, pageSize);
  const rows = await db
    .select({ id: subscribers.id, email: subscribers.email, subscribedAt: subscribers.createdAt })
    .from(subscribers)
    .orderBy(desc(subscribers.createdAt), desc(subscribers.id))
    .limit(pageSize)
    .offset(offset);
  return { rows, total, page, pageCount, pageSize };
}

/** Deletes one subscription (into the Trash, docs/decisions/0053) and answers the e-mail it was for. */
export async function deleteSubscriber(db: Db, id: string, by: DeletedBy): Promise<{ email: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ email: subscribers.email }).from(subscribers).where(eq(subscribers.id, id)).for("update");
    if (!row) throw new DomainError("NOT_FOUND", "This subscription no longer exists.");
    await moveToTrash(tx, { kind: "subscriber", itemId: id, name: row.email, by });
    return row;
  });
}

/** Subscribers read per query while the CSV streams (a row is an e-mail and a moment). */
const CSV_BATCH_SIZE = 5000;

/**
 * Every subscriber as CSV, newest first, each cell safe to open in a spreadsheet, written batch by
 * batch as it is read. Each batch starts after the last row of the one before (keyset, the moment
 * compared as stored, to the microsecond), so a sign-up or deletion meanwhile never lists another
 * subscriber twice or leaves one out.
 */
export async function* subscribersCsv(db: Db, batchSize = CSV_BATCH_SIZE): AsyncGenerator<string> {
  async function* batches() {
    let after: { at: string; id: string } | undefined;
    for (;;) {
      const rows = await db
        .select({
          id: subscribers.id,
          email: subscribers.email,
          subscribedAt: subscribers.createdAt,
          at: sql<string>`${subscribers.createdAt}::text`,
        })
        .from(subscribers)
        .where(after ? sql`(${subscribers.createdAt}, ${subscribers.id}) < (${after.at}::timestamptz, ${after.id})` : undefined)
        .orderBy(desc(subscribers.createdAt), desc(subscribers.id))
        .limit(batchSize);
      if (rows.length) yield rows.map((r) => [r.email, r.subscribedAt]);
      if (rows.length < batchSize) return;
      after = { at: rows[rows.length - 1].at, id: rows[rows.length - 1].id };
    }
  }
  yield* csvChunks(["Email", "Subscribed At (PKT)"], batches());
}
