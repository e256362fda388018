import type { Database } from "~/lib/db.server";
import { describeFault, type FolderFault, type FolderWatch } from "~/lib/data-folder.server";
import { DISK_FAULT_RETRY_AFTER_SECONDS, SHOPPER_DISK_FAULT_MESSAGE, STAFF_DISK_FAULT_MESSAGE } from "~/lib/disk-fault";
import { discardBody } from "../discard-body";
import type { ShopMiddleware } from "./shop-env";

/**
 * A full or read-only folder of the shop (docs/decisions/0048-disk-faults.md): a request that
 * would write there is refused before anything is written. With the embedded database every
 * change is written there; otherwise only files are (an upload, a form that carries an image).
 */
export function refuseWritesToFaultyFolders(folders: FolderWatch, databaseKind: Database["kind"]): ShopMiddleware {
  return async (c, next) => {
    if (["GET", "HEAD", "OPTIONS"].includes(c.req.method)) return next();
    const writesToFolders =
      databaseKind === "pglite" || c.req.path === "/admin/uploads" || (c.req.header("content-type") ?? "").startsWith("multipart/form-data");
    if (!writesToFolders) return next();
    const fault = await folders.check();
    if (!fault) return next();
    await discardBody(c.req.raw.body);
    return folderFaultAnswer(c.req.path, fault);
  };
}

/**
 * The refusal of a write while a folder of the shop cannot take it: staff read which folder and
 * what is wrong, shoppers that nothing was saved; the upload route's own JSON shape for uploads.
 */
export function folderFaultAnswer(requestPath: string, fault: FolderFault | undefined): Response {
  const headers = { "Retry-After": String(DISK_FAULT_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" };
  if (!requestPath.startsWith("/admin")) return new Response(SHOPPER_DISK_FAULT_MESSAGE, { status: 503, headers });
  const message = fault
    ? `Nothing can be saved right now: ${describeFault(fault)}. Once space is freed there the shop goes on by itself.`
    : STAFF_DISK_FAULT_MESSAGE;
  if (requestPath === "/admin/uploads") return Response.json({ ok: false, message }, { status: 503, headers });
  return new Response(message, { status: 503, headers });
}
