import { useId, useState } from "react";
import { Form } from "react-router";
import { ORDER_STATUSES, type OrderStatus } from "~/lib/db/value-lists";
import { ORDER_STATUS_LABELS } from "~/modules/orders/order-status";
import { FilterSelect } from "~/components/admin/list-controls";
import { Button, InputControl } from "~/components/admin/controls";

/**
 * The list's search and filters. On a phone they fold away behind one button that says how many
 * are on; from 1280 px, and before the page's scripts run, they are always open.
 */
export function OrderFilters({
  q,
  status,
  confirmation,
  attention,
  hydrated,
}: {
  q: string;
  status: OrderStatus | "all";
  confirmation: "pending" | "all";
  attention: "flagged" | "all";
  hydrated: boolean;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const on = [q !== "", status !== "all", confirmation === "pending", attention === "flagged"].filter(Boolean).length;
  const folded = hydrated && !open;
  return (
    <section aria-label="Search and filters">
      {hydrated && (
        <Button kind="quiet" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)} className="w-full justify-between xl:hidden">
          <span>Search and filters{on ? ` (${on} on)` : ""}</span>
          <span aria-hidden="true">{open ? "▲" : "▼"}</span>
        </Button>
      )}
      <Form
        id={id}
        method="get"
        action="/admin/orders"
        className={`${folded ? "hidden" : "flex"} mt-2 flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 sm:flex-row sm:flex-wrap sm:items-end xl:mt-0 xl:flex`}
      >
        <label htmlFor={`${id}-q`} className="min-w-0 flex-1 text-sm font-medium text-stone-700 sm:min-w-56">
          Search orders
          <InputControl
            id={`${id}-q`}
            type="search"
            name="q"
            defaultValue={q}
            key={q}
            placeholder="Search orders by ID, name, or email..."
            className="mt-1 w-full"
          />
        </label>
        <FilterSelect
          id="order-status-filter"
          label="Filter by status"
          name="status"
          value={status === "all" ? "" : status}
          allLabel="All Status"
          options={ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] }))}
          className="sm:w-40"
        />
        <FilterSelect
          id="order-confirmation-filter"
          label="Filter by confirmation"
          name="confirmation"
          value={confirmation === "pending" ? "pending" : ""}
          allLabel="All orders"
          options={[{ value: "pending", label: "Not yet confirmed" }]}
          className="sm:w-44"
        />
        <FilterSelect
          id="order-attention-filter"
          label="Filter by flags"
          name="attention"
          value={attention === "flagged" ? "flagged" : ""}
          allLabel="All orders"
          options={[{ value: "flagged", label: "Needs attention" }]}
          className="sm:w-44"
        />
        <Button kind="primary" type="submit">
          Search
        </Button>
      </Form>
    </section>
  );
}
