import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createAuth, loadAuthSecret, setAuth, type Auth } from "~/lib/auth.server";
import { setDatabase } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { user } from "~/lib/schema.server";
import { createTestDatabase, testTarget, type TestDatabase } from "../../../tests/support/test-db";
import { upsertAccount } from "./accounts.server";
import { signupSchema } from "./account.schema";
import { getCurrentUser, requireAdmin, requireMainAdmin, signIn, signUp } from "./session.server";
import { loader as dashboardLoader } from "~/routes/admin-dashboard";

let database: TestDatabase;
let auth: Auth;

beforeAll(async () => {
  database = await createTestDatabase();
  auth = createAuth(database.db, { secret: await loadAuthSecret(database.db), baseURL: "http://localhost:3000" });
  setDatabase(database);
  setAuth(auth);
  await upsertAccount(database.db, { email: "admin@example.pk", password: "admin-pass", role: "admin" });
  await upsertAccount(database.db, { email: "main@example.pk", password: "main-pass", role: "main-admin" });
});
afterAll(async () => {
  setAuth(undefined);
  setDatabase(undefined);
  await database?.close();
});

function requestWith(headers: Headers | null, path = "/admin") {
  const cookie = headers ? headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") : "";
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
    const { headers } = await signUp(database.db, { ...input, role: "main-admin" } as never, auth);
    const [row] = await database.db.select().from(user).where(eq(user.email, "eve@example.pk"));
    expect(row.role).toBe("user");
    expect(Object.values(row).join(" ")).not.toContain("eve-walnut-ledger-82");
    expect((await getCurrentUser(requestWith(headers), auth))?.role).toBe("user");
  });

  it("every admin loader refuses anonymous visitors and customers", async () => {
    await expectRedirect(dashboardLoader({ request: requestWith(null), params: {}, context: {} } as never), "/login");
    const customer = await signIn(database.db, { email: "eve@example.pk", password: "eve-walnut-ledger-82" }, auth);
    await expectRedirect(dashboardLoader({ request: requestWith(customer.headers), params: {}, context: {} } as never), "/");
    const admin = await signIn(database.db, { email: "admin@example.pk", password: "admin-pass" }, auth);
    const data = await dashboardLoader({ request: requestWith(admin.headers), params: {}, context: {} } as never);
    expect(data.summary.orders).toEqual({ confirmed: 0, shipped: 0, completed: 0, cancelled: 0 });
  });

  it("main-admin-only actions refuse plain admins", async () => {
    const admin = await signIn(database.db, { email: "admin@example.pk", password: "admin-pass" }, auth);
    const main = await signIn(database.db, { email: "main@example.pk", password: "main-pass" }, auth);
    const message = "Access denied. Only Main Admins can create admin accounts.";
    await expect(requireMainAdmin(requestWith(admin.headers), message)).rejects.toEqual(new DomainError("FORBIDDEN", message));
    expect((await requireMainAdmin(requestWith(main.headers), message)).email).toBe("main@example.pk");
    expect((await requireAdmin(requestWith(main.headers))).role).toBe("main-admin");
  });

  it("a forged or expired session cookie is nobody", async () => {
    const forged = new Request("http://localhost:3000/admin", { headers: { cookie: "better-auth.session_token=forged.value" } });
    expect(await getCurrentUser(forged, auth)).toBeNull();
  });

  it("throttles guessing: after five failures from one address the account waits there, not elsewhere", async () => {
    await upsertAccount(database.db, { email: "victim@example.pk", password: "right-pass", role: "user" });
    for (let i = 0; i < 5; i++) {
      await expect(signIn(database.db, { email: "victim@example.pk", password: `guess-${i}`, address: "10.9.8.7" }, auth)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    }
    await expect(signIn(database.db, { email: "VICTIM@example.pk", password: "right-pass", address: "10.9.8.7" }, auth)).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
    });
    const elsewhere = await signIn(database.db, { email: "VICTIM@example.pk", password: "right-pass", address: "10.1.1.1" }, auth);
    expect(elsewhere.user.email).toBe("victim@example.pk");
  });
});
