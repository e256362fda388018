import * as z from "zod/mini";
import { preprocess } from "~/lib/typed-numbers";
import { checkoutSchema } from "~/modules/orders/checkout.schema";
import { newPasswordField, REQUIRED_FIELDS, signupSchema } from "./account.schema";
import type { PasswordAudience } from "./password-rules";

/**
 * What a signed-in customer edits of their account (docs/decisions/0057): one schema per form,
 * shared by the page and its action.
 */

/** The profile: names and phone, as signup takes them. The e-mail is the account's and is not edited here. */
export const profileSchema = z.pick(signupSchema, { firstName: true, lastName: true, numberCode: true, number: true });
export type ProfileInput = z.infer<typeof profileSchema>;

/** An address of the address book: the checkout form's address fields and their messages. */
export const addressSchema = z.extend(
  z.pick(checkoutSchema, { streetAddress: true, apartment: true, city: true, state: true, zipCode: true, country: true, landmark: true }),
  {
    makeDefault: z._default(
      preprocess((v) => v === "on" || v === "1" || v === "true", z.boolean()),
      false,
    ),
  },
);
export type AddressInput = z.infer<typeof addressSchema>;

/** Which address an address-book button is about. */
export const addressIdSchema = z.object({ addressId: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)) });

/** Changing the password: the current one (checked like a login) and a new one held to the account's rule. */
export function changePasswordSchema(audience: PasswordAudience) {
  return z.object({
    currentPassword: z.string({ error: REQUIRED_FIELDS }).check(z.minLength(1, REQUIRED_FIELDS), z.maxLength(128)),
    newPassword: newPasswordField(audience),
  });
}

/** "Save my details" after a guest order: the receipt the ordering browser holds, and a password. */
export const saveDetailsSchema = z.object({
  receipt: z.string({ error: REQUIRED_FIELDS }).check(z.minLength(1, REQUIRED_FIELDS), z.maxLength(400)),
  password: newPasswordField("customer"),
});

export const PROFILE_SAVED = "Your details have been saved.";
export const ADDRESS_SAVED = "Address saved.";
export const ADDRESS_REMOVED = "Address removed.";
export const DEFAULT_ADDRESS_SET = "Default address set.";
export const PASSWORD_CHANGED = "Your password has been changed. Every other device has been signed out.";
export const CURRENT_PASSWORD_WRONG = "Your current password is not right.";
export const ADDRESS_BOOK_FULL = "Your address book is full (10 addresses). Remove one to add another.";
export const ADDRESS_NOT_FOUND = "That address is not in your address book.";
