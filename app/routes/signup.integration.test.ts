import { eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createAuth, loadAuthSecret, type Auth } from "~/modules/accounts/auth.server";
import { user } from "~/lib/db/tables.server";
import { answer } from "../../tests/support/route-answer";
import { testTarget, useTestDatabase } from "../../tests/support/test-db";
import { testContext } from "../../tests/support/test-context";
import { action } from "./signup";

const testDb = useTestDatabase();
let auth: Auth;

beforeAll(async () => {
  const { db } = testDb();
  auth = createAuth(db, { secret: await loadAuthSecret(db), baseURL: "http://localhost:3000" });
});

/** Posts the signup form from `address` and says what the browser would get back. */
async function post(email: string, password: string, address: string, extra: Record<string, string> = {}) {
  const request = new Request("http://localhost:3000/signup", {
    method: "POST",
    body: new URLSearchParams({ email, password, firstName: "Sana", lastName: "Malik", gender: "female", numberCode: "+92", number: "", ...extra }),
  });
  const a = await answer<{ error?: string } | undefined>(() =>
    action({ request, params: {}, context: testContext(testDb(), { auth, clientAddress: address }) } as never),
  );
  return { status: a.status, location: a.location, retryAfter: a.headers.get("Retry-After"), error: a.data?.error };
}

const accountOf = async (email: string) => (await testDb().db.select().from(user).where(eq(user.email, email)))[0];

describe(`signup passwords (${testTarget()})`, () => {
  it("refuses passwords under 8 characters, only spaces, or common ones, creating nothing", async () => {
    const refused: [password: string, error: string][] = [
      ["123456", "Password must be at least 8 characters."],
      ["1234567", "Password must be at least 8 characters."],
      ["      ", "Password cannot be only spaces."],
      ["        ", "Password cannot be only spaces."],
      ["12345678", "Failed to create an account. This password is too common. Please choose another."],
      ["password1", "Failed to create an account. This password is too common. Please choose another."],
      ["qwertyuiop", "Failed to create an account. This password is too common. Please choose another."],
      ["iloveyou12", "Failed to create an account. This password is too common. Please choose another."],
      ["Pakistan123", "Failed to create an account. This password is too common. Please choose another."],
    ];
    for (const [i, [password, error]] of refused.entries()) {
      const email = `weak-${i}@example.pk`;
      expect(await post(email, password, `198.51.100.${i + 1}`), JSON.stringify(password)).toMatchObject({ status: 400, error });
      expect(await accountOf(email), JSON.stringify(password)).toBeUndefined();
    }
  });

  it("takes a long enough password that is not common, and a passphrase", async () => {
    for (const [i, password] of ["saddle-stitch-4417", "Saddle-Stitch-4417", "walnut ledger monsoon kettle"].entries()) {
      const email = `strong-${i}@example.pk`;
      expect(await post(email, password, "198.51.100.50"), password).toMatchObject({ status: 302, location: "/" });
      expect((await accountOf(email))?.role).toBe("user");
    }
  });
});

describe(`the signup form and roles (${testTarget()})`, () => {
  it("makes a customer even when the form names a staff role", async () => {
    for (const [i, role] of ["admin", "main-admin"].entries()) {
      const email = `climber-form-${i}@example.pk`;
      expect(await post(email, "saddle-stitch-4417", "198.51.100.60", { role }), role).toMatchObject({ status: 302, location: "/" });
      expect((await accountOf(email))?.role, role).toBe("user");
    }
  });
});

describe(`the signup form under a burst (${testTarget()})`, () => {
  it("90 parallel signups from one address create at most 30 accounts; the rest get 429 with Retry-After; another address still signs up", async () => {
    const answers = await Promise.all(Array.from({ length: 90 }, (_, i) => post(`burst-${i}@example.pk`, "saddle-stitch-4417", "203.0.113.7")));
    const created = await testDb().db.select().from(user).where(like(user.email, "burst-%"));
    // Exactly the limit (30 in 15 minutes): none more, and none of the allowed ones lost.
    expect(created.length).toBeLessThanOrEqual(30);
    expect(created).toHaveLength(30);
    expect(answers.filter((a) => a.status === 302)).toHaveLength(created.length);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(90 - created.length);
    for (const a of refused) {
      const seconds = Number(a.retryAfter);
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(15 * 60);
      const minutes = Math.ceil(seconds / 60);
      expect(a.error).toBe(
        `Failed to create an account. Too many sign-ups from your network. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
      );
    }
    // The same address stays refused; a shopper elsewhere is not held up.
    expect((await post("burst-late@example.pk", "saddle-stitch-4417", "203.0.113.7")).status).toBe(429);
    expect(await post("elsewhere@example.pk", "saddle-stitch-4417", "203.0.113.8")).toMatchObject({ status: 302, location: "/" });
  });

  it("counts an IPv6 network by its /64", async () => {
    for (let i = 0; i < 30; i++) expect((await post(`v6-${i}@example.pk`, "saddle-stitch-4417", `2001:db8:5:6::${i + 1}`)).status).toBe(302);
    expect((await post("v6-late@example.pk", "saddle-stitch-4417", "2001:db8:5:6:ffff::1")).status).toBe(429);
  });
});
