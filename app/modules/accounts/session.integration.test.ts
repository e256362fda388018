import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createAuth, loadAuthSecret, type Auth } from "~/modules/accounts/auth.server";
import { DomainError } from "~/lib/errors";
import { session, user } from "~/lib/db/tables/accounts.server";
import { createTestDatabase, testTarget, type TestDatabase } from "../../../tests/support/test-db";
import { notGiven, testContext } from "../../../tests/support/test-context";
import { upsertAccount } from "./accounts.server";
import { signupSchema } from "./account.schema";
import { getCurrentUser, requireAdmin, requireMainAdmin, SESSION_TRUST_MS, signIn } from "./session.server";
import { confirmSignup, requestSignup } from "./signup.server";
import { signupTokenMailedTo } from "../../../tests/support/signup-mail";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { action as logoutAction } from "~/routes/logout";
import { routeArgs } from "../../../tests/support/route-args";

let database: TestDatabase;
let auth: Auth;

beforeAll(async () => {
  database = await createTestDatabase();
  auth = createAuth(database.db, { secret: await loadAuthSecret(database.db), baseURL: "http://localhost:3000" });
  await upsertAccount(database.db, { email: "admin@example.pk", password: "admin-pass", role: "admin" });
  await upsertAccount(database.db, { email: "main@example.pk", password: "main-pass", role: "main-admin" });
});
afterAll(async () => {
  await database?.close();
});

function requestWith(headers: Headers | null, path = "/admin") {
  const cookie = headers
    ? headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ")
    : "";
  return new Request(`http://localhost:3000${path}`, { headers: cookie ? { cookie } : {} });
}

async function expectRedirect(promise: Promise<unknown>, to: string) {
  const thrown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(thrown).toBeInstanceOf(Response);
  expect((thrown as Response).status).toBe(302);
  expect((thrown as Response).headers.get("Location")).toBe(to);
}

describe(`accounts and the admin guard (${testTarget()})`, () => {
  it("a role sent at signup is ignored: the account is a customer", async () => {
    const input = signupSchema.parse({
      email: "eve@example.pk",
      password: "eve-walnut-ledger-82",
      firstName: "Eve",
      lastName: "X",
      gender: "female",
      role: "main-admin",
    });
    expect(input).not.toHaveProperty("role");
    const withRole = { ...input, role: "main-admin", baseUrl: "http://localhost:3000" };
    await requestSignup(database.db, withRole);
    await confirmSignup(database.db, (await signupTokenMailedTo(database.db, "eve@example.pk"))!);
    const [row] = await database.db.select().from(user).where(eq(user.email, "eve@example.pk"));
    expect(row.role).toBe("user");
    expect(Object.values(row).join(" ")).not.toContain("eve-walnut-ledger-82");
    const { headers } = await signIn(database.db, { email: "eve@example.pk", password: "eve-walnut-ledger-82" }, auth);
    expect((await getCurrentUser(requestWith(headers), auth))?.role).toBe("user");
  });

  it("every admin loader refuses anonymous visitors and customers", async () => {
    await expectRedirect(dashboardLoader(routeArgs({ request: requestWith(null), params: {}, context: testContext(database, { auth }) })), "/login");
    const customer = await signIn(database.db, { email: "eve@example.pk", password: "eve-walnut-ledger-82" }, auth);
    await expectRedirect(
      dashboardLoader(routeArgs({ request: requestWith(customer.headers), params: {}, context: testContext(database, { auth }) })),
      "/",
    );
    const admin = await signIn(database.db, { email: "admin@example.pk", password: "admin-pass" }, auth);
    const data = await dashboardLoader(routeArgs({ request: requestWith(admin.headers), params: {}, context: testContext(database, { auth }) }));
    expect(data.summary.orders).toEqual({ confirmed: 0, shipped: 0, completed: 0, cancelled: 0, returned: 0 });
  });

  it("main-admin-only actions refuse plain admins", async () => {
    const admin = await signIn(database.db, { email: "admin@example.pk", password: "admin-pass" }, auth);
    const main = await signIn(database.db, { email: "main@example.pk", password: "main-pass" }, auth);
    const message = "Access denied. Only Main Admins can create admin accounts.";
    await expect(requireMainAdmin(requestWith(admin.headers), auth, message)).rejects.toEqual(new DomainError("FORBIDDEN", message));
    expect((await requireMainAdmin(requestWith(main.headers), auth, message)).email).toBe("main@example.pk");
    expect((await requireAdmin(requestWith(main.headers), auth)).role).toBe("main-admin");
  });

  it("a forged or expired session cookie is nobody", async () => {
    const forged = new Request("http://localhost:3000/admin", { headers: { cookie: "better-auth.session_token=forged.value" } });
    expect(await getCurrentUser(forged, auth)).toBeNull();
  });

  it("throttles guessing: after five failures from one address the account waits there, not elsewhere", async () => {
    await upsertAccount(database.db, { email: "victim@example.pk", password: "right-pass", role: "user" });
    for (let i = 0; i < 5; i++) {
      await expect(signIn(database.db, { email: "victim@example.pk", password: `guess-${i}`, address: "10.9.8.7" }, auth)).rejects.toMatchObject({
        code: "UNAUTHENTICATED",
      });
    }
    await expect(signIn(database.db, { email: "VICTIM@example.pk", password: "right-pass", address: "10.9.8.7" }, auth)).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
    });
    const elsewhere = await signIn(database.db, { email: "VICTIM@example.pk", password: "right-pass", address: "10.1.1.1" }, auth);
    expect(elsewhere.user.email).toBe("victim@example.pk");
  });
});

