import { fieldErrorsOf, type FieldErrors } from "~/lib/form-errors";
import * as z from "zod/mini";
import { emailField } from "~/lib/email-address";
import { isValidPhone, normalizePhone } from "./phone";

export const CHECKOUT_MESSAGES = {
  firstName: "First name is required",
  lastName: "Last name is required",
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  phoneRequired: "Phone number is required",
  phoneInvalid: "Please enter a valid Pakistani phone number (03XXXXXXXXX)",
  streetAddress: "Street address is required",
  city: "City is required",
  state: "State/Province is required",
  zipCode: "ZIP code is required",
  fixForm: "Please fix the errors in the form before proceeding.",
  emptyCart: "Your cart is empty. Please add items before placing an order.",
} as const;

/**
 * What the shopper reads when an order could not be placed, whatever the reason: the spec's words,
 * then what went wrong.
 */
export const orderFailed = (reason: string) => `There was an error placing your order. Please try again. Error: ${reason}`;

/** The order was sent but no answer came back (a dropped connection, a server gone on the way). */
export const ORDER_NOT_ANSWERED = orderFailed(
  "we could not hear back from the shop about your order. Press Place Order again: if the shop already has it, it will not be placed twice.",
);

const tooLong = (max: number) => `Please keep this under ${max} characters.`;
const required = (message: string, max = 200) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max, tooLong(max)));
const optional = (max = 200) => z._default(z.string().check(z.trim(), z.maxLength(max, tooLong(max))), "");

/** The checkout form: one schema for the browser's messages and the server's rule. */
export const checkoutSchema = z.object({
  firstName: required(CHECKOUT_MESSAGES.firstName, 100),
  lastName: required(CHECKOUT_MESSAGES.lastName, 100),
  email: emailField({ required: CHECKOUT_MESSAGES.emailRequired, invalid: CHECKOUT_MESSAGES.emailInvalid }),
  phone: z.pipe(
    z
      .string({ error: CHECKOUT_MESSAGES.phoneRequired })
      .check(z.trim(), z.minLength(1, CHECKOUT_MESSAGES.phoneRequired), z.refine(isValidPhone, CHECKOUT_MESSAGES.phoneInvalid)),
    z.transform(normalizePhone),
  ),
  // Optional, and may be a landline: only digits and the usual separators.
  alternatePhone: optional(40).check(z.refine((v) => /^[0-9+\-\s().]*$/.test(v), "Please enter a valid phone number")),
  streetAddress: required(CHECKOUT_MESSAGES.streetAddress, 300),
  apartment: optional(200),
  city: required(CHECKOUT_MESSAGES.city, 100),
  state: required(CHECKOUT_MESSAGES.state, 100),
  zipCode: required(CHECKOUT_MESSAGES.zipCode, 20),
  country: z.pipe(
    z._default(z.string().check(z.trim(), z.maxLength(60)), "Pakistan"),
    z.transform((v: string) => v || "Pakistan"),
  ),
  landmark: optional(200),
  notes: optional(1000),
});

export type CheckoutInput = z.infer<typeof checkoutSchema>;
export type CheckoutField = keyof CheckoutInput;

/** First message per field, for showing next to each input (the one form-error path, form-errors.ts). */
export function fieldErrors(error: z.core.$ZodError): FieldErrors<CheckoutField> {
  return fieldErrorsOf<CheckoutField>(error);
}
