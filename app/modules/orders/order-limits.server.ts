import type { Db } from "~/lib/db.server";
import { BRAND } from "~/lib/brand";
import { DomainError } from "~/lib/errors";
import { logger } from "~/lib/logger.server";
import { minutesText, waitText } from "~/lib/wait-text";
import { addressBucket, hitPairedLimits, refundRateLimits, type RateLimitHit } from "~/lib/rate-limit.server";
import { orderCapProblem, orderItems } from "./order-caps";
import { pressedOrderLimits, type OrderLimits } from "./order-limits";
import { existingOrder, placeOrder, type PlacedOrder, type PlaceOrderInput } from "./orders.server";

/**
 * Anonymous checkout's limits (docs/decisions/0018, 0046): an order within the caps of one order
 * takes a place per client address, per phone number and per e-mail (each with the client
 * address), and its items count per client address and per phone number over a day; all counted
 * atomically in the database before the order is placed. A full limit refuses the order with
 * TOO_MANY_REQUESTS and the wait; an order that is not placed (short of stock, invalid) or that
 * its key had already placed gives its places back.
 */

/** The e-mail as counted: trimmed, lower case, without a "+tag" (one mailbox, however it is written). */
function emailForLimits(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 1) return lower;
  return `${lower.slice(0, at).replace(/\+.*$/, "") || lower.slice(0, at)}${lower.slice(at)}`;
}

const orderLimitMessages = {
  address: (seconds: number) =>
    `Too many orders from your network in a short time. Please wait ${minutesText(seconds)}, or call us on ${BRAND.phone} to place your order.`,
  contact: (seconds: number) =>
    `Too many orders from this phone number or e-mail in a short time. Please wait ${minutesText(seconds)}, or call us on ${BRAND.phone} to place a larger order.`,
  addressItems: (seconds: number) =>
    `Too many items ordered from your network today. Please wait ${waitText(seconds)}, or call us on ${BRAND.phone} to place your order.`,
  phoneItems: (seconds: number) =>
    `Too many items ordered with this phone number today. Please wait ${waitText(seconds)}, or call us on ${BRAND.phone} to place a larger order.`,
};

/** The keys an order is counted under, with the message each one's refusal reads. */
function orderKeys(input: PlaceOrderInput, address: string | undefined) {
  const from = addressBucket(address);
  const phone = input.customer.phone;
  const email = emailForLimits(input.customer.email);
  return {
    address: `order:addr:${from}`,
    phone: `order:phone:${phone}`,
    phoneAddress: `order:phone+addr:${phone}|${from}`,
    email: `order:email:${email}`,
    emailAddress: `order:email+addr:${email}|${from}`,
    addressItems: `order-items:addr:${from}`,
    phoneItems: `order-items:phone:${phone}`,
    phoneAddressItems: `order-items:phone+addr:${phone}|${from}`,
  };
}

/** Places an order (placeOrder) once the caps and limits allow it. `address` is the client's. */
export async function placeOrderWithinLimits(
  db: Db,
  input: PlaceOrderInput,
  options: { address: string | undefined; limits: OrderLimits; now?: Date },
): Promise<PlacedOrder> {
  // A page sent again after its order was placed is answered with that order and counts nothing
  // (the same key with another cart or other details is refused).
  const repeat = await existingOrder(db, input);
  if (repeat) return repeat;
  // An order over the caps of one order is refused before it counts.
  const problem = orderCapProblem(input.lines);
  if (problem) throw new DomainError("INVALID", problem);

  const now = options.now ?? new Date();
  const { limits } = options;
  const pressed = pressedOrderLimits(limits);
  const keys = orderKeys(input, options.address);
  const items = orderItems(input.lines).total;
  const { taken, refused } = await hitPairedLimits(
    db,
    [
      { key: keys.address, rule: limits.address },
      { key: keys.addressItems, rule: limits.addressItems, weight: items },
    ],
    [
      {
        subject: { key: keys.phone, rule: limits.contact },
        pair: { key: keys.phoneAddress, rule: limits.contact },
        pressedLimit: pressed.contact,
      },
      {
        subject: { key: keys.email, rule: limits.contact },
        pair: { key: keys.emailAddress, rule: limits.contact },
        pressedLimit: pressed.contact,
      },
      {
        subject: { key: keys.phoneItems, rule: limits.phoneItems, weight: items },
        pair: { key: keys.phoneAddressItems, rule: limits.phoneItems, weight: items },
        pressedLimit: pressed.phoneItems,
      },
    ],
    now,
  );
  if (refused) {
    const message =
      refused.key === keys.address
        ? orderLimitMessages.address
        : refused.key === keys.addressItems
          ? orderLimitMessages.addressItems
          : refused.key === keys.phoneAddressItems
            ? orderLimitMessages.phoneItems
            : orderLimitMessages.contact;
    throw new DomainError("TOO_MANY_REQUESTS", message(refused.retryAfterSeconds), { retryAfter: refused.retryAfterSeconds });
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
    await refundRateLimits(db, hits);
  } catch (err) {
    logger.warn({ err }, "giving back order limit places failed");
  }
}
