import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { newId } from "~/lib/ids";
import { addresses, user } from "~/lib/db/tables/accounts.server";
import { isValidPhone, normalizePhone } from "~/modules/orders/phone";
import type { CheckoutInput } from "~/modules/orders/checkout.schema";
import { ADDRESS_BOOK_FULL, ADDRESS_NOT_FOUND, type AddressInput, type ProfileInput } from "./profile.schema";

/**
 * A customer's own account (docs/decisions/0057): profile, address book, and what checkout is
 * filled with. Every function takes the signed-in account's id from the session, never from a form.
 */

/** At most this many addresses per account. */
const ADDRESS_BOOK_SIZE = 10;

export interface Profile {
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  numberCode: string;
  number: string;
}

export async function getProfile(db: Db, userId: string): Promise<Profile> {
  const [row] = await db
    .select({
      email: user.email,
      emailVerified: user.emailVerified,
      firstName: user.firstName,
      lastName: user.lastName,
      numberCode: user.numberCode,
      number: user.number,
    })
    .from(user)
    .where(eq(user.id, userId));
  if (!row) throw new DomainError("NOT_FOUND", "This account no longer exists.");
  return row;
}

export async function updateProfile(db: Db, userId: string, input: ProfileInput, now = new Date()): Promise<void> {
  await db
    .update(user)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      name: `${input.firstName} ${input.lastName}`.trim(),
      numberCode: input.numberCode,
      number: input.number,
      updatedAt: now,
    })
    .where(eq(user.id, userId));
}

export type Address = typeof addresses.$inferSelect;

/** The address book: the default first, then newest first. */
export async function listAddresses(db: Db, userId: string): Promise<Address[]> {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), asc(addresses.id));
}

/**
 * Adds an address. The first one, or one marked so, becomes the default (the other loses it).
 * The account's row is locked first, so parallel adds count one after the other and the book never
 * holds more than ADDRESS_BOOK_SIZE.
 */
export async function addAddress(db: Db, userId: string, input: AddressInput): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${user} where ${user.id} = ${userId} for update`);
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(addresses)
      .where(eq(addresses.userId, userId));
    if (Number(count) >= ADDRESS_BOOK_SIZE) throw new DomainError("CONFLICT", ADDRESS_BOOK_FULL);
    const makeDefault = input.makeDefault || Number(count) === 0;
    if (makeDefault) await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.userId, userId));
    const id = newId();
    const { makeDefault: _, ...fields } = input;
    await tx.insert(addresses).values({ id, userId, ...fields, isDefault: makeDefault });
    return id;
  });
}

/** Makes one of the account's addresses its default; NOT_FOUND for an address of no one or of another account. */
export async function setDefaultAddress(db: Db, userId: string, addressId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${user} where ${user.id} = ${userId} for update`);
    const [found] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
    if (!found) throw new DomainError("NOT_FOUND", ADDRESS_NOT_FOUND);
    await tx
      .update(addresses)
      .set({ isDefault: false })
      .where(and(eq(addresses.userId, userId), ne(addresses.id, addressId)));
    await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, addressId));
  });
}

/** Removes one of the account's addresses; when it was the default, the newest left becomes the default. */
export async function removeAddress(db: Db, userId: string, addressId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${user} where ${user.id} = ${userId} for update`);
    const [removed] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
      .returning({ isDefault: addresses.isDefault });
    if (!removed) throw new DomainError("NOT_FOUND", ADDRESS_NOT_FOUND);
    if (!removed.isDefault) return;
    const [next] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(desc(addresses.createdAt), desc(addresses.id))
      .limit(1);
    if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
  });
}

/** The phone as checkout takes it (03XXXXXXXXX), from the profile's country code and number; "" when it is not a Pakistani mobile. */
function checkoutPhone(numberCode: string, number: string): string {
  const digits = number.replace(/[\s\-().]/g, "");
  if (!digits) return "";
  const phone = digits.startsWith("0") || digits.startsWith("+") ? normalizePhone(digits) : normalizePhone(`${numberCode}${digits}`);
  return isValidPhone(phone) ? phone : "";
}

export type CheckoutPrefill = Partial<Record<keyof CheckoutInput, string>>;

/**
 * What checkout is filled with for a signed-in customer: names, e-mail and phone from the profile,
 * the address from the default address. Only a starting point: the order is checked as any other.
 */
export async function checkoutPrefill(db: Db, userId: string): Promise<CheckoutPrefill> {
  const [profile, [address]] = await Promise.all([
    getProfile(db, userId),
    db
      .select()
      .from(addresses)
      .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)))
      .limit(1),
  ]);
  const prefill: CheckoutPrefill = {
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email,
    phone: checkoutPhone(profile.numberCode, profile.number),
  };
  if (address) {
    Object.assign(prefill, {
      streetAddress: address.streetAddress,
      apartment: address.apartment,
      city: address.city,
      state: address.state,
      zipCode: address.zipCode,
      country: address.country,
      landmark: address.landmark,
    });
  }
  return prefill;
}
