import * as z from "zod/mini";
import { isValidPhone, normalizePhone } from "./phone";

const TRACK_FIELDS_REQUIRED = "Please enter your order number and phone number.";
const TRACK_ORDER_NUMBER_INVALID = "Please enter the order number from your confirmation (ORD- and 13 digits).";
const TRACK_PHONE_INVALID = "Please enter a valid Pakistani phone number (03XXXXXXXXX)";

/** 'ORD-1763…', 'ord 1763…' or the 13 digits alone all mean the same order number. */
function normalizeOrderNumber(input: string): string {
  const digits = input.trim().replace(/^ord[\s-]*/i, "");
  return `ORD-${digits}`;
}

/** The query parameter of `/track` that fills in the order number (links from the confirmation and its e-mail). */
const TRACK_ORDER_PARAM = "order";

/** `/track` with this order number filled in (the phone number is still asked for); `base` is the shop's address, for mail. */
export function trackOrderHref(orderNumber: string, base = ""): string {
  return `${base}/track?${new URLSearchParams({ [TRACK_ORDER_PARAM]: orderNumber })}`;
}

/** The order number a `/track` link fills in: the parameter when it is one, else nothing (a link never fills in junk). */
export function orderNumberFromLink(params: URLSearchParams): string {
  const given = params.get(TRACK_ORDER_PARAM);
  if (!given || given.length > 40) return "";
  const number = normalizeOrderNumber(given);
  return /^ORD-\d{13}$/.test(number) ? number : "";
}

/** What a shopper types to follow an order: its number and the phone number given at checkout. */
export const trackOrderSchema = z.object({
  orderNumber: z.pipe(
    z.pipe(
      z.string({ error: TRACK_FIELDS_REQUIRED }).check(z.trim(), z.minLength(1, TRACK_FIELDS_REQUIRED), z.maxLength(40, TRACK_ORDER_NUMBER_INVALID)),
      z.transform(normalizeOrderNumber),
    ),
    z.string().check(z.regex(/^ORD-\d{13}$/, TRACK_ORDER_NUMBER_INVALID)),
  ),
  phone: z.pipe(
    z
      .string({ error: TRACK_FIELDS_REQUIRED })
      .check(z.trim(), z.minLength(1, TRACK_FIELDS_REQUIRED), z.maxLength(40, TRACK_PHONE_INVALID), z.refine(isValidPhone, TRACK_PHONE_INVALID)),
    z.transform(normalizePhone),
  ),
});

export type TrackOrderInput = z.infer<typeof trackOrderSchema>;
