import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createAuth, loadAuthSecret, type Auth } from "~/modules/accounts/auth.server";
import { newId } from "~/lib/ids";
import { account, session, user, verification } from "~/lib/db/tables/accounts.server";
import { mailOutbox } from "~/lib/db/tables/messages.server";
import { testTarget, useTestDatabase } from "../../../tests/support/test-db";
import { upsertAccount } from "./accounts.server";
import { LINK_EXPIRED, LINK_NOT_VALID } from "./password-link";
import { findPasswordLink, PASSWORD_LINK_LIMITS, requestPasswordReset, sendInvitation, setPasswordWithLink } from "./password-link.server";
import { PASSWORD_COMMON, PASSWORD_TOO_SHORT } from "./password-rules";
import { signIn } from "./session.server";
import { aStringMatching } from "../../../tests/support/matchers";

/*
 * Getting back in (docs/decisions/0029): a link by mail, valid 1 hour (7 days for an invitation),
 * used once, kept only as a hash; setting the password ends every session of the account.
 */
const testDb = useTestDatabase();
let auth: Auth;

beforeAll(async () => {
  const { db } = testDb();
  auth = createAuth(db, { secret: await loadAuthSecret(db), baseURL: "http://localhost:3000" });
});

const BASE = "https://shop.example.pk";
const OLD = "Walnut-Saddle-Thread-41";
const NEW = "Indigo-Buckle-Harbour-77";
const HOUR = 60 * 60_000;
const TOO_MANY = /^Too many requests for a password link\. Please wait \d+ minutes? and try again\.$/;

let n = 0;
const fresh = (name = "shopper") => `${name}-${++n}@example.pk`;
const address = () => `198.51.100.${++n % 250}`;

async function customer(email = fresh(), role: "user" | "admin" = "user") {
  await upsertAccount(testDb().db, { email, password: OLD, role });
  return email;
}

async function mailsTo(email: string) {
  return testDb().db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
}

/** The token in the last mail to this address. */
async function tokenFromMail(email: string) {
  const mails = await mailsTo(email);
  const match = /https:\/\/shop\.example\.pk\/reset-password\?token=([A-Za-z0-9_-]+)\n/.exec(mails.at(-1)?.text ?? "");
  if (!match) throw new Error(`no link in the mail to ${email}`);
  return match[1];
}

async function sessionsOf(email: string) {
  const { db } = testDb();
  const [u] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return db.select().from(session).where(eq(session.userId, u.id));
}

const logIn = (email: string, password: string) => signIn(testDb().db, { email, password, address: address() }, auth);

async function failure(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error("expected a refusal");
    },
    (e: unknown) => e as { code: string; message: string },
  );
}

