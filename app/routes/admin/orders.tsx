import { useEffect, useState } from "react";
import { data, useLocation } from "react-router";
import type { Route } from "./+types/orders";
import { isDomainError, toHttp } from "~/lib/errors";
import { actionFailure } from "~/lib/action-failure.server";
import { checkForm, type FormProblems } from "~/lib/form-errors";
import { refuseForm } from "~/lib/form-refusal.server";
import { requireAdmin } from "~/modules/accounts/session.server";
import { changeOrderStatus, getOrderDetail, listOrders } from "~/modules/orders/admin-orders.server";
import {
  bulkStatusSchema,
  confirmationOutcomeSchema,
  ORDER_STATUS_ERROR,
  orderListQuerySchema,
  orderStatusChangeSchema,
} from "~/modules/orders/admin-orders.schema";
import { changeStatusOfOrders } from "~/modules/orders/order-batch.server";
import { CONFIRMATION_OUTCOME_LABELS } from "~/modules/orders/customer-contact";
import { getConfirmationTemplate, recordConfirmationOutcome } from "~/modules/orders/order-confirmation.server";
import { ORDER_STATUS_LABELS, type OrderMoveField } from "~/modules/orders/order-status";
import { COURIERS } from "~/modules/orders/couriers";
import { RouteError } from "~/components/ui/route-error";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useLiveUpdates } from "~/components/admin/use-live-updates";
import { Pager } from "~/components/admin/list-controls";
import { adminMeta } from "~/lib/seo";
import { FormAlert } from "~/components/ui/field";
import { withThousands } from "~/lib/thousands";
import { BulkActions } from "~/components/admin/orders/bulk-actions";
import { OrderDetailDialog } from "~/components/admin/orders/order-detail-dialog";
import { OrderFilters } from "~/components/admin/orders/order-filters";
import { OrderList } from "~/components/admin/orders/order-list";
import { OrderTotals } from "~/components/admin/orders/order-totals";
import { COURIER_LIST, exportAllTo, withParams } from "~/components/admin/orders/order-addresses";
import type { OrderActionResult } from "~/components/admin/orders/order-action-result";

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
    attention: query.attention,
    template,
    detail,
    detailMissing: Boolean(query.order) && detail === null,
  };
}

/** A refused change's answer: the message, and the fields to fix when the rule names them (Shipped: courier, CN). */
function refusal(error: unknown, message: string): Extract<OrderActionResult, { ok: false }> {
  const fields = isDomainError(error) ? (error.details?.fields as Partial<Record<OrderMoveField, string>> | undefined) : undefined;
  return { ok: false, message: ORDER_STATUS_ERROR + message, ...(fields ? { fields } : {}) };
}

/**
 * A form refused for its values, through the one form path (refuseForm, docs/decisions/0063): each
 * field's problem, and the screen's message ("Error updating order status: …") before the first.
 */
function refused(problems: FormProblems, prefix: string) {
  return refuseForm(problems, { ok: false as const, message: prefix + problems.error });
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireAdmin(request, context.auth);
  const formData = await request.formData();
  const form = Object.fromEntries(formData);
  if (form.intent === "bulk-status") {
    const bulk = checkForm(bulkStatusSchema, { ids: formData.getAll("ids"), status: form.status });
    if (!bulk.ok) return refused(bulk, ORDER_STATUS_ERROR);
    try {
      const result = await changeStatusOfOrders(context.db, { ids: bulk.value.ids, to: bulk.value.status, by: staff.id });
      return data<OrderActionResult>({
        ok: true,
        changed: result.changed.length > 0,
        bulk: { ...result, to: ORDER_STATUS_LABELS[bulk.value.status] },
      });
    } catch (error) {
      return actionFailure(error, { msg: "bulk order status change failed" }, ({ message }) => refusal(error, message));
    }
  }
  if (form.intent === "outcome") {
    const outcome = checkForm(confirmationOutcomeSchema, form);
    if (!outcome.ok) return refused(outcome, OUTCOME_ERROR);
    try {
      await recordConfirmationOutcome(context.db, { ...outcome.value, by: staff.id });
      return data<OrderActionResult>({
        ok: true,
        changed: true,
        orderId: outcome.value.orderId,
        recorded: CONFIRMATION_OUTCOME_LABELS[outcome.value.outcome],
      });
    } catch (error) {
      const log = { msg: "confirmation outcome not recorded", orderId: outcome.value.orderId };
      return actionFailure(error, log, ({ message }): OrderActionResult => ({ ok: false, message: OUTCOME_ERROR + message }));
    }
  }
  const parsed = checkForm(orderStatusChangeSchema, form);
  if (!parsed.ok) return refused(parsed, ORDER_STATUS_ERROR);
  try {
    const { status, ...change } = parsed.value;
    const { changed } = await changeOrderStatus(context.db, { ...change, to: status, by: staff.id });
    return data<OrderActionResult>({ ok: true, changed, orderId: parsed.value.orderId });
  } catch (error) {
    const log = { msg: "order status change failed", orderId: parsed.value.orderId };
    return actionFailure(error, log, ({ message }) => refusal(error, message));
  }
}

const OUTCOME_ERROR = "Error recording the call: ";

export default function AdminOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, counts, total, page, pageCount, q, status, confirmation, attention, template, threshold, attentionLimit, detail, detailMissing } =
    loaderData;
  const { search } = useLocation();
  const hydrated = useHydrated();
  const live = useLiveUpdates("orders");
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  // Ticks belong to the page they were made on.
  useEffect(() => setTicked(new Set()), [search]);

  return (
    <div className="space-y-4 sm:space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-serif text-3xl text-leather-800">Order Management</h1>
        {hydrated && (
          <p className="flex items-center gap-2 text-sm text-stone-600" aria-live="polite">
            <span aria-hidden="true" className={`inline-block h-2.5 w-2.5 rounded-full ${live ? "bg-green-600" : "bg-stone-400"}`} />
            {live ? "Live" : "Connecting…"}
          </p>
        )}
      </div>

      <OrderTotals counts={counts} attentionLimit={attentionLimit} />

      {actionData && !actionData.ok && <FormAlert message={actionData.message} />}

      <OrderFilters q={q} status={status} confirmation={confirmation} attention={attention} hydrated={hydrated} />

      <BulkActions ticked={[...ticked]} hydrated={hydrated} exportAllTo={exportAllTo(search)} />

      {rows.length === 0 ? (
        <p className="rounded-xl border border-stone-200 bg-white p-8 text-center text-stone-600">No orders found matching your criteria.</p>
      ) : (
        <OrderList
          rows={rows}
          template={template}
          threshold={threshold}
          hydrated={hydrated}
          ticked={ticked}
          onTickAll={(on) => setTicked(on ? new Set(rows.map((r) => r.id)) : new Set())}
          onTick={(id, on) =>
            setTicked((now) => {
              const next = new Set(now);
              if (on) next.add(id);
              else next.delete(id);
              return next;
            })
          }
          viewTo={(id) => withParams(search, { order: id })}
        />
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

export function ErrorBoundary() {
  return <RouteError backTo={{ to: "/admin/orders", label: "Back to Orders" }} />;
}
