import * as z from "zod/mini";
import { ADMIN_ROLES, GENDERS } from "~/lib/db/value-lists";
import { newPasswordField, REQUIRED_FIELDS, signupSchema } from "./account.schema";

export const ACCESS_DENIED_CREATE = "Access denied. Only Main Admins can create admin accounts.";
export const ACCESS_DENIED_MANAGE = "Access denied. Only Main Admins can manage admin accounts.";
const ROLE_INVALID = "Please choose a role: Admin or Main Admin.";

const adminRole = z.enum(ADMIN_ROLES, {
  error: (issue) => (issue.input === undefined || issue.input === "" ? REQUIRED_FIELDS : ROLE_INVALID),
});

/** Create Admin: signup's fields (same rules and messages) plus the role; staff passwords are longer. */
export const createAdminSchema = z.extend(signupSchema, { password: newPasswordField("staff"), role: adminRole });
export type CreateAdminInput = z.infer<typeof createAdminSchema>;

/** One row of Admin List. The e-mail is not editable, so it is not here. */
export const updateAdminSchema = z.object({
  id: z.string({ error: "Please choose an admin to update." }).check(z.trim(), z.minLength(1, "Please choose an admin to update."), z.maxLength(64)),
  firstName: signupSchema.shape.firstName,
  lastName: signupSchema.shape.lastName,
  // Accounts made before genders were asked for have none; they may keep it unset.
  gender: z._default(z.union([z.enum(GENDERS), z.literal("")], { error: "Please choose male, female or other." }), ""),
  role: adminRole,
  number: signupSchema.shape.number,
});
export type UpdateAdminInput = z.infer<typeof updateAdminSchema>;

/** Delete on a row of Admin List: the account goes to the Trash (docs/decisions/0053). */
export const deleteAdminSchema = z.object({
  intent: z.literal("delete"),
  id: z.string().check(z.trim(), z.minLength(1, "Please choose an admin to delete."), z.maxLength(64)),
});

export const deleteAdminConfirm = (email: string) =>
  `Delete the admin ${email}? The account goes to the Trash for 30 days, where a Main Admin can restore it.`;
export const ADMIN_DELETED = (email: string) => `Admin ${email} deleted.`;
export const ADMIN_DELETE_FAILED = "Failed to delete admin. Check console for details.";
export const CANNOT_DELETE_SELF = "You cannot delete your own account.";
