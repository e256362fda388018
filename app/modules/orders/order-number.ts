/**
 * The shopper-facing order number: 'ORD-' plus a millisecond timestamp. A number already taken (by
 * an order placed in the same millisecond, or one imported from the original shop) is never given
 * again: placing an order then tries the next millisecond (orders.server.ts).
 */
export function orderNumberFor(ms: number): string {
  return `ORD-${ms}`;
}
