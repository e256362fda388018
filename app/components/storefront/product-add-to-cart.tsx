import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { CartIcon } from "~/components/ui/icons";
import { formatPrice, toPaisa } from "~/modules/catalog/pricing";
import type { CartLine } from "~/modules/cart/cart-line";
import { cartCount, readCart } from "~/modules/cart/cart-storage";
import { sizeDetail } from "~/modules/catalog/size-label";

/** How long the added-to-cart banner shows (docs/product.md#fixed-figures). */
const ADDED_BANNER_MS = 3000;

interface Added {
  line: CartLine;
  /** The colour as the page names it ("Colour: Brown"), when the line was added. */
  colourName: string;
  /** The cart after adding, at the prices shown when each line was added (the server's price wins at checkout). */
  items: number;
  subtotal: number;
}

/**
 * The Add to Cart button, the banner that confirms it for three seconds, and a small cart panel
 * (what was added, the cart's subtotal, View cart, Checkout) that opens under the button and stays
 * until dismissed; it covers nothing, so the page's controls stay in reach. The banner's live region
 * is always present so screen readers announce the message when it appears; it is the one
 * announcement of an add (docs/decisions/0058): the panel is not live and does not repeat "added".
 */
export function AddToCart({ disabled, colourName, onAdd }: { disabled: boolean; colourName: string; onAdd: () => CartLine | null }) {
  const [shown, setShown] = useState(false);
  const [added, setAdded] = useState<Added | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <div>
      <button
        type="button"
        disabled={disabled}
        onClick={() => {
          const line = onAdd();
          if (!line) return;
          const lines = readCart();
          const subtotal = lines.reduce((sum, l) => sum + toPaisa(l.productDiscountPrice ?? l.productPrice) * l.productQuantity, 0);
          setAdded({ line, colourName, items: cartCount(lines), subtotal });
          setShown(true);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => setShown(false), ADDED_BANNER_MS);
        }}
        // Pressed before the page's scripts have run, it says so at once (app.css) and adds once they have.
        data-busy-text="Adding to cart…"
        className="flex min-h-12 w-full items-center justify-center gap-2 rounded-md bg-leather-700 px-6 py-3 text-base font-semibold text-white shadow-sm transition hover:bg-leather-800 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-700 disabled:shadow-none sm:w-auto"
      >
        <CartIcon className="h-5 w-5" />
        Add to Cart
      </button>
      <div role="status" className="mt-3">
        {shown && <p className="rounded-md border border-green-200 bg-green-50 px-4 py-3 font-medium text-green-900">Added to cart!</p>}
      </div>
      {added && <CartPanel added={added} onClose={() => setAdded(null)} />}
    </div>
  );
}

function CartPanel({ added, onClose }: { added: Added; onClose: () => void }) {
  const { line } = added;
  const details = [added.colourName, sizeDetail(line.productSize), `Qty ${line.productQuantity}`].filter(Boolean).join(" · ");
  return (
    <section aria-labelledby="cart-panel-heading" className="mt-3 rounded-xl border border-leather-200 bg-white p-4 shadow-md sm:max-w-md">
      <div className="flex items-start justify-between gap-3">
        <h2 id="cart-panel-heading" className="font-serif text-lg text-leather-800">
          In your cart
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="-mr-1 -mt-1 flex h-11 w-11 items-center justify-center rounded text-xl leading-none text-stone-600 hover:bg-leather-100"
          aria-label="Close cart panel"
        >
          ×
        </button>
      </div>
      <div className="mt-3 flex gap-3">
        {line.productImage && <img src={line.productImage} alt="" width={64} height={64} className="h-16 w-16 rounded-md object-cover" />}
        <div className="min-w-0">
          <p className="font-medium text-stone-900">{line.productName}</p>
          <p className="text-sm text-stone-700">{details}</p>
        </div>
      </div>
      <p className="mt-3 flex justify-between border-t border-leather-100 pt-3 text-stone-900">
        <span>
          Subtotal ({added.items} {added.items === 1 ? "item" : "items"})
        </span>
        <span className="whitespace-nowrap font-semibold">{formatPrice(added.subtotal)}</span>
      </p>
      <div className="mt-3 grid grid-cols-2 gap-2">
        <Link to="/cart" className="rounded-md border border-leather-300 px-3 py-2.5 text-center font-medium text-leather-800 hover:bg-leather-100">
          View cart
        </Link>
        <Link to="/checkout" className="rounded-md bg-leather-700 px-3 py-2.5 text-center font-semibold text-white hover:bg-leather-800">
          Checkout
        </Link>
      </div>
    </section>
  );
}
