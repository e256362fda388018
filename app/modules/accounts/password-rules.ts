import { isAdminRole } from "./roles";

/**
 * The shop's password rule (docs/decisions/0021). Pure and small, so forms check it in the browser
 * too; the part that needs the common-password dictionary runs on the server only
 * (password-check.server.ts).
 *
 * - customers: at least 8 characters; staff (admins and main admins): at least 12;
 * - at most 128 (what better-auth takes), never only spaces;
 * - never a common password (server only).
 */
export type PasswordAudience = "customer" | "staff";

export const PASSWORD_MIN_LENGTH: Record<PasswordAudience, number> = { customer: 8, staff: 12 };
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_TOO_SHORT: Record<PasswordAudience, string> = {
  customer: "Password must be at least 8 characters.",
  staff: "Staff passwords must be at least 12 characters.",
};
const PASSWORD_TOO_LONG = "Password must be at most 128 characters.";
const PASSWORD_BLANK = "Password cannot be only spaces.";
export const PASSWORD_COMMON = "This password is too common. Please choose another.";

/** Staff roles need staff passwords. */
export function passwordAudienceOf(role: string | null | undefined): PasswordAudience {
  return isAdminRole(role) ? "staff" : "customer";
}

/** The hint under a password field: the real minimum. */
export function passwordHint(audience: PasswordAudience): string {
  return `min ${PASSWORD_MIN_LENGTH[audience]} chars`;
}

/**
 * What is wrong with a password's shape (only spaces, too short, too long), or null.
 * The minimum counts code points (a character outside the basic plane counts once); the maximum
 * counts UTF-16 units as better-auth does, so nothing passing here is refused there.
 */
export function passwordShapeProblem(password: string, audience: PasswordAudience): string | null {
  if (/^\s+$/u.test(password)) return PASSWORD_BLANK;
  if ([...password].length < PASSWORD_MIN_LENGTH[audience]) return PASSWORD_TOO_SHORT[audience];
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG;
  return null;
}
