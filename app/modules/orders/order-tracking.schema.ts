import { z } from "zod";
import { isValidPhone, normalizePhone } from "./phone";

export const TRACK_FIELDS_REQUIRED = "Please enter your order number and phone number.";
export const TRACK_ORDER_NUMBER_INVALID = "Please enter the order number from your confirmation (ORD- and 13 digits).";
export const TRACK_PHONE_INVALID = "Please enter a valid Pakistani phone number (03XXXXXXXXX)";

/** 'ORD-1763…', 'ord 1763…' or the 13 digits alone all mean the same order number. */
export function normalizeOrderNumber(input: string): string {
  const digits = input.trim().replace(/^ord[\s-]*/i, "");
  return `ORD-${digits}`;
}

/** What a shopper types to follow an order: its number and the phone number given at checkout. */
export const trackOrderSchema = z.object({
  orderNumber: z
    .string({ error: TRACK_FIELDS_REQUIRED })
    .trim()
    .min(1, TRACK_FIELDS_REQUIRED)
    .max(40, TRACK_ORDER_NUMBER_INVALID)
    .transform(normalizeOrderNumber)
    .pipe(z.string().regex(/^ORD-\d{13}$/, TRACK_ORDER_NUMBER_INVALID)),
  phone: z
    .string({ error: TRACK_FIELDS_REQUIRED })
    .trim()
    .min(1, TRACK_FIELDS_REQUIRED)
    .max(40, TRACK_PHONE_INVALID)
    .refine(isValidPhone, TRACK_PHONE_INVALID)
    .transform(normalizePhone),
});

export type TrackOrderInput = z.infer<typeof trackOrderSchema>;
