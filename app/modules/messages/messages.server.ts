import type { Db } from "~/lib/db.server";
import { contactSubmissions } from "~/lib/schema.server";
import { publishChange } from "~/modules/live/live-events.server";
import type { ContactInput } from "./contact.schema";

/** Stores a contact message as a new, unread submission, and tells the staff's open inboxes. */
export async function createSubmission(db: Db, input: ContactInput) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactSubmissions)
      .values({ ...input, status: "new", read: false })
      .returning({ id: contactSubmissions.id });
    await publishChange(tx, { topic: "submissions", id: row.id });
    return row;
  });
}
