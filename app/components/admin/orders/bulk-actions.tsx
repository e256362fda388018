import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { ORDER_STATUSES, type OrderStatus } from "~/lib/db/value-lists";
import { ASK_BEFORE, ORDER_STATUS_LABELS, takesReturnChoice, takesShippingDetails } from "~/modules/orders/order-status";
import { AskFirst, Button, SelectControl } from "~/components/admin/controls";
import { BULK_FORM } from "./order-addresses";
import type { OrderActionResult } from "./order-action-result";

/**
 * What staff do with the ticked orders: print their packing slips, export them as CSV, or move them
 * all to one status (through the same rules as one order; Cancelled and Completed ask first). The
 * tick boxes and these buttons are one form, so they work without JavaScript too.
 */
export function BulkActions({ ticked, hydrated, exportAllTo }: { ticked: string[]; hydrated: boolean; exportAllTo: string }) {
  const fetcher = useFetcher<OrderActionResult>();
  const form = useRef<HTMLFormElement>(null);
  const [asking, setAsking] = useState<OrderStatus | null>(null);
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const none = hydrated && ticked.length === 0;
  const bulk = result?.ok ? result.bulk : null;
  const count = (n: number) => `${n} ${n === 1 ? "order" : "orders"}`;
  return (
    <section aria-label="Ticked orders" className="rounded-xl border border-stone-200 bg-white p-4">
      <form
        id={BULK_FORM}
        ref={form}
        method="post"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          const submitter = e.nativeEvent.submitter as HTMLButtonElement | null;
          if (submitter?.value !== "bulk-status") return;
          e.preventDefault();
          const to = new FormData(e.currentTarget).get("status") as OrderStatus;
          if (ASK_BEFORE[to]) setAsking(to);
          else void fetcher.submit(new FormData(e.currentTarget, submitter), { method: "post" });
        }}
      >
        <p className="w-full text-sm font-medium text-stone-800 sm:w-auto" aria-live="polite">
          {hydrated ? `${count(ticked.length)} ticked` : "Tick orders, then:"}
        </p>
        <Button kind="row" type="submit" formAction="/admin/orders/slips" formMethod="get" formTarget="_blank" disabled={none}>
          Print packing slips
        </Button>
        <Button kind="row" type="submit" formAction="/admin/orders.csv" formMethod="get" disabled={none}>
          Export ticked (CSV)
        </Button>
        <label className="text-sm font-medium text-stone-700">
          Change status to
          <SelectControl size="row" name="status" defaultValue="completed" className="mt-1 block">
            {ORDER_STATUSES.filter((s) => !takesShippingDetails(s) && !takesReturnChoice(s)).map((s) => (
              <option key={s} value={s}>
                {ORDER_STATUS_LABELS[s]}
              </option>
            ))}
          </SelectControl>
        </label>
        <Button kind="rowPrimary" type="submit" name="intent" value="bulk-status" disabled={none || fetcher.state !== "idle"}>
          Apply to ticked
        </Button>
        <a href={exportAllTo} className="inline-flex min-h-11 items-center text-sm font-medium text-leather-700 underline sm:ml-auto xl:min-h-9">
          Export all matching (CSV)
        </a>
      </form>
      <p className="mt-2 text-xs text-stone-600">
        Shipped needs each order's courier and CN, and a return what becomes of its items: ship or return orders one at a time from their row.
      </p>
      {asking && ASK_BEFORE[asking] && (
        <AskFirst
          label={`Confirm: ${ORDER_STATUS_LABELS[asking]}`}
          question={
            asking === "cancelled"
              ? `Cancel ${count(ticked.length)}? Their items go back into stock.`
              : `Mark ${count(ticked.length)} as Completed? Do this once the customers have their parcels and have paid.`
          }
          yes={asking === "cancelled" ? "Yes, cancel them" : "Yes, mark them completed"}
          onYes={() => {
            const data = new FormData(form.current!);
            data.set("intent", "bulk-status");
            void fetcher.submit(data, { method: "post" });
            setAsking(null);
          }}
          no="Keep them as they are"
          onNo={() => setAsking(null)}
          className="mt-3"
        />
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
