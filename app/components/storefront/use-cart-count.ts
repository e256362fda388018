import { useEffect, useState } from "react";
import { CART_STORAGE_KEY, CART_UPDATED_EVENT } from "~/modules/cart/cart-line";
import { cartCount, readCart } from "~/modules/cart/cart-storage";

/** Number of items in the browser's cart; follows `cartUpdated` and other tabs. */
export function useCartCount(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const refresh = () => setCount(cartCount(readCart()));
    refresh();
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
  return count;
}
