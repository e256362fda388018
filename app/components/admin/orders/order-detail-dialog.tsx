import { useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { formatAdminDate, formatAdminDateTime } from "~/lib/admin-date";
import { CONFIRMATION_OUTCOMES, type OrderStatus } from "~/lib/db/value-lists";
import { formatAmount } from "~/modules/catalog/pricing";
import { colourLabel } from "~/modules/catalog/colour-label";
import type { OrderDetail } from "~/modules/orders/admin-orders.server";
import { CONFIRMATION_OUTCOME_LABELS } from "~/modules/orders/customer-contact";
import { flagText, historyLine } from "~/modules/orders/order-review";
import { ASK_BEFORE, ORDER_STATUS_LABELS, statusesFrom, takesReturnChoice } from "~/modules/orders/order-status";
import { useAddressedDialog } from "~/components/admin/use-addressed-dialog";
import { Img } from "~/components/ui/img";
import { AskFirst, Button, ButtonLink, InputControl, SelectControl } from "~/components/admin/controls";
import { ContactLinks } from "./contact-links";
import { ReturnStockChoice } from "./move-step";
import { CallStateChip, OrderStatusBadge } from "./order-badges";
import { COURIER_LIST } from "./order-addresses";
import type { OrderActionResult } from "./order-action-result";

/** One order in full: what was bought, who and where, what the shop knows of the customer, the call, the status and its history. */
export function OrderDetailDialog({ order, template, closeTo }: { order: OrderDetail; template: string; closeTo: string }) {
  const { titleId, dialogProps } = useAddressedDialog(closeTo);
  const address = [order.streetAddress, order.apartment, order.city, order.state, order.zipCode, order.country].filter(Boolean).join(", ");
  return (
    <dialog
      {...dialogProps}
      className="fixed inset-0 z-50 m-auto max-h-[92vh] w-[min(48rem,94vw)] overflow-y-auto rounded-xl border border-stone-200 bg-white p-0 text-stone-900 shadow-2xl backdrop:bg-black/40"
    >
      <div className="sticky top-0 z-10 flex items-start justify-between gap-3 border-b border-stone-200 bg-white px-4 py-3 sm:px-6 sm:py-4">
        <div className="min-w-0">
          <h2 id={titleId} className="font-serif text-xl text-leather-800 sm:text-2xl">
            Order <span className="whitespace-nowrap">{order.orderNumber}</span>
          </h2>
          <p className="text-sm text-stone-600">
            {formatAdminDate(order.createdAt)} · {order.paymentMethod === "cod" ? "Cash on Delivery" : "Online Payment"} ·{" "}
            <OrderStatusBadge status={order.status} call={order.call} />
          </p>
        </div>
        <ButtonLink kind="quiet" to={closeTo} preventScrollReset autoFocus className="shrink-0">
          Close
        </ButtonLink>
      </div>

      <div className="space-y-6 px-4 py-5 sm:px-6">
        <section aria-labelledby={`${titleId}-items`}>
          <h3 id={`${titleId}-items`} className="font-semibold text-stone-900">
            Items
          </h3>
          <ul className="mt-2 divide-y divide-stone-100">
            {order.items.map((item) => (
              <li key={item.id} className="flex items-center gap-3 py-2">
                <Img
                  src={item.productImage || "/placeholder.svg"}
                  alt={item.productName}
                  width={56}
                  height={56}
                  className="h-14 w-14 shrink-0 rounded-md object-cover"
                />
                <div className="min-w-0 flex-1 text-sm">
                  <p className="font-medium break-words">{item.productName}</p>
                  <p className="text-stone-600">
                    Colour: {colourLabel(item.color) || "—"} · Size: {item.size || "—"} · Qty: {item.quantity}
                  </p>
                </div>
                <p className="whitespace-nowrap text-sm font-semibold">{formatAmount(item.lineTotal)}</p>
              </li>
            ))}
          </ul>
        </section>

        <div className="grid gap-6 sm:grid-cols-2">
          <section>
            <h3 className="font-semibold text-stone-900">Customer</h3>
            <dl className="mt-2 space-y-1 text-sm">
              <div>
                <dt className="inline text-stone-600">Name: </dt>
                <dd className="inline break-words">
                  {order.firstName} {order.lastName}
                </dd>
              </div>
              <div>
                <dt className="inline text-stone-600">Email: </dt>
                <dd className="inline break-all">{order.email}</dd>
              </div>
              <div>
                <dt className="inline text-stone-600">Phone: </dt>
                <dd className="inline">{order.phone}</dd>
              </div>
              {order.alternatePhone && (
                <div>
                  <dt className="inline text-stone-600">Alternate phone: </dt>
                  <dd className="inline">{order.alternatePhone}</dd>
                </div>
              )}
            </dl>
          </section>
          <section>
            <h3 className="font-semibold text-stone-900">Shipping Address</h3>
            <p className="mt-2 text-sm break-words">{address}</p>
            {order.landmark && <p className="text-sm text-stone-600">Landmark: {order.landmark}</p>}
          </section>
        </div>

        <CustomerReview order={order} />

        <section>
          <h3 className="font-semibold text-stone-900">Order Summary</h3>
          <dl className="mt-2 space-y-1 text-sm">
            <div className="flex justify-between">
              <dt>Subtotal</dt>
              <dd>{formatAmount(order.subtotal)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Tax</dt>
              <dd>{formatAmount(order.tax)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Shipping</dt>
              <dd>Free</dd>
            </div>
            <div className="flex justify-between border-t border-stone-200 pt-1 font-semibold">
              <dt>Total</dt>
              <dd>{formatAmount(order.total)}</dd>
            </div>
          </dl>
        </section>

        {order.notes && (
          <section>
            <h3 className="font-semibold text-stone-900">Order Notes</h3>
            <p className="mt-2 whitespace-pre-wrap break-words text-sm">{order.notes}</p>
          </section>
        )}

        <ConfirmWithCustomer order={order} template={template} />
        <StatusAndDelivery order={order} />

        <section>
          <h3 className="font-semibold text-stone-900">History</h3>
          <ol className="mt-2 space-y-1 text-sm break-words">
            {order.history.map((h) => (
              <li key={h.id}>
                <span className="text-stone-600">{formatAdminDateTime(h.at)}</span> ·{" "}
                {h.fromStatus && h.fromStatus !== h.toStatus ? `${ORDER_STATUS_LABELS[h.fromStatus]} → ` : ""}
                {ORDER_STATUS_LABELS[h.toStatus]} · by {h.by}
                {h.note ? ` · ${h.note}` : ""}
              </li>
            ))}
          </ol>
        </section>
      </div>
    </dialog>
  );
}

/** What the shop has seen of this phone number and e-mail, and what to check before shipping. */
function CustomerReview({ order }: { order: OrderDetail }) {
  const id = useId();
  const { review, threshold } = order;
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="font-semibold text-stone-900">
        Before shipping
      </h3>
      <p className="mt-1 text-sm">
        This customer (same phone or e-mail): <strong>{historyLine(review.history)}</strong>
      </p>
      {review.flags.length > 0 ? (
        <ul aria-label="Needs attention" className="mt-2 space-y-1">
          {review.flags.map((flag) => {
            const text = flagText(flag, review, threshold);
            return (
              <li key={flag} className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
                <strong>{text.label}:</strong> {text.detail}
              </li>
            );
          })}
        </ul>
      ) : (
        order.status === "confirmed" && <p className="mt-1 text-sm text-stone-600">Nothing to check before shipping.</p>
      )}
    </section>
  );
}

/** Call or message the customer, then record what came of it (kept on the order and in its history). */
function ConfirmWithCustomer({ order, template }: { order: OrderDetail; template: string }) {
  const fetcher = useFetcher<OrderActionResult>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const outcomeId = useId();
  return (
    <section aria-labelledby={outcomeId}>
      <h3 id={outcomeId} className="font-semibold text-stone-900">
        Confirm with the customer
      </h3>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <CallStateChip call={order.call} />
        <ContactLinks order={order} template={template} />
      </div>
      <fetcher.Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="outcome" />
        <input type="hidden" name="orderId" value={order.id} />
        <label className="text-sm font-medium text-stone-700">
          What the customer said
          <SelectControl name="outcome" defaultValue="confirmed-by-phone" className="mt-1 block">
            {CONFIRMATION_OUTCOMES.map((o) => (
              <option key={o} value={o}>
                {CONFIRMATION_OUTCOME_LABELS[o]}
              </option>
            ))}
          </SelectControl>
        </label>
        <Button kind="secondary" type="submit" busy={fetcher.state !== "idle"} busyLabel="Recording...">
          Record
        </Button>
      </fetcher.Form>
      {result && !result.ok && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {result.message}
        </p>
      )}
      {result?.ok && result.recorded && (
        <p role="status" className="mt-2 text-sm text-green-800">
          Recorded: {result.recorded}.
        </p>
      )}
    </section>
  );
}

/** The status, with the courier and CN Shipped needs and the choice a return needs; the server checks both. */
function StatusAndDelivery({ order }: { order: OrderDetail }) {
  const fetcher = useFetcher<OrderActionResult>();
  const id = useId();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const error = result && !result.ok ? result : null;
  const saved = result?.ok;
  const statusForm = useRef<HTMLFormElement>(null);
  const [asking, setAsking] = useState<OrderStatus | null>(null);
  const [chosen, setChosen] = useState<OrderStatus>(order.status);
  const fieldError = (field: "courier" | "trackingNumber") => error?.fields?.[field] ?? error?.fieldErrors?.[field];
  const input = (field: "courier" | "trackingNumber", label: string, value: string | null, extra: { list?: string } = {}) => (
    <div className="text-sm font-medium text-stone-700">
      <label htmlFor={`${id}-${field}`}>{label}</label>
      <InputControl
        id={`${id}-${field}`}
        name={field}
        defaultValue={value ?? ""}
        maxLength={60}
        invalid={!!fieldError(field)}
        aria-describedby={fieldError(field) ? `${id}-${field}-error` : undefined}
        className="mt-1 block w-full"
        {...extra}
      />
      {fieldError(field) && (
        <p id={`${id}-${field}-error`} className="mt-1 text-sm font-normal text-red-700">
          {fieldError(field)}
        </p>
      )}
    </div>
  );
  return (
    <section>
      <h3 className="font-semibold text-stone-900">Status and delivery</h3>
      {(order.courier || order.trackingNumber) && (
        <p className="mt-2 text-sm">
          Courier: {order.courier || "—"} · Tracking number (CN): {order.trackingNumber || "—"}
        </p>
      )}
      <fetcher.Form
        ref={statusForm}
        method="post"
        className="mt-3 grid gap-3 sm:grid-cols-4 sm:items-start"
        onSubmit={(e) => {
          const to = new FormData(e.currentTarget).get("status") as OrderStatus;
          if (to !== order.status && ASK_BEFORE[to] && asking !== to) {
            e.preventDefault();
            setAsking(to);
          }
        }}
      >
        <input type="hidden" name="orderId" value={order.id} />
        <label className="text-sm font-medium text-stone-700">
          Order status
          <SelectControl
            name="status"
            defaultValue={order.status}
            key={order.status}
            onChange={(e) => setChosen(e.currentTarget.value as OrderStatus)}
            className="mt-1 block w-full"
          >
            {statusesFrom(order.status).map((s) => (
              <option key={s} value={s}>
                {ORDER_STATUS_LABELS[s]}
              </option>
            ))}
          </SelectControl>
        </label>
        {input("courier", "Courier", order.courier, { list: COURIER_LIST })}
        {input("trackingNumber", "Tracking number (CN)", order.trackingNumber)}
        <Button kind="primary" type="submit" busy={fetcher.state !== "idle"} busyLabel="Saving..." className="sm:mt-6">
          Save
        </Button>
        {takesReturnChoice(chosen) && chosen !== order.status && (
          <div className="sm:col-span-4">
            <ReturnStockChoice />
          </div>
        )}
      </fetcher.Form>
      <p className="mt-1 text-xs text-stone-600">Shipped needs the courier and the tracking number (CN); they are kept with the order.</p>
      {asking && ASK_BEFORE[asking] && (
        <AskFirst
          label={`Confirm: ${ORDER_STATUS_LABELS[asking]}`}
          question={ASK_BEFORE[asking].question(order.orderNumber)}
          yes={ASK_BEFORE[asking].yes}
          onYes={() => {
            if (statusForm.current) void fetcher.submit(statusForm.current);
            setAsking(null);
          }}
          no={`Keep ${ORDER_STATUS_LABELS[order.status]}`}
          onNo={() => setAsking(null)}
          className="mt-3"
        />
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error.message}
        </p>
      )}
      {saved && (
        <p role="status" className="mt-2 text-sm text-green-800">
          Saved.
        </p>
      )}
    </section>
  );
}
