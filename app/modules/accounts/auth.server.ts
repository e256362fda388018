import { randomBytes } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { eq } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { newId } from "~/lib/ids";
import { account, session, user, verification } from "~/lib/db/tables/accounts.server";
import { appSettings } from "~/lib/db/tables/site.server";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-rules";

/**
 * Accounts with better-auth: e-mail and password (scrypt hashes in `account`, never in the
 * profile), sessions in the database, HttpOnly SameSite=Lax cookies, Secure behind HTTPS.
 * Its own rate limiter is off: login and signup limits are ours (login-throttle.server.ts,
 * signup-throttle.server.ts), counted in the database (rate-limit.server.ts) so they hold across app
 * instances. Staff sessions also end after 12 hours unused (session.server.ts).
 */
export function createAuth(db: Db, options: { secret: string; baseURL: string }) {
  const secure = options.baseURL.startsWith("https://");
  return betterAuth({
    appName: "Chamra Leather",
    baseURL: options.baseURL,
    secret: options.secret,
    database: drizzleAdapter(db, { provider: "pg", schema: { user, session, account, verification } }),
    // Never less than the customer minimum; the whole rule is checked before (password-check.server.ts).
    emailAndPassword: { enabled: true, minPasswordLength: PASSWORD_MIN_LENGTH.customer, maxPasswordLength: PASSWORD_MAX_LENGTH, autoSignIn: true },
    user: {
      additionalFields: {
        firstName: { type: "string", required: false, defaultValue: "" },
        lastName: { type: "string", required: false, defaultValue: "" },
        gender: { type: "string", required: false, defaultValue: "" },
        numberCode: { type: "string", required: false, defaultValue: "+92" },
        number: { type: "string", required: false, defaultValue: "" },
        // Never accepted from a request: only staff tools set roles.
        role: { type: "string", required: false, defaultValue: "user", input: false },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure, path: "/" },
      database: { generateId: () => newId(24) },
    },
    logger: { disabled: process.env.NODE_ENV === "test" },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The session-signing secret: generated once and kept in the database, shared by all instances. */
export async function loadAuthSecret(db: Db): Promise<string> {
  const candidate = randomBytes(32).toString("base64url");
  await db.insert(appSettings).values({ key: "auth_secret", value: candidate }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, "auth_secret"));
  return row.value;
}
