import { createAuth, loadAuthSecret, type Auth } from "~/modules/accounts/auth.server";
import { upsertAccount } from "~/modules/accounts/accounts.server";
import { signIn } from "~/modules/accounts/session.server";
import type { TestDatabase } from "./test-db";

/**
 * Accounts for route tests: sets up sign-in on the test database and makes one account per role,
 * returning the cookie each one's browser would send.
 */
export interface Visitors {
  auth: Auth;
  anonymous: string;
  customer: string;
  admin: string;
  mainAdmin: string;
}

export async function setUpVisitors(database: TestDatabase): Promise<Visitors> {
  const auth = createAuth(database.db, { secret: await loadAuthSecret(database.db), baseURL: "http://shop.test" });
  const cookieOf = async (email: string, role: "user" | "admin" | "main-admin") => {
    await upsertAccount(database.db, { email, password: `${role}-password`, role, firstName: role, lastName: "Test" });
    const { headers } = await signIn(database.db, { email, password: `${role}-password` }, auth);
    return headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  };
  return {
    auth,
    anonymous: "",
    customer: await cookieOf("customer@example.pk", "user"),
    admin: await cookieOf("staff@example.pk", "admin"),
    mainAdmin: await cookieOf("owner@example.pk", "main-admin"),
  };
}

/** A request as the browser holding `cookie` would send it. */
export function requestAs(cookie: string, path: string, form?: Record<string, string>): Request {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  if (!form) return new Request(`http://shop.test${path}`, { headers });
  return new Request(`http://shop.test${path}`, { method: "POST", headers, body: new URLSearchParams(form) });
}
