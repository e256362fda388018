import { ADMIN_ROLES, type AdminRole } from "~/lib/db/value-lists";

/** Who may do what. Pure: the navbar and the server both ask these. */

/** The staff roles as the back office names them. */
export const adminRoleLabel: Record<AdminRole, string> = { admin: "Admin", "main-admin": "Main Admin" };

export function isAdminRole(role: string | null | undefined): role is AdminRole {
  return (ADMIN_ROLES as readonly (string | null | undefined)[]).includes(role);
}

export function isMainAdminRole(role: string | null | undefined): boolean {
  return role === "main-admin";
}

/** Where a user lands after signing in. */
export function landingPathFor(role: string | null | undefined): string {
  return isAdminRole(role) ? "/admin" : "/";
}
