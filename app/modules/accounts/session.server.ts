import { data, redirect } from "react-router";
import type { Db } from "~/lib/db.server";
import { DomainError, isDomainError } from "~/lib/errors";
import type { Auth } from "~/modules/accounts/auth.server";
import type { AdminRole, Role } from "~/lib/db/value-lists";
import { isAdminRole, isMainAdminRole } from "./roles";
import { countLoginAttempt, loginSucceeded } from "./login-throttle.server";
import { tidySignInRecords } from "./expired-records.server";
import { assertPasswordAllowed } from "./password-check.server";
import { passwordAudienceOf } from "./password-rules";
import { CURRENT_PASSWORD_WRONG } from "./profile.schema";

export interface CurrentUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
}

/** A signed-in member of staff. */
export type StaffUser = CurrentUser & { role: AdminRole };

/** Only the cookie travels to the account service: origin checks are done once, in server/middleware/same-origin.ts. */
function cookieHeaders(headers: Headers): Headers {
  const out = new Headers();
  const cookie = headers.get("cookie");
  if (cookie) out.set("cookie", cookie);
  return out;
}

function setCookies(response: Response): Headers {
  const out = new Headers();
  for (const value of response.headers.getSetCookie()) out.append("Set-Cookie", value);
  return out;
}

/** Staff sessions end after this long without a request (docs/decisions/0021). */
const STAFF_IDLE_LIMIT_MS = 12 * 60 * 60_000;
/** How often a staff session's last use is written: not on every request. */
const STAFF_ACTIVITY_EVERY_MS = 15 * 60_000;

/**
 * How long a session checked against the database is taken on trust by this process for
 * storefront pages (docs/decisions/0032-sessions-kept-briefly.md). The back office always asks the
 * database.
 */
export const SESSION_TRUST_MS = 30_000;
const SESSION_MEMO_MAX = 10_000;

interface KnownSession {
  user: CurrentUser;
  token: string;
  updatedAt: Date;
  expiresAt: Date;
  /** When the database last confirmed it (the clock of the request that read it). */
  checkedAt: number;
}

/** Sessions recently confirmed by the database, by the signed cookie that names them; one map per account service. */
const known = new WeakMap<Auth, Map<string, KnownSession>>();
function knownOf(auth: Auth): Map<string, KnownSession> {
  let sessions = known.get(auth);
  if (!sessions) known.set(auth, (sessions = new Map<string, KnownSession>()));
  return sessions;
}

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/;

/** The signed session cookie a request carries, or null. */
function sessionCookieOf(request: Request): string | null {
  const cookie = request.headers.get("cookie");
  return (cookie && SESSION_COOKIE.exec(cookie)?.[1]) || null;
}

/** Forgets what this process knows of an account's sessions (after it ended them). */
function forgetSessionsOf(auth: Auth, userId: string) {
  const sessions = knownOf(auth);
  for (const [cookie, entry] of sessions) if (entry.user.id === userId) sessions.delete(cookie);
}

async function readSession(auth: Auth, request: Request): Promise<Omit<KnownSession, "checkedAt"> | null> {
  const result = await auth.api.getSession({ headers: cookieHeaders(request.headers) });
  if (!result) return null;
  const u = result.user as typeof result.user & { firstName?: string; lastName?: string; role?: string };
  return {
    user: { id: u.id, email: u.email, firstName: u.firstName ?? "", lastName: u.lastName ?? "", role: (u.role as Role) ?? "user" },
    token: result.session.token,
    updatedAt: new Date(result.session.updatedAt),
    expiresAt: new Date(result.session.expiresAt),
  };
}

/**
 * Who sent the request, or null. A staff session unused for 12 hours is deleted and counts as
 * signed out; one used is marked as used at most every 15 minutes. Customers' sessions keep
 * better-auth's 30 days.
 *
 * A session the database confirmed less than SESSION_TRUST_MS ago is taken from this process's
 * memory; `fresh` (the back office, through requireAdmin) always asks the database, so a session
 * ended anywhere (signed out, password changed, account removed or demoted) is refused there at
 * once, and on storefront pages within SESSION_TRUST_MS.
 */
export async function getCurrentUser(request: Request, auth: Auth, now = new Date(), options: { fresh?: boolean } = {}): Promise<CurrentUser | null> {
  const cookie = sessionCookieOf(request);
  if (!cookie) return null;
  const sessions = knownOf(auth);
  let entry = options.fresh ? undefined : sessions.get(cookie);
  if (entry && (now.getTime() - entry.checkedAt >= SESSION_TRUST_MS || now.getTime() < entry.checkedAt || entry.expiresAt <= now)) entry = undefined;
  if (!entry) {
    const read = await readSession(auth, request);
    if (!read) {
      sessions.delete(cookie);
      return null;
    }
    entry = { ...read, checkedAt: now.getTime() };
    sessions.delete(cookie);
    if (sessions.size >= SESSION_MEMO_MAX) sessions.delete(sessions.keys().next().value!);
    sessions.set(cookie, entry);
  }
  if (isAdminRole(entry.user.role)) {
    const idle = now.getTime() - entry.updatedAt.getTime();
    if (idle >= STAFF_ACTIVITY_EVERY_MS) {
      const { internalAdapter } = await auth.$context;
      if (idle >= STAFF_IDLE_LIMIT_MS) {
        sessions.delete(cookie);
        await internalAdapter.deleteSession(entry.token);
        return null;
      }
      // An update, never an insert: a session ended meanwhile stays ended.
      await internalAdapter.updateSession(entry.token, { updatedAt: now });
      entry.updatedAt = now;
    }
  }
  return { ...entry.user };
}

