import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { CartIcon } from "~/components/ui/icons";

/** How long the added-to-cart banner shows (docs/product.md#fixed-figures). */
export const ADDED_BANNER_MS = 3000;

/**
 * The Add to Cart button and the banner that confirms it for three seconds. The live region is
 * always present so screen readers announce the message when it appears.
 */
export function AddToCart({ disabled, onAdd }: { disabled: boolean; onAdd: () => void }) {
  const [shown, setShown] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <div>
      <button
        type="button"
        disabled={disabled}
        onClick={() => {
          onAdd();
          setShown(true);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => setShown(false), ADDED_BANNER_MS);
        }}
        className="flex min-h-12 w-full items-center justify-center gap-2 rounded-md bg-leather-700 px-6 py-3 text-base font-semibold text-white shadow-sm transition hover:bg-leather-800 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-700 disabled:shadow-none sm:w-auto"
      >
        <CartIcon className="h-5 w-5" />
        Add to Cart
      </button>
      <div role="status" className="mt-3">
        {shown && (
          <p className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-green-200 bg-green-50 px-4 py-3 text-green-900">
            <span className="font-medium">Added to cart!</span>
            <Link to="/cart" className="font-semibold text-leather-800 underline underline-offset-2 hover:text-leather-900">
              View Cart
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}
