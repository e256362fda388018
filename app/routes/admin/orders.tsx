import { useAddressedDialog } from "~/components/admin/use-addressed-dialog";
import { useEffect, useId, useRef, useState } from "react";
import { data, Form, Link, useFetcher, useLocation } from "react-router";
import type { Route } from "./+types/orders";
import { toHttp } from "~/lib/errors";
import { actionFailure } from "~/lib/action-failure.server";
import { formatAdminDate, formatAdminDateTime } from "~/lib/admin-date";
import { requireAdmin } from "~/modules/accounts/session.server";
import { formatAmount } from "~/modules/catalog/pricing";
import { changeOrderStatus, getOrderDetail, listOrders, type OrderDetail, type OrderListRow } from "~/modules/orders/admin-orders.server";
import {
  bulkStatusSchema,
  confirmationOutcomeSchema,
  ORDER_STATUS_ERROR,
  orderListQuerySchema,
  orderStatusChangeSchema,
} from "~/modules/orders/admin-orders.schema";
import { changeStatusOfOrders } from "~/modules/orders/order-batch.server";
import { CONFIRMATION_OUTCOME_LABELS, CONFIRMATION_OUTCOMES, telHref, whatsappHref, type OrderToConfirm } from "~/modules/orders/customer-contact";
import { getConfirmationTemplate, recordConfirmationOutcome } from "~/modules/orders/order-confirmation.server";
import { ORDER_STATUSES, type OrderStatus } from "~/lib/db/value-lists";
import { ASK_BEFORE, ORDER_STATUS_BADGES, ORDER_STATUS_LABELS, takesShippingDetails } from "~/modules/orders/order-status";
import { COURIERS } from "~/modules/orders/couriers";
import { Img } from "~/components/ui/img";
import { RouteError } from "~/components/ui/route-error";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useLiveUpdates } from "~/components/admin/use-live-updates";
import { FilterSelect, Pager, TableHead } from "~/components/admin/list-controls";
import { adminMeta } from "~/lib/seo";
import { ROW_ACTION_CLASS } from "~/components/admin/list-controls";
import { FormAlert } from "~/components/ui/field";
import { withThousands } from "~/lib/thousands";
import { NavigateButton } from "~/components/ui/navigate-button";

export const meta = () => adminMeta("Orders");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context.auth);
  const query = orderListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const db = context.db;
  const [list, detail, template] = await Promise.all([
    listOrders(db, query),
    query.order
      ? getOrderDetail(db, query.order).catch((error: unknown) => (toHttp(error).status === 404 ? null : Promise.reject(error)))
      : undefined,
    getConfirmationTemplate(db),
  ]);
  return {
    ...list,
    q: query.q,
    status: query.status,
    confirmation: query.confirmation,
    template,
    detail,
    detailMissing: Boolean(query.order) && detail === null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireAdmin(request, context.auth);
  const formData = await request.formData();
  const form = Object.fromEntries(formData);
  if (form.intent === "bulk-status") {
    const bulk = bulkStatusSchema.safeParse({ ids: formData.getAll("ids"), status: form.status });
    if (!bulk.success) return data({ ok: false as const, message: ORDER_STATUS_ERROR + bulk.error.issues[0].message }, { status: 400 });
    try {
      const result = await changeStatusOfOrders(context.db, { ids: bulk.data.ids, to: bulk.data.status, by: staff.id });
      return { ok: true as const, changed: result.changed.length > 0, bulk: { ...result, to: ORDER_STATUS_LABELS[bulk.data.status] } };
    } catch (error) {
      return actionFailure(error, { msg: "bulk order status change failed" }, ({ message }) => ({
        ok: false as const,
        message: ORDER_STATUS_ERROR + message,
      }));
    }
  }
  if (form.intent === "outcome") {
    const outcome = confirmationOutcomeSchema.safeParse(form);
    if (!outcome.success) return data({ ok: false as const, message: OUTCOME_ERROR + outcome.error.issues[0].message }, { status: 400 });
    try {
      await recordConfirmationOutcome(context.db, { ...outcome.data, by: staff.id });
      return { ok: true as const, changed: true, orderId: outcome.data.orderId, recorded: CONFIRMATION_OUTCOME_LABELS[outcome.data.outcome] };
    } catch (error) {
      const log = { msg: "confirmation outcome not recorded", orderId: outcome.data.orderId };
      return actionFailure(error, log, ({ message }) => ({ ok: false as const, message: OUTCOME_ERROR + message }));
    }
  }
  const parsed = orderStatusChangeSchema.safeParse(form);
  if (!parsed.success) {
    return data(
      {
        ok: false as const,
        message: ORDER_STATUS_ERROR + parsed.error.issues[0].message,
      },
      { status: 400 },
    );
  }
  try {
    const { changed } = await changeOrderStatus(context.db, {
      ...parsed.data,
      to: parsed.data.status,
      by: staff.id,
    });
    return { ok: true as const, changed, orderId: parsed.data.orderId };
  } catch (error) {
    const log = { msg: "order status change failed", orderId: parsed.data.orderId };
    return actionFailure(error, log, ({ message }) => ({ ok: false as const, message: ORDER_STATUS_ERROR + message }));
  }
}

