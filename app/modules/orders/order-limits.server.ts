import type { Db } from "~/lib/db.server";
import { BRAND } from "~/lib/brand";
import { DomainError } from "~/lib/errors";
import { logger } from "~/lib/logger.server";
import { minutesText } from "~/lib/wait-text";
import { addressBucket, hitRateLimits, refundRateLimit, type RateLimitHit, type RateRule } from "~/lib/rate-limit.server";
import type { OrderLimits } from "./order-limits";
import { existingOrder, placeOrder, type PlacedOrder, type PlaceOrderInput } from "./orders.server";

/**
 * Anonymous checkout's limits (docs/decisions/0018): every order takes a place per client address,
 * per phone number and per e-mail, each counted atomically in the database before the order is
 * placed. A full limit refuses the order with TOO_MANY_REQUESTS and the wait; an order that is not
 * placed (short of stock, invalid) or that its key had already placed gives its places back.
 */

/** The e-mail as counted: trimmed, lower case, without a "+tag" (one mailbox, however it is written). */
export function emailForLimits(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 1) return lower;
  return `${lower.slice(0, at).replace(/\+.*$/, "") || lower.slice(0, at)}${lower.slice(at)}`;
}

export const orderLimitMessages = {
  address: (seconds: number) =>
    `Too many orders from your network in a short time. Please wait ${minutesText(seconds)}, or call us on ${BRAND.phone} to place your order.`,
  contact: (seconds: number) =>
    `Too many orders from this phone number or e-mail in a short time. Please wait ${minutesText(seconds)}, or call us on ${BRAND.phone} to place a larger order.`,
};

/** Places an order (placeOrder) once the limits allow it. `address` is the client's. */
export async function placeOrderWithinLimits(
  db: Db,
  input: PlaceOrderInput,
  options: { address: string | undefined; limits: OrderLimits; now?: Date },
): Promise<PlacedOrder> {
  // A page sent again after its order was placed is answered with that order and counts nothing.
  const repeat = await existingOrder(db, input.idempotencyKey);
  if (repeat) return repeat;

  const now = options.now ?? new Date();
  const counted: [key: string, rule: RateRule, message: (seconds: number) => string][] = [
    [`order:addr:${addressBucket(options.address)}`, options.limits.address, orderLimitMessages.address],
    [`order:phone:${input.customer.phone}`, options.limits.contact, orderLimitMessages.contact],
    [`order:email:${emailForLimits(input.customer.email)}`, options.limits.contact, orderLimitMessages.contact],
  ];
  // All three are counted by one statement, before the order is placed; a full one refuses it.
  const hits = await hitRateLimits(
    db,
    counted.map(([key, rule]) => ({ key, rule })),
    now,
  );
  const taken = hits.filter((hit) => hit.allowed);
  const refused = hits.findIndex((hit) => !hit.allowed);
  if (refused >= 0) {
    await giveBack(db, taken);
    const { retryAfterSeconds } = hits[refused];
    throw new DomainError("TOO_MANY_REQUESTS", counted[refused][2](retryAfterSeconds), { retryAfter: retryAfterSeconds });
  }

  let order: PlacedOrder;
  try {
    order = await placeOrder(db, input);
  } catch (error) {
    await giveBack(db, taken);
    throw error;
  }
  // The same key sent twice at once: the other request placed it, and took the places for it.
  if (order.repeated) await giveBack(db, taken);
  return order;
}

/** Refunds places; a failure to refund only costs the shopper a place, so it never hides the answer. */
async function giveBack(db: Db, hits: RateLimitHit[]) {
  try {
    await Promise.all(hits.map((hit) => refundRateLimit(db, hit)));
  } catch (err) {
    logger.warn({ err }, "giving back order limit places failed");
  }
}
