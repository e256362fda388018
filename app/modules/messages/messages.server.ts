import type { Db } from "~/lib/db.server";
import { contactSubmissions } from "~/lib/schema.server";
import type { ContactInput } from "./contact.schema";

/** Stores a contact message as a new, unread submission. */
export async function createSubmission(db: Db, input: ContactInput) {
  const [row] = await db
    .insert(contactSubmissions)
    .values({ ...input, status: "new", read: false })
    .returning({ id: contactSubmissions.id });
  return row;
}
