import { eq, sql } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { appSettings } from "~/lib/db/tables/site.server";
import { orderHistory, orders } from "~/lib/db/tables/orders.server";
import { publishChange } from "~/modules/live/live-events.server";
import type { ConfirmationOutcome } from "~/lib/db/value-lists";
import { CONFIRMATION_OUTCOME_LABELS, DEFAULT_CONFIRMATION_TEMPLATE } from "./customer-contact";

const TEMPLATE_KEY = "order_confirmation_template";

/** The message staff send to confirm an order on WhatsApp: the main admins' text, else the shop's default. */
export async function getConfirmationTemplate(db: Db): Promise<string> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, TEMPLATE_KEY));
  return row?.value || DEFAULT_CONFIRMATION_TEMPLATE;
}

/** Saves the template (main admins only: the caller checks); an empty text brings the default back. */
export async function saveConfirmationTemplate(db: Db, template: string): Promise<void> {
  const value = template.trim();
  if (!value) {
    await db.delete(appSettings).where(eq(appSettings.key, TEMPLATE_KEY));
    return;
  }
  await db.insert(appSettings).values({ key: TEMPLATE_KEY, value }).onConflictDoUpdate({ target: appSettings.key, set: { value } });
}

/**
 * Records what came of calling or messaging the customer: the order's call state (the last outcome,
 * and one more unanswered call for 'No answer'), and the outcome with who and when in its history
 * (the status does not change); tells every open orders list.
 */
export async function recordConfirmationOutcome(db: Db, input: { orderId: string; outcome: ConfirmationOutcome; by: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({
        callOutcome: input.outcome,
        noAnswerCalls: input.outcome === "no-answer" ? sql`${orders.noAnswerCalls} + 1` : orders.noAnswerCalls,
      })
      .where(eq(orders.id, input.orderId))
      .returning({ id: orders.id, status: orders.status });
    if (!order) throw new DomainError("NOT_FOUND", "This order no longer exists.");
    await tx.insert(orderHistory).values({
      orderId: order.id,
      fromStatus: order.status,
      toStatus: order.status,
      changedBy: input.by,
      note: CONFIRMATION_OUTCOME_LABELS[input.outcome],
    });
    await publishChange(tx, { topic: "orders", id: order.id });
  });
}

/** Orders still to confirm with their customer: placed (Confirmed), and nobody has recorded 'Confirmed by phone'. */
export const awaitingConfirmation = sql`(${orders.status} = 'confirmed' and ${orders.callOutcome} is distinct from 'confirmed-by-phone')`;