const HOUR = 60 * 60_000;

/** The session rows of one account. */
const sessionsOf = (userId: string) => database.db.select().from(session).where(eq(session.userId, userId));

/** The session row a browser's cookie names (the cookie holds the token and its signature). */
async function sessionOf(headers: Headers) {
  const cookie = headers.getSetCookie().find((c) => c.startsWith("better-auth.session_token="))!;
  const token = decodeURIComponent(cookie.split(";")[0].slice("better-auth.session_token=".length)).split(".")[0];
  const [row] = await database.db.select().from(session).where(eq(session.token, token));
  return row;
}

/** Pretends the account's sessions were last used `ms` ago. */
async function lastUsedAgo(userId: string, ms: number) {
  await database.db
    .update(session)
    .set({ updatedAt: new Date(Date.now() - ms) })
    .where(eq(session.userId, userId));
}

describe(`staff sessions end after 12 hours without use (${testTarget()})`, () => {
  it("a staff session unused for 12 hours is signed out and its row removed; the back office sends it to /login", async () => {
    const admin = await signIn(database.db, { email: "admin@example.pk", password: "admin-pass" }, auth);
    await lastUsedAgo(admin.user.id, 12 * HOUR + 60_000);
    await expectRedirect(
      dashboardLoader(routeArgs({ request: requestWith(admin.headers), params: {}, context: testContext(database, { auth }) })),
      "/login",
    );
    expect(await getCurrentUser(requestWith(admin.headers), auth)).toBeNull();
    expect(await sessionOf(admin.headers)).toBeUndefined();
  });

  it("the same with a clock moved 12 hours on", async () => {
    const main = await signIn(database.db, { email: "main@example.pk", password: "main-pass" }, auth);
    expect((await getCurrentUser(requestWith(main.headers), auth, new Date(Date.now() + 11 * HOUR)))?.role).toBe("main-admin");
    expect(await getCurrentUser(requestWith(main.headers), auth, new Date(Date.now() + 23 * HOUR + 60_000))).toBeNull();
    expect(await getCurrentUser(requestWith(main.headers), auth)).toBeNull();
  });

  it("use keeps it alive: a request after 11 hours records the activity, without a write on every request", async () => {
    const admin = await signIn(database.db, { email: "admin@example.pk", password: "admin-pass" }, auth);
    await lastUsedAgo(admin.user.id, 11 * HOUR);
    expect((await getCurrentUser(requestWith(admin.headers), auth))?.email).toBe("admin@example.pk");
    const refreshed = await sessionOf(admin.headers);
    expect(Date.now() - refreshed.updatedAt.getTime()).toBeLessThan(60_000);

    // Used 5 minutes ago: read, not written.
    await lastUsedAgo(admin.user.id, 5 * 60_000);
    const before = await sessionOf(admin.headers);
    expect((await getCurrentUser(requestWith(admin.headers), auth))?.email).toBe("admin@example.pk");
    const after = await sessionOf(admin.headers);
    expect(after.updatedAt.getTime()).toBe(before.updatedAt.getTime());

    // 11 more hours after the recorded activity: still signed in.
    expect((await getCurrentUser(requestWith(admin.headers), auth, new Date(Date.now() + 11 * HOUR)))?.email).toBe("admin@example.pk");
  });

  it("a customer's session is not held to the staff rule", async () => {
    const customer = await signIn(database.db, { email: "eve@example.pk", password: "eve-walnut-ledger-82" }, auth);
    await lastUsedAgo(customer.user.id, 5 * 24 * HOUR);
    expect((await getCurrentUser(requestWith(customer.headers), auth))?.email).toBe("eve@example.pk");
  });
});

