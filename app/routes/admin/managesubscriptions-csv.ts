import type { Route } from "./+types/managesubscriptions-csv";
import { requireAdmin } from "~/modules/accounts/session.server";
import { subscribersCsv } from "~/modules/subscribers/subscribers.server";
import { pakistanDay } from "~/lib/admin-date";
import { streamedDownload } from "~/lib/streamed-download.server";

/** The subscriber list as a CSV download written as it is read (admins only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context.auth);
  // The Pakistan day: an export at 1 am is named after the day it is made in.
  const day = pakistanDay(new Date());
  return streamedDownload(subscribersCsv(context.db), {
    what: "subscribers CSV",
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="subscribers-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
