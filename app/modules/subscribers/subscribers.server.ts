import type { Db } from "~/lib/db.server";
import { subscribers } from "~/lib/schema.server";

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
