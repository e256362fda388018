import { sizeDetail } from "~/modules/catalog/size-label";
import { orderFailed } from "./checkout.schema";
import type { Shortage } from "./orders.server";

/** What checkout says when items ran short as the order was placed: each item, and what is left of it. */
export function shortageMessage(shortages: Shortage[]): string {
  const list = shortages
    .map((s) => {
      const size = sizeDetail(s.size, "size");
      return `${s.productName}${size ? ` (${size})` : ""}: ${s.available === 0 ? "sold out" : `only ${s.available} left`}`;
    })
    .join("; ");
  return orderFailed(
    `some items are no longer available in the quantity you chose — ${list}. Your cart has been updated; please review it and place the order again.`,
  );
}
