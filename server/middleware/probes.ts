import type { Handler } from "hono";
import { describeFault, type FolderWatch } from "~/lib/data-folder.server";
import { readiness, type Database } from "~/lib/db.server";
import type { ShopEnv } from "./shop-env";

/** Liveness: the process answers. Touches nothing else, so a slow database never gets it restarted. */
export function liveness(instance: string): Handler<ShopEnv> {
  return (c) => c.json({ status: "ok", instance }, 200, { "Cache-Control": "no-store" });
}

/**
 * Readiness: send traffic here only while the database answers with every migration applied, the
 * shop's folders take writes, and it is not `stopping`.
 */
export function readinessProbe(database: Database, instance: string, folders: FolderWatch | undefined, stopping: () => boolean): Handler<ShopEnv> {
  return async (c) => {
    const state = await readiness(database.probe);
    const fault = await folders?.check();
    const ready = state.database && state.migrations && !fault && !stopping();
    return c.json(
      {
        status: ready ? "ready" : stopping() ? "stopping" : "unavailable",
        database: state.database ? "up" : "down",
        migrations: state.migrations ? "applied" : "pending",
        folders: fault ? describeFault(fault, folders?.reserve) : "writable",
        kind: database.kind,
        instance,
      },
      ready ? 200 : 503,
      { "Cache-Control": "no-store" },
    );
  };
}
