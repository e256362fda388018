import { useState } from "react";
import { useFetcher } from "react-router";
import { formatAdminDate } from "~/lib/admin-date";
import { ORDER_STATUS_LABELS, ASK_BEFORE, statusesFrom, takesReturnChoice, takesShippingDetails } from "~/modules/orders/order-status";
import { formatAmount } from "~/modules/catalog/pricing";
import type { OrderStatus } from "~/lib/db/value-lists";
import type { OrderListRow } from "~/modules/orders/admin-orders.server";
import { NavigateButton } from "~/components/ui/navigate-button";
import { TABLE_HEAD_CLASS } from "~/components/admin/list-controls";
import { BUTTON, TICK_BOX } from "~/components/admin/control-styles";
import { Button, SelectControl } from "~/components/admin/controls";
import { ContactLinks } from "./contact-links";
import { MoveStep } from "./move-step";
import { CallStateChip, ReviewChips, OrderStatusBadge } from "./order-badges";
import { BULK_FORM } from "./order-addresses";
import type { OrderActionResult } from "./order-action-result";

/*
 * One list, two shapes (Polaris's ResourceList): from 1280 px a table with the spec's columns; below,
 * each row is a card of its own, its cells stacked in a grid, so a phone never scrolls sideways.
 * The same elements either way, so a row, its cells and its controls are found alike at any width.
 */
const CELL = "px-0 py-0 xl:px-3 xl:py-3 xl:align-top";

