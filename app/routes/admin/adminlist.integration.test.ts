import { eq, inArray, sql } from "drizzle-orm";
import { verifyPassword } from "better-auth/crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/lib/db.server";
import { account, user } from "~/lib/db/tables/accounts.server";
import { upsertAccount } from "~/modules/accounts/accounts.server";
import { LAST_MAIN_ADMIN, listAdmins, updateAdmin } from "~/modules/accounts/admin-accounts.server";
import { getCurrentUser, signIn } from "~/modules/accounts/session.server";
import { testTarget, useTestDatabase } from "../../../tests/support/test-db";
import { testContext } from "../../../tests/support/test-context";
import { requestAs, setUpVisitors, type Visitors } from "../../../tests/support/staff";
import { answer, statusAndData } from "../../../tests/support/route-answer";
import { action as createAction, loader as createLoader } from "./createadmin";
import { action as listAction, loader as listLoader } from "./adminlist";
import { routeArgs } from "../../../tests/support/route-args";
import { anObjectContaining } from "../../../tests/support/matchers";

const testDb = useTestDatabase();
let visitors: Visitors;

beforeAll(async () => {
  visitors = await setUpVisitors(testDb());
});

const args = (request: Request) => routeArgs({ request, params: {}, context: testContext(testDb(), { auth: visitors.auth }) });
const newAdmin = (overrides: Record<string, string> = {}) => ({
  firstName: "Hina",
  lastName: "Raza",
  gender: "female",
  role: "admin",
  numberCode: "+92",
  number: "3219876543",
  email: "hina@example.pk",
  password: "hina-secret-2291",
  ...overrides,
});
const create = (cookie: string, form: Record<string, string>) => answer(createAction(args(requestAs(cookie, "/admin/createadmin", form))));
const edit = (cookie: string, form: Record<string, string>) => answer(listAction(args(requestAs(cookie, "/admin/adminlist", form))));
const profile = async (email: string) => (await testDb().db.select().from(user).where(eq(user.email, email)))[0];
const snapshot = async () => testDb().db.select().from(user).orderBy(user.email);

