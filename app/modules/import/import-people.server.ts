import { eq, sql } from "drizzle-orm";
import { newId } from "~/lib/ids";
import { contactSubmissions, subscribers } from "~/lib/db/tables/messages.server";
import { user } from "~/lib/db/tables/accounts.server";
import type { SubmissionData, SubscriberData, UserData } from "./import-people-mapping";
import { counted, remember, skip, type Writer } from "./import-records.server";

// The import's writers of people: accounts (profiles without a password), contact submissions and subscribers.

// ------------------------------------------------------------------ users

export const writeUsers: Writer<UserData> = async (tx, ctx, planned, counts) => {
  for (const [i, p] of planned.entries()) {
    if (!p.mapped.ok) continue;
    const u = p.mapped.value;
    const [holder] = await tx.select({ id: user.id }).from(user).where(eq(user.email, u.email)).limit(1);
    if (holder && holder.id !== p.targetId) {
      skip(ctx, "users", counts, p, `an account with the e-mail ${u.email} already exists here: left as it is`);
      continue;
    }
    const name = `${u.firstName} ${u.lastName}`.trim() || u.email;
    const values = {
      email: u.email,
      name,
      firstName: u.firstName,
      lastName: u.lastName,
      gender: u.gender,
      numberCode: u.numberCode,
      number: u.number,
      role: u.role,
    };
    let id = p.targetId;
    if (id) {
      const updated = await tx
        .update(user)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(user.id, id))
        .returning({ id: user.id });
      if (updated.length === 0) id = p.targetId = undefined;
    }
    if (!id) {
      // A profile only: no credential account, so no password until the person sets one.
      id = newId(24);
      await tx.insert(user).values({ id, ...values, emailVerified: false, createdAt: u.createdAt, updatedAt: u.createdAt });
      ctx.summary.importedUserEmails.push(u.email);
    }
    await remember(tx, "users", p, id);
    counted(ctx, "users", counts, p, i, planned.length);
  }
};

// ------------------------------------------------------------------ contact submissions and subscribers

export const writeSubmissions: Writer<SubmissionData> = async (tx, ctx, planned, counts) => {
  for (const [i, p] of planned.entries()) {
    if (!p.mapped.ok) continue;
    const values = p.mapped.value;
    let id = p.targetId;
    if (id) {
      const updated = await tx.update(contactSubmissions).set(values).where(eq(contactSubmissions.id, id)).returning({ id: contactSubmissions.id });
      if (updated.length === 0) id = p.targetId = undefined;
    }
    if (!id) [{ id }] = await tx.insert(contactSubmissions).values(values).returning({ id: contactSubmissions.id });
    await remember(tx, "contactSubmissions", p, id);
    counted(ctx, "contactSubmissions", counts, p, i, planned.length);
  }
};

export const writeSubscribers: Writer<SubscriberData> = async (tx, ctx, planned, counts) => {
  for (const [i, p] of planned.entries()) {
    if (!p.mapped.ok) continue;
    const s = p.mapped.value;
    const [holder] = await tx
      .select({ id: subscribers.id })
      .from(subscribers)
      .where(sql`lower(${subscribers.email}) = lower(${s.email})`)
      .limit(1);
    if (holder && holder.id !== p.targetId) {
      skip(ctx, "subscribers", counts, p, `${s.email} is already subscribed here`);
      continue;
    }
    let id = p.targetId;
    if (id) {
      const updated = await tx.update(subscribers).set(s).where(eq(subscribers.id, id)).returning({ id: subscribers.id });
      if (updated.length === 0) id = p.targetId = undefined;
    }
    if (!id) [{ id }] = await tx.insert(subscribers).values(s).returning({ id: subscribers.id });
    await remember(tx, "subscribers", p, id);
    counted(ctx, "subscribers", counts, p, i, planned.length);
  }
};
