import type { Route } from "./+types/managesubscriptions-csv";
import { requireAdmin } from "~/modules/accounts/session.server";
import { subscribersCsv } from "~/modules/subscribers/subscribers.server";

/** The subscriber list as a CSV download (admins only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context.auth);
  const csv = await subscribersCsv(context.db);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="subscribers-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
