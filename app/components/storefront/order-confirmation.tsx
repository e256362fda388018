import { Link, useFetcher } from "react-router";
import type { FieldErrors } from "~/lib/form-errors";
import { passwordHint } from "~/modules/accounts/password-rules";
import { saveDetailsSchema } from "~/modules/accounts/profile.schema";
import { formatAmount } from "~/modules/catalog/pricing";
import { trackOrderHref } from "~/modules/orders/order-tracking.schema";
import type { OrderReceipt } from "~/modules/orders/order-receipt.server";
import { FormAlert, SubmitButton, TextField } from "~/components/ui/field";
import { useFormCheck } from "~/components/ui/use-form-check";
import { DeliveryAddress } from "./delivery-address";
import { OrderSummary } from "./order-summary";

export type SaveDetailsResult =
  { sent: string; error?: undefined; fieldErrors?: undefined } | { sent?: undefined; error: string; fieldErrors?: FieldErrors };

/** The order's details as the shop stored them, or why they cannot be shown; undefined while they are asked for. */
export type ConfirmedDetails = { ok: true; order: OrderReceipt } | { ok: false; message: string } | undefined;

/**
 * The spec's order confirmation ("Order Confirmed!", the order number and total, What's Next):
 * drawn by /confirmorder after an order placed with scripts, and by /checkout itself when the
 * order was placed without them (docs/decisions/0062, "Later").
 */
export function OrderConfirmation({
  orderId,
  orderTotal,
  receipt,
  details,
  offerSaveDetails,
}: {
  orderId: string;
  orderTotal: number;
  receipt?: string;
  details: ConfirmedDetails;
  /** "Save my details" (a guest's order, and a page whose scripts run: it answers through them). */
  offerSaveDetails: boolean;
}) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-14 text-center">
      <div className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-green-100 text-3xl text-green-800" aria-hidden="true">
        ✓
      </div>
      <h1 className="mt-5 font-serif text-4xl text-leather-800">Order Confirmed!</h1>
      <p className="mt-3 text-stone-700">Thank you for shopping with us.</p>
      <dl className="mx-auto mt-8 grid max-w-md gap-3 rounded-xl border border-leather-200 bg-white p-5 text-left">
        <div className="flex justify-between gap-4">
          <dt className="text-stone-600">Order number</dt>
          <dd className="font-mono font-semibold">{orderId}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-stone-600">Total</dt>
          <dd className="whitespace-nowrap font-semibold">{formatAmount(orderTotal)}</dd>
        </div>
      </dl>
      {receipt && (
        <div className="mx-auto mt-8 max-w-md text-left">
          {details?.ok ? (
            <OrderDetails order={details.order} />
          ) : details ? (
            <p className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">{details.message}</p>
          ) : (
            <p className="text-sm text-stone-600" aria-busy="true">
              Loading your order…
            </p>
          )}
        </div>
      )}
      {receipt && offerSaveDetails && <SaveMyDetails receipt={receipt} />}
      <div className="mx-auto mt-8 max-w-md text-left">
        <h2 className="font-serif text-2xl text-leather-800">What's Next?</h2>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-stone-800">
          <li>You will receive a confirmation email shortly.</li>
          <li>Your order will be delivered within 3-5 business days.</li>
          <li>Pay with cash when your order arrives.</li>
          <li>Stock has been automatically updated.</li>
        </ul>
        <p className="mt-4 text-stone-700">
          Follow your order any time:{" "}
          <Link to={trackOrderHref(orderId)} className="inline-block py-0.5 font-medium text-leather-700 underline">
            Track your order
          </Link>{" "}
          opens with its number filled in; you enter the phone number you ordered with.
        </p>
      </div>
      <div className="mt-10 flex flex-wrap justify-center gap-3">
        <Link to="/" className="rounded-md border border-leather-300 px-5 py-3 font-medium text-leather-800 hover:bg-leather-100">
          Back to Home
        </Link>
        <Link to="/shop" className="rounded-md bg-leather-700 px-5 py-3 font-semibold text-white hover:bg-leather-800">
          Continue Shopping
        </Link>
      </div>
    </section>
  );
}

/**
 * After a guest order: an account for the order's e-mail, with the order's names, phone and address
 * (docs/decisions/0057). Only a password is asked; the link mailed to the address makes the account.
 */
function SaveMyDetails({ receipt }: { receipt: string }) {
  const fetcher = useFetcher<SaveDetailsResult>();
  const busy = fetcher.state !== "idle";
  const check = useFormCheck(saveDetailsSchema, fetcher.data);
  return (
    <section aria-labelledby="save-details-heading" className="mx-auto mt-8 max-w-md rounded-xl border border-leather-200 bg-white p-5 text-left">
      <h2 id="save-details-heading" className="font-serif text-2xl text-leather-800">
        Save my details
      </h2>
      {fetcher.data?.sent ? (
        <p role="status" className="mt-3 rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900">
          {fetcher.data.sent}
        </p>
      ) : (
        <fetcher.Form method="post" action="/confirmorder" noValidate className="mt-3 space-y-4" onSubmit={check.onSubmit}>
          <p className="text-sm text-stone-700">
            Choose a password to keep this order, your name, phone and address for next time. We will e-mail you a link to confirm.
          </p>
          <FormAlert message={check.error} />
          <input type="hidden" name="intent" value="save-details" />
          <input type="hidden" name="receipt" value={receipt} />
          <TextField
            id="save-details-password"
            name="password"
            label="Password"
            type="password"
            required
            autoComplete="new-password"
            hint={passwordHint("customer")}
            error={check.errorOf("password")}
          />
          <SubmitButton busy={busy} busyLabel="Saving...">
            Save my details
          </SubmitButton>
        </fetcher.Form>
      )}
    </section>
  );
}

/** What was ordered, what it costs and where it goes, as the shop stored it. */
function OrderDetails({ order }: { order: OrderReceipt }) {
  return (
    <>
      <section aria-labelledby="ordered-heading">
        <h2 id="ordered-heading" className="font-serif text-2xl text-leather-800">
          Your order
        </h2>
        <OrderSummary order={order} framed />
        <p className="mt-1 text-sm text-stone-600">The total above is what you pay in cash on delivery.</p>
      </section>
      <section aria-labelledby="deliver-heading" className="mt-6">
        <h2 id="deliver-heading" className="font-serif text-2xl text-leather-800">
          Delivery address
        </h2>
        <DeliveryAddress deliverTo={order.deliverTo} />
      </section>
    </>
  );
}