export function OrderList({
  rows,
  template,
  threshold,
  hydrated,
  ticked,
  onTickAll,
  onTick,
  viewTo,
}: {
  rows: OrderListRow[];
  template: string;
  threshold: number;
  hydrated: boolean;
  ticked: Set<string>;
  onTickAll: (on: boolean) => void;
  onTick: (id: string, on: boolean) => void;
  viewTo: (id: string) => string;
}) {
  return (
    <div className="xl:overflow-x-auto xl:rounded-xl xl:border xl:border-stone-200 xl:bg-white">
      <table className="block w-full text-left text-sm xl:table">
        <caption className="sr-only">Orders, newest first</caption>
        <thead className={`${TABLE_HEAD_CLASS} block xl:table-header-group`}>
          <tr className="flex items-center gap-2 rounded-t-xl px-3 py-2 xl:table-row xl:p-0">
            <th scope="col" aria-label="Order Details" className="xl:px-3 xl:py-3">
              <span className="flex items-center gap-2">
                <input
                  type="checkbox"
                  aria-label="Select all orders on this page"
                  checked={rows.length > 0 && rows.every((r) => ticked.has(r.id))}
                  onChange={(e) => onTickAll(e.currentTarget.checked)}
                  disabled={!hydrated}
                  className={TICK_BOX}
                />
                Order Details
              </span>
            </th>
            {["Customer", "Items & Total", "Status", "Date", "Actions"].map((label) => (
              <th key={label} scope="col" className="sr-only xl:not-sr-only xl:px-3 xl:py-3">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="block space-y-3 xl:table-row-group xl:space-y-0 xl:divide-y xl:divide-stone-100">
          {rows.map((row) => (
            <OrderRow
              key={row.id}
              row={row}
              template={template}
              threshold={threshold}
              viewTo={viewTo(row.id)}
              hydrated={hydrated}
              ticked={ticked.has(row.id)}
              onTick={(on) => onTick(row.id, on)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OrderRow({
  row,
  template,
  threshold,
  viewTo,
  hydrated,
  ticked,
  onTick,
}: {
  row: OrderListRow;
  template: string;
  threshold: number;
  viewTo: string;
  hydrated: boolean;
  ticked: boolean;
  onTick: (on: boolean) => void;
}) {
  const fetcher = useFetcher<OrderActionResult>();
  // A move that needs a word first (Shipped: courier and CN; Returned: the items; Cancelled, Completed: a confirmation).
  const [draft, setDraft] = useState<OrderStatus | null>(null);
  const pending = fetcher.formData?.get("status") as OrderStatus | undefined;
  const shown = pending ?? row.status;
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const error = result && !result.ok ? result.message : null;
  const done = result?.ok && result.changed && !result.recorded ? `Order ${row.orderNumber} is now ${ORDER_STATUS_LABELS[row.status]}.` : null;
  const move = (to: OrderStatus, extra: Record<string, string> = {}) => {
    setDraft(null);
    void fetcher.submit({ orderId: row.id, status: to, ...extra }, { method: "post" });
  };
  return (
    <tr className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-2 rounded-xl border border-stone-200 bg-white p-3 xl:table-row xl:rounded-none xl:border-0 xl:p-0">
      <td className={`${CELL} col-start-1 row-start-1`}>
        <p className="flex items-center gap-2 font-mono font-semibold text-stone-900">
          <input
            type="checkbox"
            name="ids"
            value={row.id}
            form={BULK_FORM}
            checked={hydrated ? ticked : undefined}
            onChange={(e) => onTick(e.currentTarget.checked)}
            aria-label={`Select order ${row.orderNumber}`}
            className={TICK_BOX}
          />
          <span className="whitespace-nowrap">{row.orderNumber}</span>
        </p>
        <p className="text-xs text-stone-600">{row.paymentMethod === "cod" ? "Cash on Delivery" : "Online Payment"}</p>
      </td>
      <td className={`${CELL} col-span-2 row-start-2 min-w-0 xl:min-w-44`}>
        <p className="font-medium break-words text-stone-900">
          {row.firstName} {row.lastName}
        </p>
        <p className="break-all text-stone-600">{row.email}</p>
        <p className="whitespace-nowrap text-stone-600">{row.phone}</p>
        <ReviewChips review={row.review} threshold={threshold} />
      </td>
      <td className={`${CELL} col-start-1 row-start-3 whitespace-nowrap`}>
        <p className="inline xl:block">
          {row.itemCount} item{row.itemCount === 1 ? "" : "s"}
        </p>
        <span className="xl:hidden"> · </span>
        <p className="inline font-semibold xl:block">{formatAmount(row.total)}</p>
      </td>
      <td className={`${CELL} col-start-2 row-start-1 justify-self-end xl:justify-self-auto`}>
        <OrderStatusBadge status={shown} call={row.call} />
      </td>
      <td className={`${CELL} col-start-2 row-start-3 justify-self-end whitespace-nowrap text-stone-700 xl:justify-self-auto`}>
        {formatAdminDate(row.createdAt)}
      </td>
      <td className={`${CELL} col-span-2 row-start-4`}>
        <div className="flex flex-wrap items-center gap-2">
          <CallStateChip call={row.call} />
          <NavigateButton to={viewTo} preventScrollReset className={BUTTON.row}>
            View<span className="sr-only"> order {row.orderNumber}</span>
          </NavigateButton>
          <ContactLinks order={row} template={template} compact />
          <fetcher.Form method="post" className="flex items-center gap-2">
            <input type="hidden" name="orderId" value={row.id} />
            <label className="sr-only" htmlFor={`status-${row.id}`}>
              Status of order {row.orderNumber}
            </label>
            <SelectControl
              size="row"
              id={`status-${row.id}`}
              name="status"
              value={draft ?? shown}
              onChange={(e) => {
                const to = e.currentTarget.value as OrderStatus;
                if (to === row.status) setDraft(null);
                else if (takesShippingDetails(to) || takesReturnChoice(to) || ASK_BEFORE[to]) setDraft(to);
                else move(to);
              }}
            >
              {statusesFrom(row.status).map((s) => (
                <option key={s} value={s}>
                  {ORDER_STATUS_LABELS[s]}
                </option>
              ))}
            </SelectControl>
            {!hydrated && (
              <Button kind="rowQuiet" type="submit">
                Update
              </Button>
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
