import { useEffect, useState } from "react";
import { CART_STORAGE_KEY, CART_UPDATED_EVENT, type CartLine } from "~/modules/cart/cart-line";
import { mirrorCart, readCart, settleOrderedCart } from "~/modules/cart/cart-storage";

/**
 * The cart lines in browser storage (null until read after hydration); follows `cartUpdated` and
 * changes made in other tabs. Once hydrated, keeps the cart's cookie in step (docs/decisions/0062).
 */
export function useStoredCart(): CartLine[] | null {
  const [lines, setLines] = useState<CartLine[] | null>(null);
  useEffect(() => {
    const refresh = () => setLines(readCart());
    settleOrderedCart();
    refresh();
    // The cookie follows the cart: written here too for a cart put in before it existed, or changed where it was not written.
    mirrorCart(readCart());
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === CART_STORAGE_KEY) refresh();
    };
    window.addEventListener(CART_UPDATED_EVENT, refresh);
    window.addEventListener("storage", onStorage);
    return () => {
      window.removeEventListener(CART_UPDATED_EVENT, refresh);
      window.removeEventListener("storage", onStorage);
    };
  }, []);
  return lines;
}
