import type { ErrorHandler } from "hono";
import type { FolderWatch } from "~/lib/data-folder.server";
import { diskFaultOf } from "~/lib/disk-fault";
import { logger } from "~/lib/logger.server";
import { folderFaultAnswer } from "./folder-faults";
import type { ShopEnv } from "./shop-env";

/** What escaped every route: logged, and answered 500, or 503 naming the folder for a full or read-only disk. */
export function unhandledErrors(folders: FolderWatch | undefined): ErrorHandler<ShopEnv> {
  return (error, c) => {
    logger.error({ err: error, path: c.req.path }, "unhandled error");
    if (diskFaultOf(error)) return folderFaultAnswer(c.req.path, folders?.fault());
    return c.text("Something went wrong on our side. Please try again.", 500);
  };
}
