import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getEnv } from "~/config.server";
import { createAuth, loadAuthSecret, type Auth } from "~/modules/accounts/auth.server";
import { account, user } from "~/lib/db/tables/accounts.server";
import { mailOutbox } from "~/lib/db/tables/messages.server";
import { upsertAccount } from "~/modules/accounts/accounts.server";
import { signIn } from "~/modules/accounts/session.server";
import { SIGNUP_DONE, SIGNUP_LINK_EXPIRED, SIGNUP_LINK_NOT_VALID, signupMailSent } from "~/modules/accounts/signup-link";
import { confirmSignup } from "~/modules/accounts/signup.server";
import { answer, flashOf } from "../../tests/support/route-answer";
import { signupTokenMailedTo } from "../../tests/support/signup-mail";
import { countingDatabase } from "../../tests/support/statement-counter";
import { testTarget, useTestDatabase } from "../../tests/support/test-db";
import { testContext } from "../../tests/support/test-context";
import { action } from "./signup";
import { action as confirmAction, loader as confirmLoader } from "./signup-confirm";
import { routeArgs } from "../../tests/support/route-args";

const testDb = useTestDatabase();
let auth: Auth;

beforeAll(async () => {
  const { db } = testDb();
  auth = createAuth(db, { secret: await loadAuthSecret(db), baseURL: "http://localhost:3000" });
});

/** Posts the signup form from `address` and says what the browser would get back. */
async function post(email: string, password: string, address: string, extra: Record<string, string> = {}, db = testDb().db) {
  const request = new Request("http://localhost:3000/signup", {
    method: "POST",
    body: new URLSearchParams({ email, password, firstName: "Sana", lastName: "Malik", gender: "female", numberCode: "+92", number: "", ...extra }),
  });
  const a = await answer(() => action(routeArgs({ request, params: {}, context: testContext({ db }, { auth, clientAddress: address }) })));
  return {
    status: a.status,
    location: a.location,
    retryAfter: a.headers.get("Retry-After"),
    setCookie: a.setCookie,
    error: a.data?.error,
    sent: a.data?.sent,
    data: a.data,
  };
}

/** Opens a signup link's page, then presses its button, as the browser would. */
async function useLink(token: string) {
  const url = `http://localhost:3000/signup/confirm?token=${encodeURIComponent(token)}`;
  const page = await answer(() => confirmLoader(routeArgs({ request: new Request(url), params: {}, context: testContext(testDb()) })));
  const request = new Request(url, { method: "POST", body: new URLSearchParams({ token }) });
  const pressed = await answer(() => confirmAction(routeArgs({ request, params: {}, context: testContext(testDb()) })));
  return { page, pressed };
}

/** Signs up from the form and uses the link mailed for it: the spec's way to a new account. */
async function signUpByMail(email: string, password: string, address: string, extra: Record<string, string> = {}) {
  const posted = await post(email, password, address, extra);
  const token = await signupTokenMailedTo(testDb().db, email);
  expect(token, email).toBeTruthy();
  return { posted, ...(await useLink(token!)) };
}

const accountOf = async (email: string) => (await testDb().db.select().from(user).where(eq(user.email, email)))[0];
const mailsTo = (email: string) => testDb().db.select().from(mailOutbox).where(eq(mailOutbox.to, email));

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
      const { posted, pressed } = await signUpByMail(email, password, "198.51.100.50");
      expect(posted, password).toMatchObject({ status: 200, error: null, sent: signupMailSent(email) });
      expect(pressed.status, password).toBe(302);
      expect((await accountOf(email))?.role).toBe("user");
    }
  });
});

describe(`the signup form and roles (${testTarget()})`, () => {
  it("makes a customer even when the form names a staff role", async () => {
    for (const [i, role] of ["admin", "main-admin"].entries()) {
      const email = `climber-form-${i}@example.pk`;
      expect((await signUpByMail(email, "saddle-stitch-4417", "198.51.100.60", { role })).pressed.status, role).toBe(302);
      expect((await accountOf(email))?.role, role).toBe("user");
    }
  });
});

describe(`the signup form under a burst (${testTarget()})`, () => {
  it("90 parallel signups from one address create at most 30 accounts; the rest get 429 with Retry-After; another address still signs up", async () => {
    const answers = await Promise.all(Array.from({ length: 90 }, (_, i) => post(`burst-${i}@example.pk`, "saddle-stitch-4417", "203.0.113.7")));
    const created = await testDb()
      .db.select()
      .from(mailOutbox)
      .where(and(like(mailOutbox.to, "burst-%"), eq(mailOutbox.subject, "Finish signing up at Chamra Leather")));
    // Exactly the limit (30 in 15 minutes): none more, and none of the allowed ones lost.
    expect(created.length).toBeLessThanOrEqual(30);
    expect(created).toHaveLength(30);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(created.length);
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
    expect(await post("elsewhere@example.pk", "saddle-stitch-4417", "203.0.113.8")).toMatchObject({ status: 200, error: null });
  });

  it("counts an IPv6 network by its /64", async () => {
    for (let i = 0; i < 30; i++) expect((await post(`v6-${i}@example.pk`, "saddle-stitch-4417", `2001:db8:5:6::${i + 1}`)).status).toBe(200);
    expect((await post("v6-late@example.pk", "saddle-stitch-4417", "2001:db8:5:6:ffff::1")).status).toBe(429);
  });
});