describe(`getting back in (${testTarget()})`, () => {
  it("a request mails a link; the link sets the password, ends every session, and works once", async () => {
    const email = await customer();
    await logIn(email, OLD);
    await logIn(email, OLD);
    expect(await sessionsOf(email)).toHaveLength(2);

    await requestPasswordReset(testDb().db, { email: email.toUpperCase(), address: address(), baseUrl: BASE });
    const [mail] = await mailsTo(email);
    expect(mail.subject).toBe("Reset your Chamra Leather password");
    expect(mail.status).toBe("pending");
    const token = await tokenFromMail(email);

    // Only a hash of the token is kept.
    const stored = await testDb().db.select().from(verification);
    expect(stored.some((row) => row.identifier.includes(token) || row.value.includes(token))).toBe(false);

    await expect(setPasswordWithLink(testDb().db, { token, password: NEW })).resolves.toEqual({ email });
    expect(await sessionsOf(email)).toHaveLength(0);
    await expect(logIn(email, NEW)).resolves.toMatchObject({ user: { email } });
    await expect(failure(logIn(email, OLD))).resolves.toMatchObject({ code: "UNAUTHENTICATED" });
    const [u] = await testDb().db.select().from(user).where(eq(user.email, email));
    expect(u.emailVerified).toBe(true);

    // Used: it is gone.
    await expect(failure(setPasswordWithLink(testDb().db, { token, password: "Another-Fresh-Phrase-09" }))).resolves.toMatchObject({
      code: "INVALID",
      message: LINK_NOT_VALID,
    });
    await expect(logIn(email, NEW)).resolves.toBeTruthy();
  });

  it("setting a password uses up every other link of the account too", async () => {
    const email = await customer();
    const db = testDb().db;
    await requestPasswordReset(db, { email, address: address(), baseUrl: BASE });
    const first = await tokenFromMail(email);
    await requestPasswordReset(db, { email, address: address(), baseUrl: BASE });
    const second = await tokenFromMail(email);
    expect(second).not.toBe(first);
    await setPasswordWithLink(db, { token: second, password: NEW });
    await expect(failure(setPasswordWithLink(db, { token: first, password: NEW }))).resolves.toMatchObject({ message: LINK_NOT_VALID });
  });

  it("an expired link is refused with its own message, and a changed or missing token as not valid", async () => {
    const email = await customer();
    const db = testDb().db;
    const asked = new Date(Date.now() - HOUR - 1000);
    await requestPasswordReset(db, { email, address: address(), baseUrl: BASE }, asked);
    const token = await tokenFromMail(email);
    // Just before the hour is out it still works (nothing used up by looking).
    await expect(findPasswordLink(db, token, new Date(asked.getTime() + HOUR - 1))).resolves.toMatchObject({ email, audience: "customer" });
    await expect(failure(setPasswordWithLink(db, { token, password: NEW }))).resolves.toMatchObject({ code: "INVALID", message: LINK_EXPIRED });
    await expect(failure(setPasswordWithLink(db, { token, password: NEW }, new Date(asked.getTime() + HOUR)))).resolves.toMatchObject({
      message: LINK_EXPIRED,
    });
    for (const altered of [`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`, "", "x".repeat(200)]) {
      await expect(failure(setPasswordWithLink(db, { token: altered, password: NEW }))).resolves.toMatchObject({ message: LINK_NOT_VALID });
    }
    await expect(logIn(email, OLD)).resolves.toBeTruthy();
  });

  it("an address without an account gets the same answer, and no link and no mail are made", async () => {
    const db = testDb().db;
    const before = (await db.select().from(verification)).length;
    const nobody = fresh("nobody");
    await expect(requestPasswordReset(db, { email: nobody, address: address(), baseUrl: BASE })).resolves.toBeUndefined();
    expect(await mailsTo(nobody)).toHaveLength(0);
    expect(await db.select().from(verification)).toHaveLength(before);
  });

  it("requests are counted before the address is looked up, also in parallel: 5 per e-mail and address per hour", async () => {
    const db = testDb().db;
    for (const email of [await customer(), fresh("nobody")]) {
      const from = address();
      const results = await Promise.allSettled(Array.from({ length: 9 }, () => requestPasswordReset(db, { email, address: from, baseUrl: BASE })));
      const refused = results.filter((r) => r.status === "rejected");
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(PASSWORD_LINK_LIMITS.emailAddress.limit);
      expect(refused).toHaveLength(9 - PASSWORD_LINK_LIMITS.emailAddress.limit);
      for (const r of refused) expect(r.reason).toMatchObject({ code: "TOO_MANY_REQUESTS", message: aStringMatching(TOO_MANY) });
    }
  });

  it("once one e-mail has had 5 requests in the hour from anywhere, each address may ask for it twice an hour", async () => {
    const db = testDb().db;
    const email = await customer();
    const spread = Array.from({ length: 5 }, () => address());
    await Promise.all(spread.map((from) => requestPasswordReset(db, { email, address: from, baseUrl: BASE })));
    // An address that asked once before may ask once more; a new one twice; in parallel as one after another.
    const again = await Promise.allSettled(Array.from({ length: 4 }, () => requestPasswordReset(db, { email, address: spread[0], baseUrl: BASE })));
    expect(again.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const fresh = address();
    const first = await Promise.allSettled(Array.from({ length: 4 }, () => requestPasswordReset(db, { email, address: fresh, baseUrl: BASE })));
    expect(first.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    expect(await mailsTo(email)).toHaveLength(5 + 1 + 2);
  });

  it("requests naming someone's e-mail, from one address or many, do not stop that person's own request: the mail comes", async () => {
    const db = testDb().db;
    for (const attackers of [["203.0.113.90"], ["203.0.113.91", "203.0.113.92", "203.0.113.93", "203.0.113.94", "203.0.113.95"]]) {
      const victim = await customer();
      for (let i = 0; i < 5; i++) await requestPasswordReset(db, { email: victim, address: attackers[i % attackers.length], baseUrl: BASE });
      const before = (await mailsTo(victim)).length;
      await requestPasswordReset(db, { email: victim, address: "198.51.100.250", baseUrl: BASE });
      expect(await mailsTo(victim)).toHaveLength(before + 1);
      // The link in that mail works.
      await setPasswordWithLink(db, { token: await tokenFromMail(victim), password: NEW });
      expect((await logIn(victim, NEW)).user.email).toBe(victim);
    }
  });

  it("one client address may ask 30 times an hour, whatever the e-mails", async () => {
    const db = testDb().db;
    const from = "203.0.113.77";
    const results = await Promise.allSettled(
      Array.from({ length: 34 }, () => requestPasswordReset(db, { email: fresh("nobody"), address: from, baseUrl: BASE })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(PASSWORD_LINK_LIMITS.address.limit);
    // An hour later it may ask again.
    await expect(
      requestPasswordReset(db, { email: fresh("nobody"), address: from, baseUrl: BASE }, new Date(Date.now() + HOUR + 1000)),
    ).resolves.toBeUndefined();
  });

  it("two parallel uses of one link: exactly one sets the password", async () => {
    const email = await customer();
    const db = testDb().db;
    await requestPasswordReset(db, { email, address: address(), baseUrl: BASE });
    const token = await tokenFromMail(email);
    const results = await Promise.allSettled([
      setPasswordWithLink(db, { token, password: NEW }),
      setPasswordWithLink(db, { token, password: "Copper-Lantern-Meadow-58" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const [refused] = results.filter((r) => r.status === "rejected");
    expect(refused.reason).toMatchObject({ code: "INVALID", message: LINK_NOT_VALID });
    const winner = results[0].status === "fulfilled" ? NEW : "Copper-Lantern-Meadow-58";
    await expect(logIn(email, winner)).resolves.toBeTruthy();
  });

  it("the new password follows the account's rule, with signup's messages; a refused one leaves the link usable", async () => {
    const db = testDb().db;
    const staff = await customer(fresh("staff"), "admin");
    await requestPasswordReset(db, { email: staff, address: address(), baseUrl: BASE });
    const token = await tokenFromMail(staff);
    await expect(findPasswordLink(db, token)).resolves.toMatchObject({ audience: "staff" });
    await expect(failure(setPasswordWithLink(db, { token, password: "Tan-Hide-42" }))).resolves.toMatchObject({
      code: "INVALID",
      message: PASSWORD_TOO_SHORT.staff,
    });
    await expect(failure(setPasswordWithLink(db, { token, password: "password1234" }))).resolves.toMatchObject({ message: PASSWORD_COMMON });
    await setPasswordWithLink(db, { token, password: NEW });
    await expect(logIn(staff, NEW)).resolves.toMatchObject({ user: { role: "admin" } });
  });

  it("an invitation lets an account without any password set one, for 7 days", async () => {
    const db = testDb().db;
    const email = fresh("imported");
    const id = newId(24);
    await db.insert(user).values({ id, email, name: "Imported Shopper", firstName: "Imported", lastName: "Shopper" });
    await expect(failure(logIn(email, NEW))).resolves.toMatchObject({ code: "UNAUTHENTICATED" });

    await expect(sendInvitation(db, email, { baseUrl: `${BASE}/` })).resolves.toBe(true);
    const [mail] = await mailsTo(email);
    expect(mail.subject).toBe("Set your password for Chamra Leather");
    const token = await tokenFromMail(email);
    const sixDaysOn = new Date(Date.now() + 6 * 24 * HOUR);
    await expect(findPasswordLink(db, token, new Date(Date.now() + 7 * 24 * HOUR + 1000))).rejects.toMatchObject({ message: LINK_EXPIRED });
    await setPasswordWithLink(db, { token, password: NEW }, sixDaysOn);

    const credentials = await db
      .select()
      .from(account)
      .where(and(eq(account.userId, id), eq(account.providerId, "credential")));
    expect(credentials).toHaveLength(1);
    expect(credentials[0].password).not.toContain(NEW);
    await expect(logIn(email, NEW)).resolves.toMatchObject({ user: { email } });
  });

  it("an invitation to an address without an account sends nothing", async () => {
    const nobody = fresh("nobody");
    await expect(sendInvitation(testDb().db, nobody, { baseUrl: BASE })).resolves.toBe(false);
    expect(await mailsTo(nobody)).toHaveLength(0);
  });
});
