import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { formatPrice } from "~/modules/catalog/pricing";
import { colourLabel } from "~/modules/catalog/colour-label";
import { lineId, unitPriceOf, type useCart } from "./use-cart";
import { CartSummary } from "./cart-lines";
import { sizeLabel } from "~/modules/catalog/size-label";

/**
 * What the order costs. Beside the form on wide screens; on phones at the top of the page, folded
 * to one line with the total ("Show order summary"), so nobody places an order before seeing what
 * they pay. Which of the two is shown is the stylesheet's choice (`lg:`), not a script's: the page
 * is drawn on the server as it will stay, on a phone as on a computer (docs/decisions/0062).
 */
export function CheckoutSummary({ cart }: { cart: ReturnType<typeof useCart> }) {
  const [open, setOpen] = useState(false);
  // The holding script answers a tap made before hydration with the `hidden` attribute (0060); here the class decides.
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.removeAttribute("hidden"), [open]);
  const empty = cart.loaded && cart.rows.length === 0;
  const heading = <h2 className="mb-4 font-serif text-xl text-leather-800">Order summary</h2>;
  return (
    <aside className="h-fit rounded-xl border border-leather-200 bg-white p-5 lg:col-start-2 lg:row-start-1" aria-label="Order summary">
      {empty ? (
        heading
      ) : (
        <>
          <button
            type="button"
            aria-expanded={open}
            aria-controls="checkout-summary"
            onClick={() => setOpen((o) => !o)}
            className="flex min-h-11 w-full items-center justify-between gap-3 text-left font-medium text-leather-800 lg:hidden"
          >
            <span className="underline underline-offset-2">{open ? "Hide order summary" : "Show order summary"}</span>
            {!open && cart.loaded && cart.rows.length > 0 && (
              <span className="whitespace-nowrap text-lg font-semibold text-stone-900">{formatPrice(cart.totals.total)}</span>
            )}
          </button>
          <div className="max-lg:hidden">{heading}</div>
        </>
      )}
      <div ref={panel} id="checkout-summary" className={empty ? undefined : open ? "mt-4 lg:mt-0" : "max-lg:hidden"}>
        {empty ? (
          <p className="text-stone-700">
            Your cart is empty.{" "}
            <Link to="/shop" className="text-leather-700 underline">
              Continue Shopping
            </Link>
          </p>
        ) : (
          <>
            <ul className="mb-4 space-y-2 text-sm">
              {cart.rows.map((r) => (
                <li key={lineId(r.line)} className="flex justify-between gap-3">
                  <span>
                    {r.line.productQuantity} × {r.priced?.productName || r.line.productName}
                    <span className="block text-xs text-stone-600">
                      {[colourLabel(r.line.productColor), sizeLabel(r.line.productSize)].filter(Boolean).join(" · ")}
                    </span>
                    {r.problem && (
                      <span className="block text-xs font-medium text-red-700">
                        {r.problem === "short" ? `Only ${r.priced?.available} left` : "Not available"}
                      </span>
                    )}
                  </span>
                  <span className="whitespace-nowrap">{unitPriceOf(r) === null ? "—" : formatPrice(unitPriceOf(r)! * r.line.productQuantity)}</span>
                </li>
              ))}
            </ul>
            <CartSummary totals={cart.totals} />
          </>
        )}
      </div>
    </aside>
  );
}
