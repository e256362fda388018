import { and, eq } from "drizzle-orm";
import { hashPassword } from "better-auth/crypto";
import type { Db } from "~/lib/db.server";
import { newId } from "~/lib/ids";
import { account, user } from "~/lib/db/tables/accounts.server";
import type { Role } from "~/lib/db/value-lists";
import { assertPasswordAllowed } from "./password-check.server";

export interface NewAccount {
  email: string;
  password: string;
  role: Role;
  firstName?: string;
  lastName?: string;
  gender?: string;
  numberCode?: string;
  number?: string;
}

/**
 * Creates a user with a hashed credential (better-auth's scrypt format, in `account`, never in the
 * profile). When the e-mail is taken, that account's role and password are updated instead.
 */
export async function upsertAccount(db: Db, input: NewAccount): Promise<{ id: string; created: boolean }> {
  const email = input.email.trim().toLowerCase();
  const hash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(user).where(eq(user.email, email)).limit(1);
    if (existing) {
      await tx.update(user).set({ role: input.role, updatedAt: new Date() }).where(eq(user.id, existing.id));
      const updated = await tx
        .update(account)
        .set({ password: hash, updatedAt: new Date() })
        .where(and(eq(account.userId, existing.id), eq(account.providerId, "credential")))
        .returning({ id: account.id });
      if (updated.length === 0) {
        await tx.insert(account).values({
          id: newId(24),
          accountId: existing.id,
          providerId: "credential",
          userId: existing.id,
          password: hash,
        });
      }
      return { id: existing.id, created: false };
    }
    const id = await insertAccount(tx, { ...input, email }, hash);
    return { id: id!, created: true };
  });
}

/**
 * Inserts a new profile and its credential (an already hashed password). When the e-mail is taken
 * (even by a concurrent insert) nothing is written and `null` is answered. Call it in a transaction.
 */
export async function insertAccount(tx: Db, input: Omit<NewAccount, "password">, hash: string): Promise<string | null> {
  const id = newId(24);
  const email = input.email.trim().toLowerCase();
  const firstName = input.firstName ?? "";
  const lastName = input.lastName ?? "";
  const inserted = await tx
    .insert(user)
    .values({
      id,
      email,
      name: `${firstName} ${lastName}`.trim() || email,
      firstName,
      lastName,
      gender: input.gender ?? "",
      numberCode: input.numberCode ?? "+92",
      number: input.number ?? "",
      role: input.role,
    })
    .onConflictDoNothing()
    .returning({ id: user.id });
  if (inserted.length === 0) return null;
  await tx.insert(account).values({
    id: newId(24),
    accountId: id,
    providerId: "credential",
    userId: id,
    password: hash,
  });
  return id;
}

/**
 * Creates the first main admin from configuration when the shop has none. The password is held to
 * the staff rule (configuration is checked against it at start too).
 */
export async function ensureMainAdmin(db: Db, credentials: { email: string; password: string }): Promise<"created" | "exists"> {
  assertPasswordAllowed(credentials.password, "staff");
  const [mainAdmin] = await db.select({ id: user.id }).from(user).where(eq(user.role, "main-admin")).limit(1);
  if (mainAdmin) return "exists";
  await upsertAccount(db, { ...credentials, role: "main-admin", firstName: "Main", lastName: "Admin" });
  return "created";
}
