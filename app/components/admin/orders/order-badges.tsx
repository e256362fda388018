import type { OrderStatus } from "~/lib/db/value-lists";
import { callStateText, type CallState } from "~/modules/orders/customer-contact";
import { orderBadge } from "~/modules/orders/order-status";
import { StatusBadge, type BadgeTone } from "~/components/admin/status-badge";
import { flagText, historyLine, type OrderReview } from "~/modules/orders/order-review";

/** Badge colours (docs/product.md#order-statuses): confirmed blue, shipped yellow, completed green, cancelled red; returned purple. */
const ORDER_STATUS_TONES: Record<OrderStatus, BadgeTone> = {
  confirmed: "blue",
  shipped: "yellow",
  completed: "green",
  cancelled: "red",
  returned: "purple",
};

/** The order's status as staff read it: "New", in grey, until someone has confirmed it by phone (docs/decisions/0054). */
export function OrderStatusBadge({ status, call }: { status: OrderStatus; call: CallState }) {
  const confirmedByPhone = call.outcome === "confirmed-by-phone";
  const { label } = orderBadge(status, confirmedByPhone);
  return <StatusBadge tone={status === "confirmed" && !confirmedByPhone ? "grey" : ORDER_STATUS_TONES[status]}>{label}</StatusBadge>;
}

const CALL_STATE_LOOK: Record<NonNullable<CallState["outcome"]> | "none", string> = {
  none: "border-stone-300 text-stone-800",
  "no-answer": "border-amber-400 bg-amber-50 text-amber-900",
  "confirmed-by-phone": "border-blue-300 bg-blue-50 text-blue-900",
  "customer-cancelled": "border-red-300 bg-red-50 text-red-900",
};

export function CallStateChip({ call }: { call: CallState }) {
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-md border px-2 py-0.5 text-xs font-medium ${CALL_STATE_LOOK[call.outcome ?? "none"]}`}
    >
      <span className="sr-only">Call: </span>
      {callStateText(call)}
    </span>
  );
}

/** The customer's history in a line, and the order's warnings as chips. */
export function ReviewChips({ review, threshold }: { review: OrderReview; threshold: number }) {
  return (
    <>
      <p className="text-xs text-stone-700">{historyLine(review.history)}</p>
      {review.flags.length > 0 && (
        <ul aria-label="Needs attention" className="mt-1 flex flex-wrap gap-1">
          {review.flags.map((flag) => {
            const text = flagText(flag, review, threshold);
            return (
              <li
                key={flag}
                title={text.detail}
                className="rounded-md border border-red-300 bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-900"
              >
                {text.label}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