/** Every admin loader and action starts here: anonymous → /login, signed-in non-admins → /. */
export async function requireAdmin(request: Request, auth: Auth): Promise<StaffUser> {
  const user = await getCurrentUser(request, auth, new Date(), { fresh: true });
  if (!user) throw redirect("/login");
  if (!isAdminRole(user.role)) throw redirect("/");
  return { ...user, role: user.role };
}

/**
 * Every account page and action starts here (docs/decisions/0057): anonymous → /login. Like the
 * back office it asks the database afresh, so a session ended anywhere reaches no account data.
 */
export async function requireSignedIn(request: Request, auth: Auth): Promise<CurrentUser> {
  const user = await getCurrentUser(request, auth, new Date(), { fresh: true });
  if (!user) throw redirect("/login");
  return user;
}

/** For main-admin-only work: plain admins are refused with FORBIDDEN and `message`. */
export async function requireMainAdmin(request: Request, auth: Auth, message: string): Promise<StaffUser> {
  const user = await requireAdmin(request, auth);
  if (!isMainAdminRole(user.role)) throw new DomainError("FORBIDDEN", message);
  return user;
}

/**
 * Every main-admin-only action starts here. A plain admin's request is answered at once: a thrown
 * 403 whose body the route shapes from the message (`refusal`), so no route catches the refusal
 * itself, and its error boundary shows the message.
 */
export async function requireMainAdminAction<B>(request: Request, auth: Auth, message: string, refusal: (message: string) => B): Promise<StaffUser> {
  try {
    return await requireMainAdmin(request, auth, message);
  } catch (error) {
    if (isDomainError(error) && error.code === "FORBIDDEN") throw data(refusal(error.message), { status: 403 });
    throw error;
  }
}

/**
 * Signs in with e-mail and password. The attempt is counted against the login limits before the
 * password is checked, so parallel guesses get no more checks than serial ones.
 */
export async function signIn(
  db: Db,
  input: { email: string; password: string; address?: string },
  auth: Auth,
  now = new Date(),
): Promise<{ user: CurrentUser; headers: Headers }> {
  const attempt = await countLoginAttempt(db, input.email, input.address, now);
  const response = await auth.api.signInEmail({
    body: { email: input.email.trim().toLowerCase(), password: input.password },
    headers: new Headers(),
    asResponse: true,
  });
  // A failure keeps its place in every limit.
  if (!response.ok) throw new DomainError("UNAUTHENTICATED", "Invalid email or password.");
  await loginSucceeded(db, attempt);
  await tidySignInRecords(db, now);
  const body = (await response.json()) as { user: { id: string; email: string; firstName?: string; lastName?: string; role?: Role } };
  return {
    user: {
      id: body.user.id,
      email: body.user.email,
      firstName: body.user.firstName ?? "",
      lastName: body.user.lastName ?? "",
      role: body.user.role ?? "user",
    },
    headers: setCookies(response),
  };
}

/**
 * Changes the signed-in account's password. The attempt is counted against the login limits before
 * the current password is checked (guessing it is guessing a login); the new one is held to the
 * account's rule. Every session of the account ends, on every device; this browser gets a new one
 * (its cookie is in the answer's headers).
 */
export async function changePassword(
  db: Db,
  request: Request,
  auth: Auth,
  input: { user: CurrentUser; currentPassword: string; newPassword: string; address?: string },
  now = new Date(),
): Promise<Headers> {
  const attempt = await countLoginAttempt(db, input.user.email, input.address, now);
  assertPasswordAllowed(input.newPassword, passwordAudienceOf(input.user.role));
  const response = await auth.api.changePassword({
    body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
    headers: cookieHeaders(request.headers),
    asResponse: true,
  });
  if (!response.ok) throw new DomainError("INVALID", CURRENT_PASSWORD_WRONG);
  await loginSucceeded(db, attempt);
  forgetSessionsOf(auth, input.user.id);
  return setCookies(response);
}

/** Ends this browser's session. */
export async function signOut(request: Request, auth: Auth): Promise<Headers> {
  const cookie = sessionCookieOf(request);
  if (cookie) knownOf(auth).delete(cookie);
  const response = await auth.api.signOut({ headers: cookieHeaders(request.headers), asResponse: true });
  return setCookies(response);
}

/** Ends every session of the signed-in account, on every browser and device, then this browser's cookie. */
export async function signOutEverywhere(request: Request, auth: Auth): Promise<Headers> {
  const user = await getCurrentUser(request, auth, new Date(), { fresh: true });
  if (user) {
    await (await auth.$context).internalAdapter.deleteUserSessions(user.id);
    forgetSessionsOf(auth, user.id);
  }
  return signOut(request, auth);
}
