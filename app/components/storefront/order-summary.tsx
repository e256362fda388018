import { formatAmount, TAX_LABEL } from "~/modules/catalog/pricing";
import { colourLabel } from "~/modules/catalog/colour-label";
import { sizeDetail } from "~/modules/catalog/size-label";

/** A line of an order as it was bought (a snapshot: later edits of the product do not change it). */
export interface OrderSummaryItem {
  quantity: number;
  productName: string;
  color: string;
  size: string;
  lineTotal: number;
}

export interface OrderSummaryTotals {
  subtotal: number;
  tax: number;
  shipping: number;
  total: number;
}

/**
 * What an order holds and what it costs, as the confirmation and the customer's order page show it.
 * `framed`: the list is a card of its own (on the confirmation; on the order page it sits in one).
 * `withTotal`: a Total line under the sums (the confirmation says the total above them).
 */
export function OrderSummary({
  order,
  framed = false,
  withTotal = false,
}: {
  order: { items: OrderSummaryItem[] } & OrderSummaryTotals;
  framed?: boolean;
  withTotal?: boolean;
}) {
  return (
    <>
      <ul
        className={`mt-3 divide-y divide-leather-100${framed ? " rounded-xl border border-leather-200 bg-white px-4" : ""}`}
        aria-label="Items ordered"
      >
        {order.items.map((item, i) => (
          <li key={i} className="flex justify-between gap-3 py-3">
            <span>
              <span className="font-medium text-stone-900">
                {item.quantity} × {item.productName}
              </span>
              <span className="block text-sm text-stone-600">{[colourLabel(item.color), sizeDetail(item.size)].filter(Boolean).join(" · ")}</span>
            </span>
            <span className="whitespace-nowrap font-medium">{formatAmount(item.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-1 text-stone-800" aria-label="Order totals">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd className="whitespace-nowrap">{formatAmount(order.subtotal)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>{TAX_LABEL}</dt>
          <dd className="whitespace-nowrap">{formatAmount(order.tax)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>Shipping</dt>
          {order.shipping === 0 ? <dd className="text-green-800">Free</dd> : <dd className="whitespace-nowrap">{formatAmount(order.shipping)}</dd>}
        </div>
        {withTotal && (
          <div className="flex justify-between font-semibold">
            <dt>Total</dt>
            <dd className="whitespace-nowrap">{formatAmount(order.total)}</dd>
          </div>
        )}
      </dl>
    </>
  );
}