describe(`Create Admin (${testTarget()})`, () => {
  it("a main admin creates an admin with a hashed password, stays signed in, and is sent home with the exact message (docs/product.md)", async () => {
    const result = await create(visitors.mainAdmin, newAdmin());
    expect(result).toMatchObject({ status: 302, location: "/" });
    const cookies = result.response!.headers.getSetCookie();
    expect(cookies).toHaveLength(1);
    expect(decodeURIComponent(cookies[0])).toMatch(/^flash=Signup successful! Admin profile created\.;/);

    const row = await profile("hina@example.pk");
    expect(row).toMatchObject({
      firstName: "Hina",
      lastName: "Raza",
      name: "Hina Raza",
      gender: "female",
      role: "admin",
      numberCode: "+92",
      number: "3219876543",
    });
    expect(Object.values(row).map(String).join(" ")).not.toContain("hina-secret-2291");
    const [credential] = await testDb().db.select().from(account).where(eq(account.userId, row.id));
    expect(credential.password).not.toContain("hina-secret-2291");
    expect(await verifyPassword({ hash: credential.password!, password: "hina-secret-2291" })).toBe(true);

    // The main admin's own session is untouched, and the new admin can sign in.
    expect((await getCurrentUser(requestAs(visitors.mainAdmin, "/admin"), visitors.auth))?.email).toBe("owner@example.pk");
    const signedIn = await signIn(testDb().db, { email: "HINA@example.pk", password: "hina-secret-2291" }, visitors.auth);
    expect(signedIn.user).toMatchObject({ email: "hina@example.pk", role: "admin" });
  });

  it("names the role in the message for a main admin", async () => {
    const result = await create(visitors.mainAdmin, newAdmin({ email: "second-owner@example.pk", role: "main-admin" }));
    expect(decodeURIComponent(result.response!.headers.getSetCookie()[0])).toMatch(/^flash=Signup successful! Main Admin profile created\.;/);
    expect((await profile("second-owner@example.pk")).role).toBe("main-admin");
  });

  it("refuses an e-mail already used (any letter case), changing nothing, and keeps what was typed", async () => {
    const before = await snapshot();
    const result = await create(visitors.mainAdmin, newAdmin({ email: "Hina@Example.pk", firstName: "Other", password: "another-pass-7720" }));
    expect(statusAndData(result)).toEqual({
      status: 409,
      data: {
        error: "Failed to create an account. An account with this email already exists.",
        values: anObjectContaining({ email: "Hina@Example.pk", firstName: "Other" }),
      },
    });
    expect(JSON.stringify(result.data)).not.toContain("another-pass-7720");
    expect(await snapshot()).toEqual(before);
    // The old password still works: the account was not taken over.
    await expect(signIn(testDb().db, { email: "hina@example.pk", password: "hina-secret-2291" }, visitors.auth)).resolves.toBeTruthy();
  });

  it("two creations of one e-mail at once make one account", async () => {
    const results = await Promise.all([
      create(visitors.mainAdmin, newAdmin({ email: "race@example.pk" })),
      create(visitors.mainAdmin, newAdmin({ email: "race@example.pk", password: "other-pass-5521" })),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([302, 409]);
    expect(await testDb().db.select().from(user).where(eq(user.email, "race@example.pk"))).toHaveLength(1);
  });

  it("says 'Please fill out all required fields.' for each missing field, and checks the password length", async () => {
    for (const missing of ["email", "password", "firstName", "lastName", "role"]) {
      const result = await create(visitors.mainAdmin, newAdmin({ email: `missing-${missing}@example.pk`, [missing]: "" }));
      expect(result, missing).toMatchObject({ status: 400, data: { error: "Please fill out all required fields." } });
    }
    expect(await create(visitors.mainAdmin, newAdmin({ email: "short@example.pk", password: "12345" }))).toMatchObject({
      status: 400,
      data: { error: "Staff passwords must be at least 12 characters." },
    });
    expect(await create(visitors.mainAdmin, newAdmin({ email: "customer-role@example.pk", role: "user" }))).toMatchObject({
      status: 400,
      data: { error: "Please choose a role: Admin or Main Admin." },
    });
    const made = await testDb()
      .db.select()
      .from(user)
      .where(sql`${user.email} like 'missing-%' or ${user.email} in ('short@example.pk', 'customer-role@example.pk')`);
    expect(made).toHaveLength(0);
  });

  it("holds staff to 12 characters that are not only spaces and not a common password, for either role, creating nothing", async () => {
    const refused: [password: string, error: string][] = [
      ["123456", "Staff passwords must be at least 12 characters."],
      ["hina-secret", "Staff passwords must be at least 12 characters."],
      [" ".repeat(12), "Password cannot be only spaces."],
      ["password1234", "Failed to create an account. This password is too common. Please choose another."],
      ["qwertyuiop12", "Failed to create an account. This password is too common. Please choose another."],
      ["iloveyou1234", "Failed to create an account. This password is too common. Please choose another."],
    ];
    for (const role of ["admin", "main-admin"]) {
      for (const [password, error] of refused) {
        const result = await create(visitors.mainAdmin, newAdmin({ email: "weak-staff@example.pk", role, password }));
        expect(result, `${role} ${JSON.stringify(password)}`).toMatchObject({ status: 400, data: { error } });
        expect(JSON.stringify(result.data)).not.toContain(password.trim() || "\u0000");
      }
    }
    expect(await profile("weak-staff@example.pk")).toBeUndefined();
  });

  it("a plain admin sees the denial, and the server refuses the action (403) creating nothing", async () => {
    expect(statusAndData(await answer(createLoader(args(requestAs(visitors.admin, "/admin/createadmin")))))).toEqual({
      status: 403,
      data: { allowed: false },
    });
    expect(statusAndData(await answer(createLoader(args(requestAs(visitors.mainAdmin, "/admin/createadmin")))))).toEqual({
      status: 200,
      data: { allowed: true },
    });
    const result = await create(visitors.admin, newAdmin({ email: "sneaky@example.pk", role: "main-admin" }));
    expect(statusAndData(result)).toEqual({ status: 403, data: { error: "Access denied. Only Main Admins can create admin accounts.", values: {} } });
    expect(await profile("sneaky@example.pk")).toBeUndefined();
  });

  it("anonymous visitors go to /login and customers to /, creating nothing", async () => {
    for (const [cookie, to] of [
      [visitors.anonymous, "/login"],
      [visitors.customer, "/"],
    ] as const) {
      expect(await answer(createLoader(args(requestAs(cookie, "/admin/createadmin"))))).toMatchObject({ status: 302, location: to });
      expect(await create(cookie, newAdmin({ email: "anon@example.pk" }))).toMatchObject({ status: 302, location: to });
    }
    expect(await profile("anon@example.pk")).toBeUndefined();
  });
});

describe(`Admin List (${testTarget()})`, () => {
  it("lists admins and main admins only, and opens one row for editing", async () => {
    const hina = await profile("hina@example.pk");
    const result = await answer(listLoader(args(requestAs(visitors.mainAdmin, `/admin/adminlist?edit=${hina.id}`))));
    const listed = result.data;
    expect(result.status).toBe(200);
    expect(listed.editId).toBe(hina.id);
    expect(listed.admins.map((a) => a.email)).toEqual(
      expect.arrayContaining(["staff@example.pk", "owner@example.pk", "hina@example.pk", "second-owner@example.pk"]),
    );
    expect(listed.admins.map((a) => a.email)).not.toContain("customer@example.pk");
    expect(listed.admins.every((a) => a.role === "admin" || a.role === "main-admin")).toBe(true);
    const stranger = await answer(listLoader(args(requestAs(visitors.mainAdmin, "/admin/adminlist?edit=nobody"))));
    expect(stranger.data.editId).toBeNull();
  });

  it("edits names, gender, role and phone, never the e-mail, and says so", async () => {
    const hina = await profile("hina@example.pk");
    const result = await edit(visitors.mainAdmin, {
      id: hina.id,
      firstName: "Hina ",
      lastName: "Qureshi",
      gender: "other",
      role: "main-admin",
      number: "3001112222",
      email: "taken-over@example.pk",
    });
    expect(result).toMatchObject({ status: 302, location: "/admin/adminlist" });
    expect(decodeURIComponent(result.response!.headers.getSetCookie()[0])).toMatch(/^flash=Admin updated successfully!;/);
    expect(await profile("hina@example.pk")).toMatchObject({
      firstName: "Hina",
      lastName: "Qureshi",
      name: "Hina Qureshi",
      gender: "other",
      role: "main-admin",
      number: "3001112222",
    });
    expect(await profile("taken-over@example.pk")).toBeUndefined();
    // Back to admin.
    await edit(visitors.mainAdmin, { id: hina.id, firstName: "Hina", lastName: "Qureshi", gender: "other", role: "admin", number: "3001112222" });
    expect((await profile("hina@example.pk")).role).toBe("admin");
  });

  it("refuses a role other than admin or main admin, a missing name, and a customer's id", async () => {
    const hina = await profile("hina@example.pk");
    const before = await snapshot();
    expect(await edit(visitors.mainAdmin, { id: hina.id, firstName: "Hina", lastName: "Q", gender: "", role: "user", number: "" })).toMatchObject({
      status: 400,
      data: { message: "Please choose a role: Admin or Main Admin.", id: hina.id },
    });
    expect(await edit(visitors.mainAdmin, { id: hina.id, firstName: "", lastName: "Q", gender: "", role: "admin", number: "" })).toMatchObject({
      status: 400,
      data: { message: "Please fill out all required fields." },
    });
    const customer = await profile("customer@example.pk");
    expect(
      await edit(visitors.mainAdmin, { id: customer.id, firstName: "C", lastName: "Q", gender: "", role: "main-admin", number: "" }),
    ).toMatchObject({
      status: 404,
      data: { message: "This admin account no longer exists." },
    });
    expect(await snapshot()).toEqual(before);
  });

  it("a plain admin sees the denial and every edit is refused (403), changing nothing", async () => {
    expect(await answer(listLoader(args(requestAs(visitors.admin, "/admin/adminlist"))))).toMatchObject({
      status: 403,
      data: { allowed: false, admins: [] },
    });
    const staff = await profile("staff@example.pk");
    const before = await snapshot();
    expect(
      statusAndData(
        await edit(visitors.admin, { id: staff.id, firstName: "Self", lastName: "Promoted", gender: "", role: "main-admin", number: "" }),
      ),
    ).toEqual({
      status: 403,
      data: { message: "Access denied. Only Main Admins can manage admin accounts.", id: null, values: {} },
    });
    expect(await snapshot()).toEqual(before);
  });

  it("anonymous visitors go to /login and customers to /, changing nothing", async () => {
    const staff = await profile("staff@example.pk");
    const before = await snapshot();
    for (const [cookie, to] of [
      [visitors.anonymous, "/login"],
      [visitors.customer, "/"],
    ] as const) {
      expect(await answer(listLoader(args(requestAs(cookie, "/admin/adminlist"))))).toMatchObject({ status: 302, location: to });
      expect(await edit(cookie, { id: staff.id, firstName: "X", lastName: "Y", gender: "", role: "main-admin", number: "" })).toMatchObject({
        status: 302,
        location: to,
      });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("the last main admin cannot be demoted", async () => {
    const second = await profile("second-owner@example.pk");
    const owner = await profile("owner@example.pk");
    // With two main admins, one may become an admin …
    expect(
      await edit(visitors.mainAdmin, { id: second.id, firstName: "Second", lastName: "Owner", gender: "", role: "admin", number: "" }),
    ).toMatchObject({ status: 302 });
    // … but then the owner is the last one.
    const result = await edit(visitors.mainAdmin, { id: owner.id, firstName: "Main", lastName: "Admin", gender: "", role: "admin", number: "" });
    expect(result).toMatchObject({ status: 409, data: { message: LAST_MAIN_ADMIN, id: owner.id } });
    expect((await profile("owner@example.pk")).role).toBe("main-admin");
    // Editing the last main admin's other details is fine.
    expect(
      await edit(visitors.mainAdmin, { id: owner.id, firstName: "Shop", lastName: "Owner", gender: "male", role: "main-admin", number: "" }),
    ).toMatchObject({ status: 302 });
  });

  it("two demotions at once never leave the shop without a main admin", async () => {
    const db = testDb().db;
    // Only two main admins, each demoting the other, from two app instances where possible.
    await db.update(user).set({ role: "admin" }).where(eq(user.role, "main-admin"));
    const a = await upsertAccount(db, { email: "main-a@example.pk", password: "main-a-pass", role: "main-admin" });
    const b = await upsertAccount(db, { email: "main-b@example.pk", password: "main-b-pass", role: "main-admin" });
    let other: Database | undefined;
    const url = testDb().url;
    if (url) other = await openDatabase({ databaseUrl: url, poolSize: 2 });
    try {
      const demote = (target: string, handle = db) =>
        updateAdmin(handle, { id: target, firstName: "M", lastName: "A", gender: "", role: "admin", number: "" }).then(
          () => "done",
          (e: { code?: string }) => e.code,
        );
      const outcomes = await Promise.all([demote(a.id), demote(b.id, other?.db ?? db)]);
      expect(outcomes.sort()).toEqual(["CONFLICT", "done"]);
      const mains = await db.select({ id: user.id }).from(user).where(eq(user.role, "main-admin"));
      expect(mains).toHaveLength(1);
      expect([a.id, b.id]).toContain(mains[0].id);
    } finally {
      await other?.close();
    }
    expect((await listAdmins(db)).filter((x) => x.role === "main-admin")).toHaveLength(1);
    await db
      .update(user)
      .set({ role: "main-admin" })
      .where(inArray(user.email, ["owner@example.pk"]));
  });
});
