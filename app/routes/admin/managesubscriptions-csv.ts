import type { Route } from "./+types/managesubscriptions-csv";
import { getDb } from "~/lib/db.server";
import { requireAdmin } from "~/modules/accounts/session.server";
import { subscribersCsv } from "~/modules/subscribers/subscribers.server";

/** The subscriber list as a CSV download (admins only). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const csv = await subscribersCsv(getDb());
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="subscribers-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
