import { useId } from "react";
import { Link } from "react-router";
import { formatPrice, TAX_LABEL } from "~/modules/catalog/pricing";
import { colourLabel } from "~/modules/catalog/colour-label";
import { ORDER_CAP_MESSAGES, ORDER_CAPS } from "~/modules/orders/order-caps";
import { Img } from "~/components/ui/img";
import { storedUnitPrice, unitPriceOf, type CartRow } from "./use-cart";
import { sizeLabel } from "~/modules/catalog/size-label";

function ProblemNote({ row }: { row: CartRow }) {
  if (row.problem === "unavailable") return <p className="text-sm font-medium text-red-700">This item is no longer available.</p>;
  if (row.problem === "sold-out") return <p className="text-sm font-medium text-red-700">Sold out</p>;
  if (row.problem === "short") return <p className="text-sm font-medium text-red-700">Only {row.priced!.available} left in stock</p>;
  return null;
}

/** How many of the cart's lines a phone's first screen shows: their pictures are fetched with the page, not once laid out (lazily). */
export const LINES_ON_THE_FIRST_SCREEN = 3;

export function CartLineRow({
  row,
  onFirstScreen = false,
  onQuantity,
  onRemove,
}: {
  row: CartRow;
  onFirstScreen?: boolean;
  onQuantity: (q: number) => void;
  onRemove: () => void;
}) {
  const { line, priced } = row;
  // What is left, and never more than one order takes of one item (the server holds the same cap).
  const stock = priced?.found ? priced.available : line.productQuantity;
  const max = Math.min(stock, ORDER_CAPS.itemsPerLine);
  // Why + stops, said beside it (and read with it): the stock left, or what one order may hold.
  const atMost =
    priced?.found && !row.problem && line.productQuantity >= max
      ? stock <= ORDER_CAPS.itemsPerLine
        ? `Only ${stock} left`
        : ORDER_CAP_MESSAGES.itemsPerLine
      : null;
  const atMostId = `at-most-${useId()}`;
  const name = priced?.productName || line.productName;
  const storedUnit = storedUnitPrice(line);
  const unit = unitPriceOf(row);
  const priceChanged = priced?.found && storedUnit > 0 && storedUnit !== priced.unitPrice;
  return (
    <li className="flex gap-4 py-5" aria-label={name}>
      <div className="h-24 w-24 shrink-0 overflow-hidden rounded-lg bg-leather-100">
        <Img
          src={priced?.image || line.productImage || "/placeholder.svg"}
          alt={name}
          width={96}
          height={96}
          loading={onFirstScreen ? "eager" : "lazy"}
          className="h-full w-full object-cover"
        />
      </div>
      <div className="flex flex-1 flex-col gap-1">
        <div className="flex justify-between gap-3">
          <Link to={`/product/${line.productID}`} className="font-medium text-stone-900 hover:underline">
            {name}
          </Link>
          <p className="whitespace-nowrap font-semibold text-stone-900">{unit === null ? "—" : formatPrice(unit * line.productQuantity)}</p>
        </div>
        <p className="text-sm text-stone-700">
          {line.productColor && <>Colour: {colourLabel(line.productColor)} · </>}Size: {sizeLabel(line.productSize)}
        </p>
        {priced?.found && (
          <p className="text-sm text-stone-700">
            <span className="whitespace-nowrap">{formatPrice(priced.unitPrice)} each</span>
            {priced.discountPrice !== null && <s className="ml-2 whitespace-nowrap text-stone-500">{formatPrice(priced.price)}</s>}
            {priceChanged && <span className="ml-2 font-medium text-amber-800">Price updated since you added it</span>}
          </p>
        )}
        <ProblemNote row={row} />
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
          <div className="inline-flex items-center rounded-md border border-leather-300 bg-white">
            <button
              type="button"
              className="px-3 py-1.5 text-lg disabled:opacity-40"
              disabled={line.productQuantity <= 1}
              onClick={() => onQuantity(line.productQuantity - 1)}
            >
              <span aria-hidden="true">−</span>
              <span className="sr-only">Decrease quantity of {name}</span>
            </button>
            <span className="min-w-8 text-center" aria-label={`Quantity of ${name}`} aria-live="polite">
              {line.productQuantity}
            </span>
            <button
              type="button"
              className="px-3 py-1.5 text-lg disabled:opacity-40"
              disabled={line.productQuantity >= max}
              aria-describedby={atMost ? atMostId : undefined}
              onClick={() => onQuantity(line.productQuantity + 1)}
            >
              <span aria-hidden="true">+</span>
              <span className="sr-only">Increase quantity of {name}</span>
            </button>
          </div>
          <button type="button" onClick={onRemove} className="min-h-11 px-1 text-sm text-stone-700 underline hover:text-red-700">
            Remove<span className="sr-only"> {name}</span>
          </button>
          {atMost && (
            <p id={atMostId} className="basis-full text-sm font-medium text-amber-800">
              {atMost}
            </p>
          )}
        </div>
      </div>
    </li>
  );
}

export function CartSummary({ totals }: { totals: { subtotal: number; tax: number; total: number } }) {
  return (
    <dl className="space-y-2 text-stone-800">
      <div className="flex justify-between gap-3">
        <dt>Subtotal</dt>
        <dd className="whitespace-nowrap">{formatPrice(totals.subtotal)}</dd>
      </div>
      <div className="flex justify-between gap-3">
        <dt>{`Estimated ${TAX_LABEL.toLowerCase()}`}</dt>
        <dd className="whitespace-nowrap">{formatPrice(totals.tax)}</dd>
      </div>
      <div className="flex justify-between">
        <dt>Shipping</dt>
        <dd className="font-medium text-green-800">Free</dd>
      </div>
      <div className="flex justify-between gap-3 border-t border-leather-200 pt-3 text-lg font-semibold text-stone-900">
        <dt>Total</dt>
        <dd className="whitespace-nowrap">{formatPrice(totals.total)}</dd>
      </div>
    </dl>
  );
}