const OUTCOME_ERROR = "Error recording the call: ";
/** The couriers of the storefront's tracking links, offered wherever a courier is typed. */
const COURIER_LIST = "courier-names";
/** The form the list's tick boxes belong to (print, export, change status of the ticked orders). */
const BULK_FORM = "bulk-orders";

/** The CSV of every order the list's search and filters find (not only this page). */
function exportAllTo(search: string): string {
  const params = new URLSearchParams(search);
  params.delete("page");
  params.delete("order");
  const text = params.toString();
  return `/admin/orders.csv${text ? `?${text}` : ""}`;
}

/** The list's address with some query parameters changed (null removes one). */
function withParams(search: string, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === "") params.delete(key);
    else params.set(key, value);
  }
  const text = params.toString();
  return `/admin/orders${text ? `?${text}` : ""}`;
}

function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${ORDER_STATUS_BADGES[status]}`}>
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}

function StatCard({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl border border-stone-200 bg-white p-4">
      <p className="text-sm text-stone-600">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-stone-900">{withThousands(value)}</p>
    </div>
  );
}

export default function AdminOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, counts, total, page, pageCount, q, status, confirmation, template, detail, detailMissing } = loaderData;
  const { search } = useLocation();
  const hydrated = useHydrated();
  const live = useLiveUpdates("orders");
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  // Ticks belong to the page they were made on.
  useEffect(() => setTicked(new Set()), [search]);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-serif text-3xl text-leather-800">Order Management</h1>
        {hydrated && (
          <p className="flex items-center gap-2 text-sm text-stone-600" aria-live="polite">
            <span aria-hidden="true" className={`inline-block h-2.5 w-2.5 rounded-full ${live ? "bg-green-600" : "bg-stone-400"}`} />
            {live ? "Live" : "Connecting…"}
          </p>
        )}
      </div>

      <section aria-label="Order totals" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard label="Total Orders" value={counts.all} />
        {ORDER_STATUSES.filter((s) => s !== "cancelled").map((s) => (
          <StatCard key={s} label={ORDER_STATUS_LABELS[s]} value={counts[s]} />
        ))}
      </section>

      {actionData && !actionData.ok && <FormAlert message={actionData.message} />}

      <Form
        method="get"
        action="/admin/orders"
        className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 sm:flex-row sm:items-end"
      >
        <label className="flex-1 text-sm font-medium text-stone-700">
          Search orders
          <input
            type="search"
            name="q"
            defaultValue={q}
            key={q}
            placeholder="Search orders by ID, name, or email..."
            className="mt-1 w-full rounded-md border border-stone-300 px-3 py-2 font-normal"
          />
        </label>
        <FilterSelect
          id="order-status-filter"
          label="Filter by status"
          name="status"
          value={status === "all" ? "" : status}
          allLabel="All Status"
          options={ORDER_STATUSES.map((s) => ({
            value: s,
            label: ORDER_STATUS_LABELS[s],
          }))}
          className="sm:w-44"
        />
        <FilterSelect
          id="order-confirmation-filter"
          label="Filter by confirmation"
          name="confirmation"
          value={confirmation === "pending" ? "pending" : ""}
          allLabel="All orders"
          options={[{ value: "pending", label: "Not yet confirmed" }]}
          className="sm:w-48"
        />
        <button type="submit" className="rounded-md bg-leather-700 px-4 py-2 font-semibold text-white hover:bg-leather-800">
          Search
        </button>
      </Form>

      <BulkActions ticked={[...ticked]} hydrated={hydrated} exportAllTo={exportAllTo(search)} />

      {rows.length === 0 ? (
        <p className="rounded-xl border border-stone-200 bg-white p-8 text-center text-stone-600">No orders found matching your criteria.</p>
      ) : (
        <div className="relative overflow-x-auto rounded-xl border border-stone-200 bg-white">
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">Orders, newest first</caption>
            <TableHead
              lead={{
                label: "Order Details",
                control: (
                  <input
                    type="checkbox"
                    aria-label="Select all orders on this page"
                    checked={rows.length > 0 && rows.every((r) => ticked.has(r.id))}
                    onChange={(e) => setTicked(e.currentTarget.checked ? new Set(rows.map((r) => r.id)) : new Set())}
                    disabled={!hydrated}
                    className="h-4 w-4 accent-leather-700"
                  />
                ),
              }}
              columns={["Customer", "Items & Total", "Status", "Date", "Actions"]}
            />
            <tbody className="divide-y divide-stone-100">
              {rows.map((row) => (
                <OrderRow
                  key={row.id}
                  row={row}
                  template={template}
                  viewTo={withParams(search, { order: row.id })}
                  hydrated={hydrated}
                  ticked={ticked.has(row.id)}
                  onTick={(on) =>
                    setTicked((now) => {
                      const next = new Set(now);
                      if (on) next.add(row.id);
                      else next.delete(row.id);
                      return next;
                    })
                  }
                />
              ))}
            </tbody>
          </table>
        </div>
      )}

      <p className="text-sm text-stone-700">
        {withThousands(total)} order{total === 1 ? "" : "s"}
      </p>
      <Pager page={page} pageCount={pageCount} hrefFor={(p) => withParams(search, { page: String(p), order: null })} />

      <datalist id={COURIER_LIST}>
        {COURIERS.map((c) => (
          <option key={c.id} value={c.name} />
        ))}
      </datalist>
      {detail && <OrderDetailDialog order={detail} template={template} closeTo={withParams(search, { order: null })} />}
      {detailMissing && <FormAlert message="This order no longer exists." />}
    </div>
  );
}

/** Call and WhatsApp links to confirm an order with its customer (none when the number cannot be dialled). */
function ContactLinks({ order, template, compact = false }: { order: OrderToConfirm; template: string; compact?: boolean }) {
  const tel = telHref(order.phone);
  const whatsapp = whatsappHref(template, order);
  const name = `${order.firstName} ${order.lastName}`.trim();
  const style = compact
    ? "rounded-md border border-stone-300 px-2.5 py-1.5 text-sm font-medium text-stone-800 hover:bg-stone-100"
    : "rounded-md border border-leather-300 px-3 py-2 font-medium text-leather-800 hover:bg-leather-100";
  return (
    <>
      {tel && (
        <a href={tel} className={style} aria-label={`Call ${name} about order ${order.orderNumber}`}>
          Call
        </a>
      )}
      {whatsapp && (
        <a
          href={whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          className={style}
          aria-label={`WhatsApp ${name} about order ${order.orderNumber}`}
        >
          WhatsApp
        </a>
      )}
    </>
  );
}

function OrderRow({
  row,
  template,
  viewTo,
  hydrated,
  ticked,
  onTick,
}: {
  row: OrderListRow;
  template: string;
  viewTo: string;
  hydrated: boolean;
  ticked: boolean;
  onTick: (on: boolean) => void;
}) {
  const fetcher = useFetcher<typeof action>();
  // A move that needs a word first (Shipped: courier and CN; Cancelled, Completed: a confirmation).
  const [draft, setDraft] = useState<OrderStatus | null>(null);
  const pending = fetcher.formData?.get("status") as OrderStatus | undefined;
  const shown = pending ?? row.status;
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const error = result && !result.ok ? result.message : null;
  const done = result?.ok && result.changed && !("recorded" in result) ? `Order ${row.orderNumber} is now ${ORDER_STATUS_LABELS[row.status]}.` : null;
  const move = (to: OrderStatus, extra: Record<string, string> = {}) => {
    setDraft(null);
    void fetcher.submit({ orderId: row.id, status: to, ...extra }, { method: "post" });
  };
  return (
    <tr className="align-top">
      <td className="px-4 py-3">
        <p className="flex items-center gap-2 font-mono font-semibold text-stone-900">
          <input
            type="checkbox"
            name="ids"
            value={row.id}
            form={BULK_FORM}
            checked={hydrated ? ticked : undefined}
            onChange={(e) => onTick(e.currentTarget.checked)}
            aria-label={`Select order ${row.orderNumber}`}
            className="h-4 w-4 accent-leather-700"
          />
          {row.orderNumber}
        </p>
        <p className="text-xs text-stone-600">{row.paymentMethod === "cod" ? "Cash on Delivery" : "Online Payment"}</p>
      </td>
      <td className="px-4 py-3">
        <p className="font-medium text-stone-900">
          {row.firstName} {row.lastName}
        </p>
        <p className="text-stone-600">{row.email}</p>
        <p className="text-stone-600">{row.phone}</p>
      </td>
      <td className="px-4 py-3">
        <p>
          {row.itemCount} item{row.itemCount === 1 ? "" : "s"}
        </p>
        <p className="font-semibold">{formatAmount(row.total)}</p>
      </td>
      <td className="px-4 py-3">
        <StatusBadge status={shown} />
      </td>
      <td className="whitespace-nowrap px-4 py-3 text-stone-700">{formatAdminDate(row.createdAt)}</td>
      <td className="px-4 py-3">
        <div className="flex flex-wrap items-center gap-2">
          <NavigateButton to={viewTo} preventScrollReset className={ROW_ACTION_CLASS}>
            View<span className="sr-only"> order {row.orderNumber}</span>
          </NavigateButton>
          <ContactLinks order={row} template={template} compact />
          <fetcher.Form method="post" className="flex items-center gap-2">
            <input type="hidden" name="orderId" value={row.id} />
            <label className="sr-only" htmlFor={`status-${row.id}`}>
              Status of order {row.orderNumber}
            </label>
            <select
              id={`status-${row.id}`}
              name="status"
              value={draft ?? shown}
              onChange={(e) => {
                const to = e.currentTarget.value as OrderStatus;
                if (to === row.status) setDraft(null);
                else if (takesShippingDetails(to) || ASK_BEFORE[to]) setDraft(to);
                else move(to);
              }}
              className="rounded-md border border-stone-300 px-2 py-1.5"
            >
              {ORDER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {ORDER_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
            {!hydrated && (
              <button type="submit" className="rounded-md border border-stone-300 px-2 py-1.5">
                Update
              </button>
            )}
          </fetcher.Form>
        </div>
        {draft && (
          <MoveStep orderNumber={row.orderNumber} from={row.status} to={draft} onMove={(extra) => move(draft, extra)} onKeep={() => setDraft(null)} />
        )}
        {error && (
          <p role="alert" className="mt-2 max-w-xs text-sm text-red-700">
            {error}
          </p>
        )}
        <p role="status" className="mt-2 max-w-xs text-sm text-green-800 empty:hidden">
          {done}
        </p>
      </td>
    </tr>
  );
}

/**
 * What staff do with the ticked orders: print their packing slips, export them as CSV, or move them
 * all to one status (through the same rules as one order; Cancelled and Completed ask first). The
 * tick boxes and these buttons are one form, so they work without JavaScript too.
 */
function BulkActions({ ticked, hydrated, exportAllTo }: { ticked: string[]; hydrated: boolean; exportAllTo: string }) {
  const fetcher = useFetcher<typeof action>();
  const form = useRef<HTMLFormElement>(null);
  const [asking, setAsking] = useState<OrderStatus | null>(null);
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const none = hydrated && ticked.length === 0;
  const bulk = result?.ok && "bulk" in result ? result.bulk : null;
  const count = (n: number) => `${n} ${n === 1 ? "order" : "orders"}`;
  return (
    <section aria-label="Ticked orders" className="rounded-xl border border-stone-200 bg-white p-4">
      <form
        id={BULK_FORM}
        ref={form}
        method="post"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
          if (submitter?.value !== "bulk-status") return;
          e.preventDefault();
          const to = new FormData(e.currentTarget).get("status") as OrderStatus;
          if (ASK_BEFORE[to]) setAsking(to);
          else void fetcher.submit(new FormData(e.currentTarget, submitter), { method: "post" });
        }}
      >
        <p className="text-sm font-medium text-stone-800" aria-live="polite">
          {hydrated ? `${count(ticked.length)} ticked` : "Tick orders, then:"}
        </p>
        <button
          type="submit"
          formAction="/admin/orders/slips"
          formMethod="get"
          formTarget="_blank"
          disabled={none}
          className="rounded-md border border-leather-300 px-3 py-2 text-sm font-medium text-leather-800 hover:bg-leather-100 disabled:opacity-50"
        >
          Print packing slips
        </button>
        <button
          type="submit"
          formAction="/admin/orders.csv"
          formMethod="get"
          disabled={none}
          className="rounded-md border border-leather-300 px-3 py-2 text-sm font-medium text-leather-800 hover:bg-leather-100 disabled:opacity-50"
        >
          Export ticked (CSV)
        </button>
        <label className="text-sm font-medium text-stone-700">
          Change status to
          <select name="status" defaultValue="completed" className="mt-1 block rounded-md border border-stone-300 px-2 py-2 font-normal">
            {ORDER_STATUSES.filter((s) => !takesShippingDetails(s)).map((s) => (
              <option key={s} value={s}>
                {ORDER_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          name="intent"
          value="bulk-status"
          disabled={none || fetcher.state !== "idle"}
          className="rounded-md bg-leather-700 px-3 py-2 text-sm font-semibold text-white hover:bg-leather-800 disabled:opacity-50"
        >
          Apply to ticked
        </button>
        <a href={exportAllTo} className="ml-auto text-sm font-medium text-leather-700 underline">
          Export all matching (CSV)
        </a>
      </form>
      <p className="mt-2 text-xs text-stone-600">Shipped needs each order's courier and CN: ship orders one at a time from their row.</p>
      {asking && ASK_BEFORE[asking] && (
        <div role="group" aria-label={`Confirm: ${ORDER_STATUS_LABELS[asking]}`} className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3">
          <p className="text-sm text-stone-900">
            {asking === "cancelled"
              ? `Cancel ${count(ticked.length)}? Their items go back into stock.`
              : `Mark ${count(ticked.length)} as Completed? Do this once the customers have their parcels and have paid.`}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              type="button"
              autoFocus
              onClick={() => {
                const data = new FormData(form.current!);
                data.set("intent", "bulk-status");
                void fetcher.submit(data, { method: "post" });
                setAsking(null);
              }}
              className="rounded-md bg-red-700 px-3 py-1.5 text-sm font-semibold text-white"
            >
              {asking === "cancelled" ? "Yes, cancel them" : "Yes, mark them completed"}
            </button>
            <button type="button" onClick={() => setAsking(null)} className="rounded-md border border-stone-300 px-3 py-1.5 text-sm font-medium">
              Keep them as they are
            </button>
          </div>
        </div>
      )}
      {result && !result.ok && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {result.message}
        </p>
      )}
      <p role="status" className="mt-2 text-sm text-green-800 empty:hidden">
        {bulk &&
          [
            `${count(bulk.changed.length)} changed to ${bulk.to}.`,
            bulk.unchanged.length ? `${count(bulk.unchanged.length)} already ${bulk.to}.` : "",
            ...bulk.refused.map((r) => `${r.orderNumber} not changed: ${r.reason}`),
          ]
            .filter(Boolean)
            .join(" ")}
      </p>
    </section>
  );
}

/**
 * The step before a move that needs one: Shipped asks for the courier and the CN; Cancelled and
 * Completed ask to be confirmed. Nothing is saved until staff say so.
 */
function MoveStep({
  orderNumber,
  from,
  to,
  onMove,
  onKeep,
}: {
  orderNumber: string;
  from: OrderStatus;
  to: OrderStatus;
  onMove: (extra: Record<string, string>) => void;
  onKeep: () => void;
}) {
  const id = useId();
  const keep = (
    <button type="button" onClick={onKeep} className="rounded-md border border-stone-300 px-3 py-1.5 text-sm font-medium">
      Keep {ORDER_STATUS_LABELS[from]}
    </button>
  );
  if (takesShippingDetails(to)) {
    return (
      <form
        aria-label={`Ship order ${orderNumber}`}
        className="mt-2 grid max-w-xs gap-2 rounded-md border border-amber-300 bg-amber-50 p-3"
        onSubmit={(e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget);
          onMove({ courier: String(form.get("courier") ?? ""), trackingNumber: String(form.get("trackingNumber") ?? "") });
        }}
      >
        <label className="text-sm font-medium text-stone-700" htmlFor={`${id}-courier`}>
          Courier
        </label>
        <input
          id={`${id}-courier`}
          name="courier"
          list={COURIER_LIST}
          required
          maxLength={60}
          autoFocus
          className="rounded-md border border-stone-300 px-2 py-1.5"
        />
        <label className="text-sm font-medium text-stone-700" htmlFor={`${id}-cn`}>
          Tracking number (CN)
        </label>
        <input id={`${id}-cn`} name="trackingNumber" required maxLength={60} className="rounded-md border border-stone-300 px-2 py-1.5" />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="rounded-md bg-leather-700 px-3 py-1.5 text-sm font-semibold text-white">
            Mark as Shipped
          </button>
          {keep}
        </div>
      </form>
    );
  }
  const ask = ASK_BEFORE[to]!;
  return (
    <div role="group" aria-label={`Confirm: ${ORDER_STATUS_LABELS[to]}`} className="mt-2 max-w-xs rounded-md border border-amber-300 bg-amber-50 p-3">
      <p className="text-sm text-stone-900">{ask.question(orderNumber)}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" autoFocus onClick={() => onMove({})} className="rounded-md bg-red-700 px-3 py-1.5 text-sm font-semibold text-white">
          {ask.yes}
        </button>
        {keep}
      </div>
    </div>
  );
}

function OrderDetailDialog({ order, template, closeTo }: { order: OrderDetail; template: string; closeTo: string }) {
  const { titleId, dialogProps } = useAddressedDialog(closeTo);
  const fetcher = useFetcher<typeof action>();
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  const saved = fetcher.state === "idle" && fetcher.data?.ok;
  const statusForm = useRef<HTMLFormElement>(null);
  const [asking, setAsking] = useState<OrderStatus | null>(null);

  const address = [order.streetAddress, order.apartment, order.city, order.state, order.zipCode, order.country].filter(Boolean).join(", ");
  return (
    <dialog
      {...dialogProps}
      className="fixed inset-0 z-50 m-auto max-h-[92vh] w-[min(48rem,94vw)] overflow-y-auto rounded-xl border border-stone-200 bg-white p-0 text-stone-900 shadow-2xl backdrop:bg-black/40"
    >
      <div className="sticky top-0 flex items-center justify-between border-b border-stone-200 bg-white px-6 py-4">
        <div>
          <h2 id={titleId} className="font-serif text-2xl text-leather-800">
            Order {order.orderNumber}
          </h2>
          <p className="text-sm text-stone-600">
            {formatAdminDate(order.createdAt)} · {order.paymentMethod === "cod" ? "Cash on Delivery" : "Online Payment"} ·{" "}
            <StatusBadge status={order.status} />
          </p>
        </div>
        <Link to={closeTo} preventScrollReset autoFocus className="rounded-md border border-stone-300 px-3 py-1.5 text-sm font-medium">
          Close
        </Link>
      </div>

      <div className="space-y-6 px-6 py-5">
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
                  className="h-14 w-14 rounded-md object-cover"
                />
                <div className="flex-1 text-sm">
                  <p className="font-medium">{item.productName}</p>
                  <p className="text-stone-600">
                    Colour: {item.color || "—"} · Size: {item.size || "—"} · Qty: {item.quantity}
                  </p>
                </div>
                <p className="text-sm font-semibold">{formatAmount(item.lineTotal)}</p>
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
                <dd className="inline">
                  {order.firstName} {order.lastName}
                </dd>
              </div>
              <div>
                <dt className="inline text-stone-600">Email: </dt>
                <dd className="inline">{order.email}</dd>
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
            <p className="mt-2 text-sm">{address}</p>
            {order.landmark && <p className="text-sm text-stone-600">Landmark: {order.landmark}</p>}
          </section>
        </div>

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
            <p className="mt-2 whitespace-pre-wrap text-sm">{order.notes}</p>
          </section>
        )}

        <ConfirmWithCustomer order={order} template={template} />

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
            className="mt-3 grid gap-3 sm:grid-cols-4 sm:items-end"
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
              <select
                name="status"
                defaultValue={order.status}
                key={order.status}
                className="mt-1 block w-full rounded-md border border-stone-300 px-2 py-2 font-normal"
              >
                {ORDER_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {ORDER_STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            </label>
            <label className="text-sm font-medium text-stone-700">
              Courier
              <input
                name="courier"
                list={COURIER_LIST}
                defaultValue={order.courier ?? ""}
                maxLength={60}
                className="mt-1 block w-full rounded-md border border-stone-300 px-2 py-2 font-normal"
              />
            </label>
            <label className="text-sm font-medium text-stone-700">
              Tracking number (CN)
              <input
                name="trackingNumber"
                defaultValue={order.trackingNumber ?? ""}
                maxLength={60}
                className="mt-1 block w-full rounded-md border border-stone-300 px-2 py-2 font-normal"
              />
            </label>
            <button
              type="submit"
              disabled={fetcher.state !== "idle"}
              className="rounded-md bg-leather-700 px-4 py-2 font-semibold text-white hover:bg-leather-800 disabled:opacity-60"
            >
              {fetcher.state !== "idle" ? "Saving..." : "Save"}
            </button>
          </fetcher.Form>
          <p className="mt-1 text-xs text-stone-600">Courier and tracking number are kept when the status is Shipped.</p>
          {asking && ASK_BEFORE[asking] && (
            <div
              role="group"
              aria-label={`Confirm: ${ORDER_STATUS_LABELS[asking]}`}
              className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3"
            >
              <p className="text-sm text-stone-900">{ASK_BEFORE[asking].question(order.orderNumber)}</p>
              <div className="mt-2 flex flex-wrap gap-2">
                <button
                  type="button"
                  autoFocus
                  onClick={() => {
                    if (statusForm.current) void fetcher.submit(statusForm.current);
                    setAsking(null);
                  }}
                  className="rounded-md bg-red-700 px-3 py-1.5 text-sm font-semibold text-white"
                >
                  {ASK_BEFORE[asking].yes}
                </button>
                <button type="button" onClick={() => setAsking(null)} className="rounded-md border border-stone-300 px-3 py-1.5 text-sm font-medium">
                  Keep {ORDER_STATUS_LABELS[order.status]}
                </button>
              </div>
            </div>
          )}
          {error && (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {error}
            </p>
          )}
          {saved && (
            <p role="status" className="mt-2 text-sm text-green-800">
              Saved.
            </p>
          )}
        </section>

        <section>
          <h3 className="font-semibold text-stone-900">History</h3>
          <ol className="mt-2 space-y-1 text-sm">
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

/** Call or message the customer, then record what came of it (kept in the order's history). */
function ConfirmWithCustomer({ order, template }: { order: OrderDetail; template: string }) {
  const fetcher = useFetcher<typeof action>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const outcomeId = useId();
  return (
    <section aria-labelledby={outcomeId}>
      <h3 id={outcomeId} className="font-semibold text-stone-900">
        Confirm with the customer
      </h3>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <ContactLinks order={order} template={template} />
      </div>
      <fetcher.Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="outcome" />
        <input type="hidden" name="orderId" value={order.id} />
        <label className="text-sm font-medium text-stone-700">
          What the customer said
          <select name="outcome" defaultValue="confirmed-by-phone" className="mt-1 block rounded-md border border-stone-300 px-2 py-2 font-normal">
            {CONFIRMATION_OUTCOMES.map((o) => (
              <option key={o} value={o}>
                {CONFIRMATION_OUTCOME_LABELS[o]}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          disabled={fetcher.state !== "idle"}
          className="rounded-md border border-leather-300 px-4 py-2 font-medium text-leather-800 hover:bg-leather-100 disabled:opacity-60"
        >
          {fetcher.state !== "idle" ? "Recording..." : "Record"}
        </button>
      </fetcher.Form>
      {result && !result.ok && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {result.message}
        </p>
      )}
      {result?.ok && "recorded" in result && (
        <p role="status" className="mt-2 text-sm text-green-800">
          Recorded: {result.recorded}.
        </p>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteError backTo={{ to: "/admin/orders", label: "Back to Orders" }} />;
}
