import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { mailOutbox } from "~/lib/db/tables/messages.server";
import { upsertAccount } from "~/modules/accounts/accounts.server";
import { LINK_EXPIRED, LINK_NOT_VALID, PASSWORD_SET } from "~/modules/accounts/password-link";
import { requestPasswordReset } from "~/modules/accounts/password-link.server";
import { answer, flashOf } from "../../tests/support/route-answer";
import { testTarget, useTestDatabase } from "../../tests/support/test-db";
import { testContext } from "../../tests/support/test-context";
import { action, loader } from "./reset-password";
import { routeArgs } from "../../tests/support/route-args";

const testDb = useTestDatabase();
const HOUR = 60 * 60_000;

let n = 0;
async function linkFor(role: "user" | "admin", asked = new Date()) {
  const email = `reset-${++n}@example.pk`;
  await upsertAccount(testDb().db, { email, password: "Walnut-Saddle-Thread-41", role });
  await requestPasswordReset(testDb().db, { email, address: `198.51.100.${n}`, baseUrl: "http://localhost:3000" }, asked);
  const [mail] = await testDb().db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  return /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
}

const open = (token: string) =>
  answer(() =>
    loader(routeArgs({ request: new Request(`http://localhost:3000/reset-password?token=${token}`), params: {}, context: testContext(testDb()) })),
  );

const submit = (token: string, password: string) =>
  answer(() =>
    action(
      routeArgs({
        request: new Request("http://localhost:3000/reset-password", { method: "POST", body: new URLSearchParams({ token, password }) }),
        params: {},
        context: testContext(testDb()),
      }),
    ),
  );

describe(`the reset-password page (${testTarget()})`, () => {
  it("opens with the account's rule, sets the password and sends to /login with a message; the link then says it is used", async () => {
    const token = await linkFor("user");
    expect(await open(token)).toMatchObject({ status: 200, data: { token, audience: "customer", linkError: null } });
    expect(await submit(token, "short")).toMatchObject({ status: 400, data: { error: "Password must be at least 8 characters." } });
    expect(await submit(token, "password1")).toMatchObject({
      status: 400,
      data: { error: "This password is too common. Please choose another.", linkError: null },
    });
    const done = await submit(token, "Indigo-Buckle-Harbour-77");
    expect(done).toMatchObject({ status: 302, location: "/login" });
    expect(flashOf(done)).toBe(PASSWORD_SET);
    expect(await open(token)).toMatchObject({ status: 400, data: { linkError: LINK_NOT_VALID } });
    expect(await submit(token, "Indigo-Buckle-Harbour-77")).toMatchObject({ status: 400, data: { linkError: LINK_NOT_VALID, error: null } });
  });

  it("a staff account's link asks for a staff password", async () => {
    const token = await linkFor("admin");
    expect(await open(token)).toMatchObject({ data: { audience: "staff" } });
    expect(await submit(token, "Tan-Hide-42")).toMatchObject({ status: 400, data: { error: "Staff passwords must be at least 12 characters." } });
  });

  it("an expired, altered, missing or overlong token says so at once", async () => {
    const expired = await linkFor("user", new Date(Date.now() - HOUR - 1000));
    expect(await open(expired)).toMatchObject({ status: 400, data: { linkError: LINK_EXPIRED } });
    expect(await submit(expired, "Indigo-Buckle-Harbour-77")).toMatchObject({ status: 400, data: { linkError: LINK_EXPIRED } });
    for (const token of [`${expired}x`, "", "a".repeat(500)]) {
      expect(await open(token)).toMatchObject({ status: 400, data: { linkError: LINK_NOT_VALID } });
      expect(await submit(token, "Indigo-Buckle-Harbour-77")).toMatchObject({ status: 400, data: { linkError: LINK_NOT_VALID } });
    }
  });
});
