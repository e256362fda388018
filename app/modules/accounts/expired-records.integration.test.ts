import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox } from "~/lib/db/tables/messages.server";
import { session, user } from "~/lib/db/tables/accounts.server";
import { testTarget, useTestDatabase } from "../../../tests/support/test-db";
import { upsertAccount } from "./accounts.server";
import { createAuth, loadAuthSecret } from "./auth.server";
import { LINK_EXPIRED, LINK_NOT_VALID } from "./password-link";
import { findPasswordLink, requestPasswordReset } from "./password-link.server";
import { signIn } from "./session.server";
import { SIGNUP_LINK_EXPIRED, SIGNUP_LINK_NOT_VALID } from "./signup-link";
import { findSignupLink, requestSignup } from "./signup.server";
import { signupTokenMailedTo } from "../../../tests/support/signup-mail";

/*
 * Password links and sessions are rows that would pile up for ever: a link nobody used, a session
 * of a shopper who never came back. They are deleted once they can serve no one.
 */
const testDb = useTestDatabase();
const DAY = 24 * 60 * 60_000;
const BASE = "https://shop.example.pk";
let n = 0;

async function linkMailedAt(email: string, at: Date): Promise<string> {
  await requestPasswordReset(testDb().db, { email, address: `198.51.100.${++n}`, baseUrl: BASE }, at);
  const mails = await testDb().db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mails.at(-1)!.text)?.[1];
  if (!token) throw new Error("no link mailed");
  return token;
}

const outcome = (token: string, now: Date) =>
  findPasswordLink(testDb().db, token, now).then(
    () => "valid",
    (error: Error) => error.message,
  );

describe(`expired sign-in records (${testTarget()})`, () => {
  it("a forgot-password request deletes links expired over 30 days ago; a recently expired one still says it has expired", async () => {
    const { db } = testDb();
    const now = new Date();
    const email = `links-${Date.now()}@example.pk`;
    await upsertAccount(db, { email, password: "Walnut-Saddle-Thread-41", role: "user" });
    const long = await linkMailedAt(email, new Date(now.getTime() - 40 * DAY));
    expect(await outcome(long, now)).toBe(LINK_EXPIRED);

    // A later request (this one made two days ago) tidies up: the link expired 38 days before it goes.
    const recent = await linkMailedAt(email, new Date(now.getTime() - 2 * DAY));
    expect(await outcome(long, now)).toBe(LINK_NOT_VALID);
    expect(await outcome(recent, now)).toBe(LINK_EXPIRED);

    // Another one, by anyone, now: the link expired two days ago is kept, and says so.
    const other = `other-${Date.now()}@example.pk`;
    await upsertAccount(db, { email: other, password: "Walnut-Saddle-Thread-41", role: "user" });
    const valid = await linkMailedAt(other, now);
    expect(await outcome(recent, now)).toBe(LINK_EXPIRED);
    expect(await outcome(valid, now)).toBe("valid");
  });

  it("a sign-in deletes sessions that have expired, and no other", async () => {
    const { db } = testDb();
    const auth = createAuth(db, { secret: await loadAuthSecret(db), baseURL: "http://localhost:3000" });
    const email = `sessions-${Date.now()}@example.pk`;
    const password = "Walnut-Saddle-Thread-41";
    await upsertAccount(db, { email, password, role: "user" });
    const [{ id }] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
    await signIn(db, { email, password, address: "198.51.100.200" }, auth);
    await signIn(db, { email, password, address: "198.51.100.201" }, auth);
    const sessions = () => db.select({ id: session.id }).from(session).where(eq(session.userId, id));
    const [first] = await sessions();
    await db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - DAY) })
      .where(eq(session.id, first.id));
    // Past the once-in-ten-minutes bound of tidying up.
    await signIn(db, { email, password, address: "198.51.100.202" }, auth, new Date(Date.now() + 11 * 60_000));
    const left = (await sessions()).map((s) => s.id);
    expect(left).toHaveLength(2);
    expect(left).not.toContain(first.id);
  });

  it("deletes a signup link once it has expired (it holds a profile and a password hash), and no other", async () => {
    const { db } = testDb();
    const now = new Date();
    const signUp = (email: string, at: Date) =>
      requestSignup(
        db,
        {
          email,
          password: "saddle-stitch-4417",
          firstName: "Sana",
          lastName: "Malik",
          gender: "female",
          numberCode: "+92",
          number: "",
          address: `203.0.113.${++n}`,
          baseUrl: BASE,
        },
        at,
      );
    await signUp("stale-signup@example.pk", new Date(now.getTime() - 2 * DAY));
    const stale = (await signupTokenMailedTo(db, "stale-signup@example.pk"))!;
    await expect(findSignupLink(db, stale, now)).rejects.toMatchObject({ message: SIGNUP_LINK_EXPIRED });
    // Past the once-in-ten-minutes bound of tidying up.
    await signUp("fresh-signup@example.pk", new Date(now.getTime() + 11 * 60_000));
    const fresh = (await signupTokenMailedTo(db, "fresh-signup@example.pk"))!;
    await expect(findSignupLink(db, stale, now)).rejects.toMatchObject({ message: SIGNUP_LINK_NOT_VALID });
    expect(await findSignupLink(db, fresh, now)).toEqual({ email: "fresh-signup@example.pk" });
  });
});
