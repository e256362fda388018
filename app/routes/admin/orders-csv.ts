import type { Route } from "./+types/orders-csv";
import { requireAdmin } from "~/modules/accounts/session.server";
import { orderSelectionFrom } from "~/modules/orders/admin-orders.schema";
import { ordersCsv, ordersForBatch } from "~/modules/orders/order-batch.server";

/** The ticked orders, or every order the list's filter finds, as a CSV download (staff only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context.auth);
  const list = await ordersForBatch(context.db, orderSelectionFrom(new URL(request.url).searchParams));
  const day = new Date().toISOString().slice(0, 10);
  return new Response(ordersCsv(list), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