describe(`logging out (${testTarget()})`, () => {
  const logout = (headers: Headers, form: Record<string, string> = {}) => {
    const cookie = headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const request = new Request("http://localhost:3000/logout", { method: "POST", headers: { cookie }, body: new URLSearchParams(form) });
    return logoutAction(routeArgs({ request, params: {}, context: testContext(database, { auth }) }));
  };

  it("'Log out' ends this session only", async () => {
    const first = await signIn(database.db, { email: "main@example.pk", password: "main-pass" }, auth);
    const second = await signIn(database.db, { email: "main@example.pk", password: "main-pass" }, auth);
    const response = await logout(first.headers);
    expect(response.status).toBe(302);
    expect(response.headers.getSetCookie().join(" ")).toMatch(/session_token=;/);
    expect(await getCurrentUser(requestWith(first.headers), auth)).toBeNull();
    expect((await getCurrentUser(requestWith(second.headers), auth))?.email).toBe("main@example.pk");
  });

  it("'Log out of all devices' ends every session of the account, and no other account's", async () => {
    const here = await signIn(database.db, { email: "main@example.pk", password: "main-pass" }, auth);
    const there = await signIn(database.db, { email: "main@example.pk", password: "main-pass" }, auth);
    const colleague = await signIn(database.db, { email: "admin@example.pk", password: "admin-pass" }, auth);
    const response = await logout(here.headers, { everywhere: "1" });
    expect(response).toMatchObject({ status: 302 });
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.getSetCookie().join(" ")).toMatch(/session_token=;/);
    expect(await getCurrentUser(requestWith(here.headers), auth)).toBeNull();
    expect(await getCurrentUser(requestWith(there.headers), auth)).toBeNull();
    expect(await sessionsOf(here.user.id)).toHaveLength(0);
    expect((await getCurrentUser(requestWith(colleague.headers), auth))?.email).toBe("admin@example.pk");
  });

  it("a signed-out browser asking to log out everywhere ends nobody's sessions", async () => {
    const main = await signIn(database.db, { email: "main@example.pk", password: "main-pass" }, auth);
    const response = await logout(new Headers(), { everywhere: "1" });
    expect(response.status).toBe(302);
    expect((await getCurrentUser(requestWith(main.headers), auth))?.email).toBe("main@example.pk");
  });
});

describe(`sessions taken on trust for a moment (${testTarget()})`, () => {
  /** Ends an account's sessions as another instance would: in the database only. */
  const endedElsewhere = (userId: string) => database.db.delete(session).where(eq(session.userId, userId));

  it("a storefront page reads a confirmed session from memory, without the database", async () => {
    const customer = await signIn(database.db, { email: "eve@example.pk", password: "eve-walnut-ledger-82" }, auth);
    const now = new Date();
    expect((await getCurrentUser(requestWith(customer.headers, "/"), auth, now))?.email).toBe("eve@example.pk");
    await endedElsewhere(customer.user.id);
    // Within the trust period: still known here.
    expect((await getCurrentUser(requestWith(customer.headers, "/"), auth, new Date(now.getTime() + SESSION_TRUST_MS - 1000)))?.email).toBe(
      "eve@example.pk",
    );
    // After it: asked again, and gone.
    expect(await getCurrentUser(requestWith(customer.headers, "/"), auth, new Date(now.getTime() + SESSION_TRUST_MS))).toBeNull();
  });

  it("the back office always asks the database: a staff session ended elsewhere is refused at once", async () => {
    const admin = await signIn(database.db, { email: "admin@example.pk", password: "admin-pass" }, auth);
    expect((await getCurrentUser(requestWith(admin.headers, "/"), auth))?.role).toBe("admin");
    await endedElsewhere(admin.user.id);
    await expectRedirect(
      dashboardLoader(routeArgs({ request: requestWith(admin.headers), params: {}, context: testContext(database, { auth }) })),
      "/login",
    );
    await expect(requireAdmin(requestWith(admin.headers), auth)).rejects.toBeInstanceOf(Response);
    // And the storefront forgets it too, once the database said so.
    expect(await getCurrentUser(requestWith(admin.headers, "/"), auth)).toBeNull();
  });

  it("a staff member made a customer loses the back office at once", async () => {
    await upsertAccount(database.db, { email: "temp-staff@example.pk", password: "temp-staff-pass", role: "admin" });
    const staff = await signIn(database.db, { email: "temp-staff@example.pk", password: "temp-staff-pass" }, auth);
    expect((await requireAdmin(requestWith(staff.headers), auth)).role).toBe("admin");
    await database.db.update(user).set({ role: "user" }).where(eq(user.id, staff.user.id));
    await expectRedirect(
      dashboardLoader(routeArgs({ request: requestWith(staff.headers), params: {}, context: testContext(database, { auth }) })),
      "/",
    );
  });

  it("logging out here forgets the session here at once", async () => {
    const main = await signIn(database.db, { email: "main@example.pk", password: "main-pass" }, auth);
    expect((await getCurrentUser(requestWith(main.headers, "/"), auth))?.email).toBe("main@example.pk");
    const cookie = main.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    await logoutAction(
      routeArgs({
        request: new Request("http://localhost:3000/logout", { method: "POST", headers: { cookie }, body: new URLSearchParams() }),
        params: {},
        context: testContext(database, { auth }),
      }),
    );
    expect(await getCurrentUser(requestWith(main.headers, "/"), auth)).toBeNull();
  });

  it("a request without a session cookie costs nothing", async () => {
    const request = new Request("http://localhost:3000/", { headers: { cookie: "cart=1; flash=x" } });
    expect(await getCurrentUser(request, notGiven<Auth>("an account service to ask"))).toBeNull();
  });
});
