import { ORDER_STATUSES } from "~/lib/db/value-lists";
import { ORDER_STATUS_LABELS } from "~/modules/orders/order-status";
import { withThousands } from "~/lib/thousands";
import { StatCard } from "~/components/admin/stat-card";

/** A count, with "+" when it reached the most it counts to. */
const counted = (value: number, atMost?: number) => `${withThousands(value)}${atMost !== undefined && value >= atMost ? "+" : ""}`;

/**
 * The spec's stat cards (Total Orders, Confirmed, Shipped, Completed), then the day's work: orders
 * still to confirm with their customer and orders that need a look, each a link to its filter.
 */
export function OrderTotals({
  counts,
  attentionLimit,
}: {
  counts: Record<(typeof ORDER_STATUSES)[number] | "all" | "toConfirm" | "attention", number>;
  /** The most the Needs attention count counts to (it then reads "1,000+"). */
  attentionLimit: number;
}) {
  return (
    <section aria-label="Order totals" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-6">
      <StatCard label="Total Orders" value={counted(counts.all)} />
      {ORDER_STATUSES.filter((s) => s !== "cancelled" && s !== "returned").map((s) => (
        <StatCard key={s} label={ORDER_STATUS_LABELS[s]} value={counted(counts[s])} />
      ))}
      <StatCard label="To confirm" value={counted(counts.toConfirm)} to="/admin/orders?confirmation=pending" />
      <StatCard label="Needs attention" value={counted(counts.attention, attentionLimit)} to="/admin/orders?attention=flagged" />
    </section>
  );
}
