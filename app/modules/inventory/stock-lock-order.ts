/**
 * The one order in which every transaction locks stock rows: placing an order, cancelling or
 * reinstating one, saving a product's stock and deleting a product all take the rows they need in
 * this order, so two of them can never each hold a row the other waits for (a deadlock).
 *
 * Ids compare by `localeCompare` with a fixed locale ("en"), as rows have always been taken, so the
 * order does not depend on a process's language settings. The database's own text order differs,
 * so a query that locks several rows at once must be given this order explicitly.
 */
export function compareStockIds(a: string, b: string): number {
  return a.localeCompare(b, "en");
}

/**
 * A sorted copy of `items` in stock lock order, by the stock row each refers to. Items without one
 * (a size since deleted) lock nothing and come first.
 */
export function inStockLockOrder<T>(items: readonly T[], stockIdOf: (item: T) => string | null | undefined): T[] {
  return [...items].sort((a, b) => compareStockIds(stockIdOf(a) ?? "", stockIdOf(b) ?? ""));
}
