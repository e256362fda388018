import { eq } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { orders } from "~/lib/db/tables/orders.server";
import { orderIdOfReceipt, RECEIPT_EXPIRED } from "~/modules/orders/order-receipt.server";
import { requestSignup } from "./signup.server";

/**
 * "Save my details" after a guest order (docs/decisions/0057): the confirmation page offers an
 * account for the order's e-mail. The browser proves it placed the order with its receipt (an hour);
 * the names, phone and address come from the order, never from the form, which sends only a
 * password. Then it is a signup like any other (signup.server.ts): counted per client address, the
 * same answer and the same work whether or not the e-mail has an account, and the account is made
 * only when the link mailed to the address is used — with the order's address as its default.
 * Answers the e-mail the link was sent to, for the page's "Check your email" text.
 */
export async function saveDetailsFromOrder(
  db: Db,
  input: { receipt: string; password: string; address?: string; baseUrl: string },
  now = new Date(),
): Promise<{ email: string }> {
  const orderId = await orderIdOfReceipt(db, input.receipt, now.getTime());
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new DomainError("NOT_FOUND", RECEIPT_EXPIRED);
  const email = order.email.trim().toLowerCase();
  await requestSignup(
    db,
    {
      email,
      password: input.password,
      firstName: order.firstName,
      lastName: order.lastName,
      gender: "",
      numberCode: "+92",
      number: order.phone.replace(/^0/, ""),
      address: input.address,
      baseUrl: input.baseUrl,
      deliveryAddress: {
        streetAddress: order.streetAddress,
        apartment: order.apartment,
        city: order.city,
        state: order.state,
        zipCode: order.zipCode,
        country: order.country,
        landmark: order.landmark,
      },
    },
    now,
  );
  return { email };
}
