import type { Route } from "./+types/backups-download";
import { loggedFailure } from "~/lib/action-failure.server";
import { requireMainAdmin } from "~/modules/accounts/session.server";
import { backupDownload } from "~/modules/backup/backup-download.server";
import { ACCESS_DENIED_BACKUPS } from "~/modules/backup/backup-schedule";

/**
 * GET /admin/backups/download: a backup of the shop made on the spot and streamed, for main admins
 * only (docs/decisions/0051). Anonymous visitors go to /login, customers to /, admins are refused.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    await requireMainAdmin(request, context.auth, ACCESS_DENIED_BACKUPS);
    return await backupDownload({ db: context.db, kind: context.backups.kind, storage: context.storage });
  } catch (error) {
    // A redirect (not signed in, not staff) goes as it is.
    if (error instanceof Response) throw error;
    const { status, message, headers } = loggedFailure(error, { msg: "a backup download failed" });
    return new Response(message, { status, headers: { ...headers, "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
}
