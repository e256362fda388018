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
import { TICK_BOX } from "~/components/admin/control-styles";
import { ASK_PANEL, AskFirst, Button, InputControl } from "~/components/admin/controls";
import { COURIER_LIST } from "./order-addresses";

/** What returned items become, chosen where a return is recorded: back into stock unless written off. */
export function ReturnStockChoice({ name = "returnStock" }: { name?: string }) {
  return (
    <fieldset className="grid gap-1">
      <legend className="text-sm font-medium text-stone-700">The returned items</legend>
      {RETURN_STOCK_CHOICES.map((choice) => (
        <label key={choice} className="flex min-h-11 items-center gap-2 text-sm xl:min-h-8">
          <input type="radio" name={name} value={choice} defaultChecked={choice === "restock"} className={TICK_BOX} />
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
    <Button kind="rowQuiet" onClick={onKeep}>
      Keep {ORDER_STATUS_LABELS[from]}
    </Button>
  );
  if (takesShippingDetails(to) || takesReturnChoice(to)) {
    const shipping = takesShippingDetails(to);
    return (
      <form
        aria-label={shipping ? `Ship order ${orderNumber}` : `Return of order ${orderNumber}`}
        className={`${ASK_PANEL} mt-2 grid max-w-xs gap-2`}
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
            <InputControl size="row" id={`${id}-courier`} name="courier" list={COURIER_LIST} required maxLength={60} autoFocus />
            <label className="text-sm font-medium text-stone-700" htmlFor={`${id}-cn`}>
              Tracking number (CN)
            </label>
            <InputControl size="row" id={`${id}-cn`} name="trackingNumber" required maxLength={60} />
          </>
        ) : (
          <ReturnStockChoice />
        )}
        <div className="flex flex-wrap gap-2">
          <Button kind="rowPrimary" type="submit">
            {shipping ? "Mark as Shipped" : "Record the return"}
          </Button>
          {keep}
        </div>
      </form>
    );
  }
  const ask = ASK_BEFORE[to]!;
  return (
    <AskFirst
      label={`Confirm: ${ORDER_STATUS_LABELS[to]}`}
      question={ask.question(orderNumber)}
      yes={ask.yes}
      onYes={() => onMove({})}
      no={`Keep ${ORDER_STATUS_LABELS[from]}`}
      onNo={onKeep}
      className="mt-2 max-w-xs"
    />
  );
}
