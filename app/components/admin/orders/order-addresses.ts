/** The couriers' list (a datalist) offered wherever a courier is typed on the orders screen. */
export const COURIER_LIST = "courier-names";

/** The form the list's tick boxes belong to (print, export, change status of the ticked orders). */
export const BULK_FORM = "bulk-orders";

/** The CSV of every order the list's search and filters find (not only this page). */
export function exportAllTo(search: string): string {
  const params = new URLSearchParams(search);
  params.delete("page");
  params.delete("order");
  const text = params.toString();
  return `/admin/orders.csv${text ? `?${text}` : ""}`;
}

/** The list's address with some query parameters changed (null removes one). */
export function withParams(search: string, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === "") params.delete(key);
    else params.set(key, value);
  }
  const text = params.toString();
  return `/admin/orders${text ? `?${text}` : ""}`;
}
