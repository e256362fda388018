import type { Db } from "~/lib/db.server";
import { BRAND } from "~/lib/brand";
import { DomainError } from "~/lib/errors";
import { addressBucket, hitRateLimit, refundRateLimit, type RateRule } from "~/lib/rate-limit.server";
import { minutesText } from "~/lib/wait-text";
import { contactSubmissions } from "~/lib/db/tables/messages.server";
import { publishChange } from "~/modules/live/live-events.server";
import type { ContactInput } from "./contact.schema";

/**
 * Contact messages per client address (docs/decisions/0018): each one is stored for staff to read,
 * so a flood would bury real ones. As loose as checkout's address limit: a mobile carrier puts
 * many shoppers behind one address, and 30 is still far below what a script sends.
 */
const CONTACT_LIMIT: RateRule = { limit: 30, windowMs: 15 * 60_000 };

/**
 * Sends a contact message from `address`: counted first (TOO_MANY_REQUESTS with the wait when the
 * address has sent its share), then stored; a message that could not be stored gives its place back.
 */
export async function sendContactMessage(db: Db, input: ContactInput, address: string | undefined) {
  const hit = await hitRateLimit(db, `contact:addr:${addressBucket(address)}`, CONTACT_LIMIT);
  if (!hit.allowed) {
    throw new DomainError(
      "TOO_MANY_REQUESTS",
      `Too many messages from your network in a short time. Please wait ${minutesText(hit.retryAfterSeconds)} and try again, or call us on ${BRAND.phone}.`,
      { retryAfter: hit.retryAfterSeconds },
    );
  }
  try {
    return await createSubmission(db, input);
  } catch (error) {
    await refundRateLimit(db, hit).catch(() => {});
    throw error;
  }
}

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
