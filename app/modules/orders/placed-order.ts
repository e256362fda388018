/**
 * How long the browser that placed an order may read it back with its receipt
 * (order-receipt.server.ts), and keeps its confirmation (below).
 */
export const RECEIPT_TTL_MS = 60 * 60 * 1000;

/** What the checkout hands the confirmation page of the order it just placed. */
export interface PlacedOrder {
  orderId: string;
  orderTotal: number;
  storedOrderId?: string;
  /** Lets this browser read the order back for an hour (order-receipt.server.ts). */
  receipt?: string;
}

const KEY = "shop:placed-order";

/**
 * The checkout opens the confirmation with the order in the tab's history. The tab also keeps it,
 * for as long as its receipt lasts, so that the confirmation survives a new page load on the way:
 * one that a release of the shop between the order and its confirmation causes (the tab's scripts
 * are then of the earlier release, and the page is loaded anew; decision 0073), or a phone that
 * dropped the tab from memory. Only this tab reads it (sessionStorage).
 */
export function keepPlacedOrder(order: PlacedOrder, now = Date.now()): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...order, placedAt: now }));
  } catch {
    // Storage refused (private mode, full): the history's copy is all there is, as before.
  }
}

/** The order this tab placed last, while its receipt lasts; else null. */
export function placedOrderOfThisTab(now = Date.now()): PlacedOrder | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEY) ?? "null") as (PlacedOrder & { placedAt?: unknown }) | null;
    if (!kept || typeof kept.orderId !== "string" || typeof kept.placedAt !== "number") return null;
    if (now - kept.placedAt >= RECEIPT_TTL_MS || kept.placedAt > now) return null;
    return {
      orderId: kept.orderId,
      orderTotal: Number(kept.orderTotal) || 0,
      storedOrderId: typeof kept.storedOrderId === "string" ? kept.storedOrderId : undefined,
      receipt: typeof kept.receipt === "string" ? kept.receipt : undefined,
    };
  } catch {
    return null;
  }
}
