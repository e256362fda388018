import { formatAdminDateTime } from "~/lib/admin-date";
import type { OrderStatus } from "~/lib/db/value-lists";
import { ORDER_STATUS_BADGES } from "~/modules/orders/order-status";
import type { TrackedOrder } from "~/modules/orders/order-tracking.server";

/** An order's status as a coloured badge. */
export function StatusBadge({ status, label }: { status: string; label: string }) {
  return <span className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${ORDER_STATUS_BADGES[status as OrderStatus] ?? ""}`}>{label}</span>;
}

/** Where an order stands: the courier's tracking link once shipped, and every status it has had. */
export function OrderProgress({ order, headingLevel = 3 }: { order: TrackedOrder; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <>
      {order.parcel && (
        <div className="mt-4 rounded-lg bg-leather-50 p-4">
          <p className="font-medium text-stone-900">
            Sent with {order.parcel.courier}
            {order.parcel.cn && <>, CN {order.parcel.cn}</>}
          </p>
          {order.parcel.url && (
            <a
              href={order.parcel.url}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-1 inline-block py-1 font-medium text-leather-700 underline"
            >
              Follow the parcel on {order.parcel.courier}’s site
            </a>
          )}
        </div>
      )}
      <Heading className="mt-4 font-medium text-stone-900">History</Heading>
      <ol className="mt-2 space-y-2 border-l-2 border-leather-200 pl-4" aria-label={`History of order ${order.orderNumber}`}>
        {order.timeline.map((step, i) => (
          <li key={`${step.status}-${i}`}>
            <span className="font-medium text-stone-900">{step.label}</span>{" "}
            <span className="text-sm text-stone-600">
              <time dateTime={step.at}>{formatAdminDateTime(step.at)}</time>
            </span>
          </li>
        ))}
      </ol>
    </>
  );
}
