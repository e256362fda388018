import { and, desc, eq } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { mailOutbox } from "~/lib/db/tables/messages.server";

/** The token of the newest signup link mailed to `email` (read from the outbox table), or null. */
export async function signupTokenMailedTo(db: Db, email: string): Promise<string | null> {
  const [mail] = await db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.subject, "Finish signing up at Chamra Leather")))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const token = mail ? /\/signup\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] : undefined;
  return token ?? null;
}