describe(`signup does not tell whether an e-mail has an account (${testTarget()})`, () => {
  it("answers an address with an account exactly as a new one, with the same statements; only the mail differs", async () => {
    const { db } = testDb();
    await upsertAccount(db, { email: "staff-member@example.pk", password: "Bridle-Ledger-Walnut-77", role: "admin" });
    const [profileBefore] = await db.select().from(user).where(eq(user.email, "staff-member@example.pk"));
    const [credentialBefore] = await db.select().from(account).where(eq(account.userId, profileBefore.id));
    const counted = await countingDatabase(testDb());
    // Once first, so that tidying done now and then falls outside the two compared.
    await post("warm-up@example.pk", "saddle-stitch-4417", "198.51.100.70", {}, counted.db);

    counted.reset();
    const taken = await post("Staff-Member@example.pk", "saddle-stitch-4417", "198.51.100.71", {}, counted.db);
    const takenStatements = counted.statements.length;
    counted.reset();
    const fresh = await post("Fresh-Shopper@example.pk", "saddle-stitch-4417", "198.51.100.72", {}, counted.db);
    const freshStatements = counted.statements.length;

    // The same page, words and status; no cookie either way.
    expect(taken.status).toBe(200);
    expect({ ...taken, data: undefined, sent: undefined }).toEqual({ ...fresh, data: undefined, sent: undefined });
    expect(taken.sent).toBe(signupMailSent("Staff-Member@example.pk"));
    expect(fresh.sent).toBe(signupMailSent("Fresh-Shopper@example.pk"));
    expect(taken.setCookie).toEqual([]);
    expect(takenStatements).toBe(freshStatements);

    // The owner is told, with ways in from the shop's configured address; nothing of the account changed.
    const [notice] = await mailsTo("staff-member@example.pk");
    expect(notice.subject).toBe("Signing up at Chamra Leather");
    expect(notice.text).toContain("It already has an account, so nothing was made or changed.");
    expect(notice.text).toContain(`${getEnv().publicUrl}/login`);
    expect(notice.text).toContain(`${getEnv().publicUrl}/forgot-password`);
    expect(await signupTokenMailedTo(db, "staff-member@example.pk")).toBeNull();
    expect(await db.select().from(user).where(eq(user.email, "staff-member@example.pk"))).toEqual([profileBefore]);
    expect(await db.select().from(account).where(eq(account.userId, profileBefore.id))).toEqual([credentialBefore]);
    await expect(signIn(db, { email: "staff-member@example.pk", password: "saddle-stitch-4417" }, auth)).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
    expect((await signIn(db, { email: "staff-member@example.pk", password: "Bridle-Ledger-Walnut-77" }, auth)).user.role).toBe("admin");

    // The new address gets its link, and no account until it is used.
    expect(await accountOf("fresh-shopper@example.pk")).toBeUndefined();
    expect(await signupTokenMailedTo(db, "fresh-shopper@example.pk")).toBeTruthy();
  });

  it("the spec's way still ends in a customer account: the link's page, its button, /login with 'Signup successful! Profile created.', then login", async () => {
    const { posted, page, pressed } = await signUpByMail("newcomer@example.pk", "saddle-stitch-4417", "198.51.100.80");
    expect(posted).toMatchObject({ status: 200, sent: signupMailSent("newcomer@example.pk") });
    expect(page).toMatchObject({ status: 200, data: { email: "newcomer@example.pk", linkError: null } });
    expect(pressed).toMatchObject({ status: 302, location: "/login" });
    expect(flashOf(pressed)).toBe(SIGNUP_DONE);
    expect(SIGNUP_DONE).toBe("Signup successful! Profile created.");
    const made = await accountOf("newcomer@example.pk");
    expect(made).toMatchObject({ role: "user", firstName: "Sana", lastName: "Malik", gender: "female", numberCode: "+92", emailVerified: true });
    const { user: signedIn } = await signIn(testDb().db, { email: "newcomer@example.pk", password: "saddle-stitch-4417" }, auth);
    expect(signedIn.role).toBe("user");
  });

  it("a link works once; an altered or expired one, or one for an address that has an account by now, makes nothing", async () => {
    const { db } = testDb();
    await post("twice@example.pk", "saddle-stitch-4417", "198.51.100.90");
    const token = (await signupTokenMailedTo(db, "twice@example.pk"))!;
    expect((await useLink(token)).pressed.status).toBe(302);
    const again = await useLink(token);
    expect(again.page).toMatchObject({ status: 400, data: { linkError: SIGNUP_LINK_NOT_VALID } });
    expect(again.pressed).toMatchObject({ status: 400, data: { linkError: SIGNUP_LINK_NOT_VALID } });
    expect((await useLink(`${token.slice(0, -1)}A`)).pressed.data.linkError).toBe(SIGNUP_LINK_NOT_VALID);
    expect((await useLink("")).pressed.data.linkError).toBe(SIGNUP_LINK_NOT_VALID);

    await post("late@example.pk", "saddle-stitch-4417", "198.51.100.90");
    const late = (await signupTokenMailedTo(db, "late@example.pk"))!;
    await expect(confirmSignup(db, late, new Date(Date.now() + 25 * 60 * 60_000))).rejects.toMatchObject({ message: SIGNUP_LINK_EXPIRED });
    expect(await accountOf("late@example.pk")).toBeUndefined();

    // Two signups for one address before either link is used: the first link used makes the account, the other makes nothing.
    await post("racer@example.pk", "saddle-stitch-4417", "198.51.100.91");
    const first = (await signupTokenMailedTo(db, "racer@example.pk"))!;
    await post("racer@example.pk", "other-walnut-8812", "198.51.100.91");
    const second = (await signupTokenMailedTo(db, "racer@example.pk"))!;
    expect(second).not.toBe(first);
    expect((await useLink(second)).pressed.status).toBe(302);
    expect((await useLink(first)).pressed.data.linkError).toBe(SIGNUP_LINK_NOT_VALID);
    expect((await signIn(db, { email: "racer@example.pk", password: "other-walnut-8812" }, auth)).user.role).toBe("user");
  });
});
