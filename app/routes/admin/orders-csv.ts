import type { Route } from "./+types/orders-csv";
import { requireAdmin } from "~/modules/accounts/session.server";
import { orderSelectionFrom } from "~/modules/orders/admin-orders.schema";
import { ordersCsv } from "~/modules/orders/order-batch.server";
import { pakistanDay } from "~/lib/admin-date";
import { streamedDownload } from "~/lib/streamed-download.server";

/** The ticked orders, or every order the list's filter finds, as a CSV download written as it is read (staff only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context.auth);
  // The Pakistan day: an export at 1 am is named after the day it is made in.
  const day = pakistanDay(new Date());
  return streamedDownload(ordersCsv(context.db, orderSelectionFrom(new URL(request.url).searchParams)), {
    what: "orders CSV",
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
