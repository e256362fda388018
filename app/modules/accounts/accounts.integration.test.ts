import { eq, sql } from "drizzle-orm";
import { verifyPassword } from "better-auth/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, user } from "~/lib/db/tables/accounts.server";
import { createTestDatabase, testTarget, type TestDatabase } from "../../../tests/support/test-db";
import { ensureMainAdmin, upsertAccount } from "./accounts.server";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const PASSWORD = "owner-password-7Qx";

async function rowsOf(table: string): Promise<Record<string, unknown>[]> {
  const result = await database.db.execute(sql.raw(`select * from "${table}"`));
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];
}

async function credentialOf(email: string) {
  const [row] = await database.db
    .select({ userId: user.id, role: user.role, hash: account.password, providerId: account.providerId })
    .from(user)
    .innerJoin(account, eq(account.userId, user.id))
    .where(eq(user.email, email));
  return row;
}

describe(`accounts (${testTarget()})`, () => {
  it("refuses to create the main admin with a password the staff rule refuses", async () => {
    for (const password of ["123456", "      ", "owner-pass1", "password1234"]) {
      await expect(ensureMainAdmin(database.db, { email: "weak-owner@example.pk", password }), JSON.stringify(password)).rejects.toMatchObject({
        code: "INVALID",
      });
    }
    expect(await database.db.select().from(user).where(eq(user.email, "weak-owner@example.pk"))).toHaveLength(0);
  });

  it("creates the main admin once, from configuration", async () => {
    expect(await ensureMainAdmin(database.db, { email: " Owner@Example.PK ", password: PASSWORD })).toBe("created");
    expect(await ensureMainAdmin(database.db, { email: "someone-else@example.pk", password: "other-password" })).toBe("exists");
    const admins = await database.db.select().from(user).where(eq(user.role, "main-admin"));
    expect(admins).toHaveLength(1);
    expect(admins[0]).toMatchObject({ email: "owner@example.pk", firstName: "Main", lastName: "Admin", name: "Main Admin" });
    expect(await database.db.select().from(user).where(eq(user.email, "someone-else@example.pk"))).toHaveLength(0);
  });

  it("keeps only a hash of the password, and never in the profile", async () => {
    const credential = await credentialOf("owner@example.pk");
    expect(credential.providerId).toBe("credential");
    expect(credential.hash).toBeTruthy();
    expect(credential.hash).not.toContain(PASSWORD);
    expect(await verifyPassword({ hash: credential.hash!, password: PASSWORD })).toBe(true);
    expect(await verifyPassword({ hash: credential.hash!, password: "owner-password" })).toBe(false);

    // Nothing in the profile table holds the password or its hash, whatever the column.
    const profiles = await rowsOf("user");
    expect(profiles.length).toBeGreaterThan(0);
    for (const profile of profiles) {
      expect(Object.keys(profile).some((k) => /pass/i.test(k))).toBe(false);
      for (const value of Object.values(profile)) {
        expect(String(value)).not.toContain(PASSWORD);
        expect(String(value)).not.toContain(credential.hash!);
      }
    }
    for (const row of await rowsOf("account")) {
      for (const value of Object.values(row)) expect(String(value)).not.toContain(PASSWORD);
    }
  });

  it("hashes the same password differently for two accounts", async () => {
    await upsertAccount(database.db, { email: "staff@example.pk", password: PASSWORD, role: "admin" });
    const owner = await credentialOf("owner@example.pk");
    const staff = await credentialOf("staff@example.pk");
    expect(staff.hash).not.toBe(owner.hash);
  });

  it("updating an existing e-mail changes its role and password instead of adding an account", async () => {
    const first = await upsertAccount(database.db, {
      email: "ayesha@example.pk",
      password: "first-password",
      role: "user",
      firstName: "Ayesha",
      lastName: "Khan",
      number: "3001234567",
    });
    expect(first.created).toBe(true);
    const again = await upsertAccount(database.db, { email: "AYESHA@example.pk", password: "second-password", role: "admin" });
    expect(again).toEqual({ id: first.id, created: false });

    const users = await database.db.select().from(user).where(eq(user.email, "ayesha@example.pk"));
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({
      role: "admin",
      firstName: "Ayesha",
      lastName: "Khan",
      name: "Ayesha Khan",
      numberCode: "+92",
      number: "3001234567",
    });
    const accounts = await database.db.select().from(account).where(eq(account.userId, first.id));
    expect(accounts).toHaveLength(1);
    expect(await verifyPassword({ hash: accounts[0].password!, password: "second-password" })).toBe(true);
    expect(await verifyPassword({ hash: accounts[0].password!, password: "first-password" })).toBe(false);
  });

  it("gives an existing profile without a password a credential", async () => {
    await database.db.insert(user).values({ id: "profile-only", name: "Bilal", email: "bilal@example.pk" });
    const result = await upsertAccount(database.db, { email: "bilal@example.pk", password: "bilal-password", role: "user" });
    expect(result).toEqual({ id: "profile-only", created: false });
    const credential = await credentialOf("bilal@example.pk");
    expect(await verifyPassword({ hash: credential.hash!, password: "bilal-password" })).toBe(true);
  });

  it("names a user by e-mail when no name is given", async () => {
    await upsertAccount(database.db, { email: "noname@example.pk", password: "secret-pass", role: "user" });
    const [row] = await database.db.select().from(user).where(eq(user.email, "noname@example.pk"));
    expect(row.name).toBe("noname@example.pk");
    expect(row.role).toBe("user");
  });
});
