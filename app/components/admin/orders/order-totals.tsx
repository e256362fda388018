import { Link } from "react-router";
import { ORDER_STATUSES } from "~/lib/db/value-lists";
import { ORDER_STATUS_LABELS } from "~/modules/orders/order-status";
import { withThousands } from "~/lib/thousands";

function StatCard({ label, value, to, atMost }: { label: string; value: number; to?: string; atMost?: number }) {
  const body = (
    <>
      <p className="text-sm text-stone-600">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-stone-900">
        {withThousands(value)}
        {atMost !== undefined && value >= atMost ? "+" : ""}
      </p>
    </>
  );
  const look = "block rounded-xl border border-stone-200 bg-white p-4";
  return to ? (
    <Link to={to} className={`${look} hover:border-leather-300`}>
      {body}
    </Link>
  ) : (
    <div className={look}>{body}</div>
  );
}

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
      <StatCard label="Total Orders" value={counts.all} />
      {ORDER_STATUSES.filter((s) => s !== "cancelled" && s !== "returned").map((s) => (
        <StatCard key={s} label={ORDER_STATUS_LABELS[s]} value={counts[s]} />
      ))}
      <StatCard label="To confirm" value={counts.toConfirm} to="/admin/orders?confirmation=pending" />
      <StatCard label="Needs attention" value={counts.attention} atMost={attentionLimit} to="/admin/orders?attention=flagged" />
    </section>
  );
}
