import { beforeAll, describe, expect, it } from "vitest";
import { createAuth, loadAuthSecret, type Auth } from "~/modules/accounts/auth.server";
import { upsertAccount } from "~/modules/accounts/accounts.server";
import { answer } from "../../tests/support/route-answer";
import { testTarget, useTestDatabase } from "../../tests/support/test-db";
import { testContext } from "../../tests/support/test-context";
import { action } from "./login";
import { routeArgs } from "../../tests/support/route-args";

const testDb = useTestDatabase();
let auth: Auth;

beforeAll(async () => {
  const { db } = testDb();
  auth = createAuth(db, { secret: await loadAuthSecret(db), baseURL: "http://localhost:3000" });
  await upsertAccount(db, { email: "shopper@example.pk", password: "right-pass", role: "user" });
});

/** Posts the login form from `address` and says what the browser would get back. */
async function post(password: string, address: string) {
  const request = new Request("http://localhost:3000/login", {
    method: "POST",
    body: new URLSearchParams({ email: "shopper@example.pk", password }),
  });
  const a = await answer(() => action(routeArgs({ request, params: {}, context: testContext(testDb(), { auth, clientAddress: address }) })));
  return { status: a.status, location: a.location, retryAfter: a.headers.get("Retry-After"), error: a.data?.error };
}

describe(`the login form under a burst (${testTarget()})`, () => {
  it("30 parallel wrong passwords: 5 are checked, the rest get 429 with Retry-After; the owner elsewhere still gets in", async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => post(`guess-${i}`, "198.51.100.77")));
    const checked = answers.filter((a) => a.status === 401);
    const refused = answers.filter((a) => a.status === 429);
    expect(checked).toHaveLength(5);
    expect(refused).toHaveLength(25);
    for (const a of checked) expect(a.error).toBe("Failed to log in. Invalid email or password.");
    for (const a of refused) {
      const seconds = Number(a.retryAfter);
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(15 * 60);
      expect(a.error).toBe(`Failed to log in. Too many failed attempts. Please wait ${seconds} seconds and try again.`);
    }
    expect((await post("right-pass", "198.51.100.77")).status).toBe(429);
    expect(await post("right-pass", "203.0.113.9")).toMatchObject({ status: 302, location: "/" });
  });

  it("105 wrong passwords from 21 addresses, as the red team sent them: the owner's right password from a fresh address still signs in", async () => {
    for (let a = 1; a <= 21; a++) {
      const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => post(`guess-${a}-${i}`, `192.0.2.${a}`)));
      for (const answer of answers) expect([401, 429]).toContain(answer.status);
    }
    expect(await post("right-pass", "192.0.2.222")).toMatchObject({ status: 302, location: "/" });
  });
});
