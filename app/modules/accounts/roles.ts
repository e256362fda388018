/** Who may do what. Pure: the navbar and the server both ask these. */
export type Role = "user" | "admin" | "main-admin";

export function isAdminRole(role: string | null | undefined): boolean {
  return role === "admin" || role === "main-admin";
}

export function isMainAdminRole(role: string | null | undefined): boolean {
  return role === "main-admin";
}

/** Where a user lands after signing in. */
export function landingPathFor(role: string | null | undefined): string {
  return isAdminRole(role) ? "/admin" : "/";
}
