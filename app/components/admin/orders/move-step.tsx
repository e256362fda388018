import { useId } from "react";
import type { OrderStatus } from "~/lib/db/value-lists";
import {
  ASK_BEFORE,
  ORDER_STATUS_LABELS,
  RETURN_STOCK_CHOICES,
  RETURN_STOCK_LABELS,
  takesReturnChoice,
  takesShippingDetails,
} from "~/modules/orders/order-status";
import { COURIER_LIST } from "./order-addresses";

const STEP_BUTTON = "inline-flex min-h-11 items-center rounded-md px-3 text-sm font-semibold xl:min-h-9";
const FIELD = "min-h-11 rounded-md border border-stone-300 px-2 xl:min-h-9";

/** What returned items become, chosen where a return is recorded: back into stock unless written off. */
export function ReturnStockChoice({ name = "returnStock" }: { name?: string }) {
  return (
    <fieldset className="grid gap-1">
      <legend className="text-sm font-medium text-stone-700">The returned items</legend>
      {RETURN_STOCK_CHOICES.map((choice) => (
        <label key={choice} className="flex min-h-11 items-center gap-2 text-sm xl:min-h-8">
          <input type="radio" name={name} value={choice} defaultChecked={choice === "restock"} className="h-6 w-6 accent-leather-700" />
          {RETURN_STOCK_LABELS[choice]}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The step before a move that needs one: Shipped asks for the courier and the CN; Returned asks
 * what becomes of the items; Cancelled and Completed ask to be confirmed. Nothing is saved until
 * staff say so.
 */
export function MoveStep({
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
    <button type="button" onClick={onKeep} className={`${STEP_BUTTON} border border-stone-300 bg-white font-medium`}>
      Keep {ORDER_STATUS_LABELS[from]}
    </button>
  );
  if (takesShippingDetails(to) || takesReturnChoice(to)) {
    const shipping = takesShippingDetails(to);
    return (
      <form
        aria-label={shipping ? `Ship order ${orderNumber}` : `Return of order ${orderNumber}`}
        className="mt-2 grid max-w-xs gap-2 rounded-md border border-amber-300 bg-amber-50 p-3"
        onSubmit={(e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget);
          onMove(Object.fromEntries([...form].map(([k, v]) => [k, typeof v === "string" ? v : v.name])));
        }}
      >
        {shipping ? (
          <>
            <label className="text-sm font-medium text-stone-700" htmlFor={`${id}-courier`}>
              Courier
            </label>
            <input id={`${id}-courier`} name="courier" list={COURIER_LIST} required maxLength={60} autoFocus className={FIELD} />
            <label className="text-sm font-medium text-stone-700" htmlFor={`${id}-cn`}>
              Tracking number (CN)
            </label>
            <input id={`${id}-cn`} name="trackingNumber" required maxLength={60} className={FIELD} />
          </>
        ) : (
          <ReturnStockChoice />
        )}
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={`${STEP_BUTTON} bg-leather-700 text-white`}>
            {shipping ? "Mark as Shipped" : "Record the return"}
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
        <button type="button" autoFocus onClick={() => onMove({})} className={`${STEP_BUTTON} bg-red-700 text-white`}>
          {ask.yes}
        </button>
        {keep}
      </div>
    </div>
  );
}
