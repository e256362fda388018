import { data, Form, Link, useActionData, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/track";
import { formText } from "~/lib/form-text";
import { formatAdminDateTime } from "~/lib/admin-date";
import { actionFailure } from "~/lib/action-failure.server";
import { parseForm } from "~/lib/form-refusal.server";
import { publicUrlFrom, seo } from "~/lib/seo";
import { BRAND } from "~/lib/brand";
import { orderNumberFromLink, trackOrderSchema } from "~/modules/orders/order-tracking.schema";
import { trackOrder, type TrackedOrder } from "~/modules/orders/order-tracking.server";
import type { FieldErrors } from "~/lib/form-errors";
import { ORDER_STATUS_BADGES } from "~/modules/orders/order-status";
import { FormAlert, TextField, SubmitButton } from "~/components/ui/field";
import { useFormCheck } from "~/components/ui/use-form-check";
import { RouteError } from "~/components/ui/route-error";

export function meta({ matches }: Route.MetaArgs) {
  return seo(publicUrlFrom(matches), {
    title: "Track your order",
    description: "Follow your Chamra Leather order: enter its number and your phone number to see where it stands and follow the parcel.",
    path: "/track",
  });
}

type TrackResult =
  | { order: TrackedOrder; error?: undefined; values?: undefined; fieldErrors?: undefined }
  | { order?: undefined; error: string; values: { orderNumber: string; phone: string }; fieldErrors?: FieldErrors };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = { orderNumber: formText(form, "orderNumber"), phone: formText(form, "phone") };
  const parsed = parseForm(trackOrderSchema, values, { values });
  if (!parsed.ok) return parsed.response;
  try {
    return data<TrackResult>({ order: await trackOrder(context.db, parsed.value, context.clientAddress) });
  } catch (error) {
    return actionFailure(error, { msg: "order look-up failed" }, ({ message }): TrackResult => ({ error: message, values }));
  }
}

export default function Track() {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const check = useFormCheck(trackOrderSchema, result);
  const order = result && "order" in result ? result.order : undefined;
  // A link from the confirmation or its e-mail fills in the order number; the phone is still asked for.
  const linkedNumber = orderNumberFromLink(useSearchParams()[0]);
  return (
    <section className="mx-auto max-w-xl px-4 py-12">
      <h1 className="font-serif text-3xl text-leather-800">Track your order</h1>
      <p className="mt-2 text-stone-700">Enter the order number from your confirmation and the phone number you ordered with.</p>
      <Form
        method="post"
        noValidate
        className="mt-8 space-y-4 rounded-xl border border-leather-200 bg-white p-6 shadow-sm"
        aria-label="Track your order"
        onSubmit={check.onSubmit}
      >
        <FormAlert message={check.error} />
        <TextField
          id="orderNumber"
          label="Order number"
          required
          placeholder="ORD-1763900000000"
          autoComplete="off"
          inputMode="text"
          defaultValue={result?.values?.orderNumber ?? order?.orderNumber ?? linkedNumber}
          error={check.errorOf("orderNumber")}
        />
        <TextField
          id="phone"
          label="Phone number"
          type="tel"
          required
          placeholder="03XXXXXXXXX"
          autoComplete="tel"
          autoFocus={Boolean(linkedNumber) && !result}
          defaultValue={result?.values?.phone}
          error={check.errorOf("phone")}
        />
        <SubmitButton busy={busy} busyLabel="Looking up...">
          Track Order
        </SubmitButton>
      </Form>
      {order && <TrackedOrderPanel order={order} />}
      <p className="mt-8 text-sm text-stone-700">
        Something not right? Call us on{" "}
        <a className="font-medium text-leather-700 underline" href={`tel:${BRAND.phone.replace(/\s/g, "")}`}>
          {BRAND.phone}
        </a>{" "}
        or{" "}
        <Link to="/contact" className="font-medium text-leather-700 underline">
          write to us
        </Link>
        .
      </p>
    </section>
  );
}

function TrackedOrderPanel({ order }: { order: TrackedOrder }) {
  return (
    <section aria-labelledby="tracked-order-heading" className="mt-8 rounded-xl border border-leather-200 bg-white p-6 shadow-sm">
      <h2 id="tracked-order-heading" className="font-serif text-2xl text-leather-800">
        Order {order.orderNumber}
      </h2>
      <p className="mt-2 text-stone-700">
        Status:{" "}
        <span className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${ORDER_STATUS_BADGES[order.status] ?? ""}`}>{order.statusLabel}</span>
      </p>
      {order.parcel && (
        <div className="mt-4 rounded-lg bg-leather-50 p-4">
          <p className="font-medium text-stone-900">
            Sent with {order.parcel.courier}
            {order.parcel.cn && <>, CN {order.parcel.cn}</>}
          </p>
          {order.parcel.url && (
            <a href={order.parcel.url} target="_blank" rel="noopener noreferrer" className="mt-1 inline-block font-medium text-leather-700 underline">
              Follow the parcel on {order.parcel.courier}’s site
            </a>
          )}
        </div>
      )}
      <h3 className="mt-6 font-medium text-stone-900">History</h3>
      <ol className="mt-2 space-y-3 border-l-2 border-leather-200 pl-4" aria-label="Order history">
        {order.timeline.map((step, i) => (
          <li key={`${step.status}-${i}`}>
            <p className="font-medium text-stone-900">{step.label}</p>
            <p className="text-sm text-stone-600">
              <time dateTime={step.at}>{formatAdminDateTime(step.at)}</time>
            </p>
          </li>
        ))}
      </ol>
      <p className="mt-4 text-xs text-stone-600">
        Times are Pakistan time. Delivery is within 3-5 business days; pay in cash when the parcel arrives.
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteError />;
}
