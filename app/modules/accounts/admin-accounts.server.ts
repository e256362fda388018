import { and, asc, eq, inArray } from "drizzle-orm";
import { hashPassword } from "better-auth/crypto";
import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { user } from "~/lib/db/tables/accounts.server";
import { insertAccount } from "./accounts.server";
import { ADMIN_ROLES, type AdminRole } from "~/lib/db/value-lists";
import { ACCESS_DENIED_MANAGE, CANNOT_DELETE_SELF, type CreateAdminInput, type UpdateAdminInput } from "./admin-account.schema";
import { moveToTrash, type DeletedBy } from "~/modules/trash/trash.server";
import { assertPasswordAllowed } from "./password-check.server";

const EMAIL_TAKEN = "An account with this email already exists.";
export const LAST_MAIN_ADMIN = "The last Main Admin cannot be made an Admin. Make another admin a Main Admin first.";
const ADMIN_GONE = "This admin account no longer exists.";

/**
 * Creates a staff account with a hashed password (in `account`, never in the profile), held to the
 * staff password rule. It does not sign anyone in: the main admin who creates it stays signed in as
 * themselves.
 */
export async function createAdminAccount(db: Db, input: CreateAdminInput): Promise<{ id: string }> {
  assertPasswordAllowed(input.password, "staff");
  const hash = await hashPassword(input.password);
  const id = await db.transaction((tx) => insertAccount(tx, input, hash));
  if (!id) throw new DomainError("CONFLICT", EMAIL_TAKEN);
  return { id };
}

export interface AdminRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  gender: string;
  role: AdminRole;
  numberCode: string;
  number: string;
}

/** Every admin and main admin, oldest first. */
export async function listAdmins(db: Db): Promise<AdminRow[]> {
  const rows = await db
    .select({
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      gender: user.gender,
      role: user.role,
      numberCode: user.numberCode,
      number: user.number,
    })
    .from(user)
    .where(inArray(user.role, [...ADMIN_ROLES]))
    .orderBy(asc(user.createdAt), asc(user.id));
  return rows as AdminRow[];
}

/**
 * Updates one admin's names, gender, phone number and role. The shop always keeps a main admin:
 * every main admin's row is locked (in one order, so two editors cannot deadlock) before counting,
 * so two demotions at once are applied one after the other and the second one is refused.
 */
export async function updateAdmin(db: Db, input: UpdateAdminInput): Promise<void> {
  await db.transaction(async (tx) => {
    const mainAdmins = await tx.select({ id: user.id }).from(user).where(eq(user.role, "main-admin")).orderBy(asc(user.id)).for("update");
    const [target] = await tx
      .select({ id: user.id, role: user.role })
      .from(user)
      .where(and(eq(user.id, input.id), inArray(user.role, [...ADMIN_ROLES])))
      .for("update");
    if (!target) throw new DomainError("NOT_FOUND", ADMIN_GONE);
    if (target.role === "main-admin" && input.role !== "main-admin" && mainAdmins.length <= 1) {
      throw new DomainError("CONFLICT", LAST_MAIN_ADMIN);
    }
    await tx
      .update(user)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        name: `${input.firstName} ${input.lastName}`,
        gender: input.gender,
        role: input.role,
        number: input.number,
        updatedAt: new Date(),
      })
      .where(eq(user.id, target.id));
  });
}

/**
 * Deletes an admin's account (profile, role and password) into the Trash; their sessions end. A
 * main admin deletes others, never themselves. The main admins' rows are locked first, in one
 * order (as `updateAdmin` does): of two main admins deleting each other at once, the second finds
 * itself gone and is refused, so the shop always keeps a main admin.
 */
export async function deleteAdmin(db: Db, id: string, by: DeletedBy): Promise<{ email: string }> {
  return db.transaction(async (tx) => {
    const mainAdmins = await tx.select({ id: user.id }).from(user).where(eq(user.role, "main-admin")).orderBy(asc(user.id)).for("update");
    if (!mainAdmins.some((m) => m.id === by.id)) throw new DomainError("FORBIDDEN", ACCESS_DENIED_MANAGE);
    if (id === by.id) throw new DomainError("INVALID", CANNOT_DELETE_SELF);
    const [target] = await tx
      .select({ id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName })
      .from(user)
      .where(and(eq(user.id, id), inArray(user.role, [...ADMIN_ROLES])))
      .for("update");
    if (!target) throw new DomainError("NOT_FOUND", ADMIN_GONE);
    const fullName = `${target.firstName} ${target.lastName}`.trim();
    await moveToTrash(tx, { kind: "admin", itemId: id, name: fullName ? `${fullName} (${target.email})` : target.email, by });
    return { email: target.email };
  });
}
