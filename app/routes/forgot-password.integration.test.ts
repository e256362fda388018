import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getEnv } from "~/config.server";
import { mailOutbox } from "~/lib/db/tables/messages.server";
import { upsertAccount } from "~/modules/accounts/accounts.server";
import { LINK_REQUESTED } from "~/modules/accounts/password-link";
import { answer } from "../../tests/support/route-answer";
import { testTarget, useTestDatabase } from "../../tests/support/test-db";
import { testContext } from "../../tests/support/test-context";
import { action } from "./forgot-password";
import { routeArgs } from "../../tests/support/route-args";

const testDb = useTestDatabase();

beforeAll(async () => {
  const { db } = testDb();
  await upsertAccount(db, { email: "known@example.pk", password: "Walnut-Saddle-Thread-41", role: "user" });
});

async function post(email: string, address: string, at = "http://localhost:3812", headers: Record<string, string> = {}) {
  const request = new Request(`${at}/forgot-password`, { method: "POST", body: new URLSearchParams({ email }), headers });
  const a = await answer(() => action(routeArgs({ request, params: {}, context: testContext(testDb(), { clientAddress: address }) })));
  return { status: a.status, retryAfter: a.headers.get("Retry-After"), data: a.data };
}

describe(`the forgot-password form (${testTarget()})`, () => {
  it("answers an address with an account and one without alike; only the account gets a mail, with a link to this shop", async () => {
    const known = await post("known@example.pk", "198.51.100.1");
    const unknown = await post("nobody@example.pk", "198.51.100.1");
    expect(known).toEqual({ status: 200, retryAfter: null, data: { error: null, sent: true, email: "known@example.pk" } });
    expect(unknown).toEqual({ status: 200, retryAfter: null, data: { error: null, sent: true, email: "nobody@example.pk" } });
    expect(LINK_REQUESTED).toBe(
      "If an account exists for that email, we have sent it a link to set a new password. The link works once, for 1 hour.",
    );
    const mails = await testDb().db.select().from(mailOutbox).where(eq(mailOutbox.to, "known@example.pk"));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`\n${getEnv().publicUrl}/reset-password?token=`);
    expect(mails[0].text).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]{43}\n/);
    expect(await testDb().db.select().from(mailOutbox).where(eq(mailOutbox.to, "nobody@example.pk"))).toHaveLength(0);
  });

  it("builds the link from the shop's configured address, whatever host the request names", async () => {
    // The server hands the page a request addressed to the Host it was sent (or, behind a trusted
    // proxy, to X-Forwarded-Host): neither may choose where the link points.
    const forged = { Host: "evil.example", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" };
    await upsertAccount(testDb().db, { email: "steered@example.pk", password: "Walnut-Saddle-Thread-41", role: "admin" });
    expect((await post("steered@example.pk", "198.51.100.3", "http://evil.example", forged)).status).toBe(200);
    expect((await post("steered@example.pk", "198.51.100.3", "https://evil.example", forged)).status).toBe(200);
    const mails = await testDb().db.select().from(mailOutbox).where(eq(mailOutbox.to, "steered@example.pk"));
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(new URL(link).origin, link).toBe(new URL(getEnv().publicUrl).origin);
      expect(mail.text).not.toContain("evil.example");
    }
  });

  it("a bad address is a 400 with the signup form's message", async () => {
    expect(await post("not-an-address", "198.51.100.2")).toMatchObject({
      status: 400,
      data: { error: "Please enter a valid email address.", sent: false },
    });
    expect(await post("", "198.51.100.2")).toMatchObject({ status: 400, data: { error: "Please fill out all required fields." } });
  });

  it("a burst for one e-mail from one address: 5 are answered, the rest get 429 with Retry-After and a clear message", async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => post("burst@example.pk", "203.0.113.1")));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(3);
    for (const a of refused) {
      expect(Number(a.retryAfter)).toBeGreaterThan(0);
      expect(a.data.error).toBe("Too many requests for a password link. Please wait 60 minutes and try again.");
    }
  });

  it("5 requests naming someone's e-mail from elsewhere do not stop that person's own: the mail comes", async () => {
    await upsertAccount(testDb().db, { email: "victim@example.pk", password: "Walnut-Saddle-Thread-41", role: "user" });
    for (let i = 0; i < 5; i++) expect((await post("victim@example.pk", `203.0.113.${40 + i}`)).status).toBe(200);
    const mails = async () => (await testDb().db.select().from(mailOutbox).where(eq(mailOutbox.to, "victim@example.pk"))).length;
    const before = await mails();
    expect(await post("victim@example.pk", "198.51.100.99")).toMatchObject({ status: 200, data: { sent: true } });
    expect(await mails()).toBe(before + 1);
  });
});
