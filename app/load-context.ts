import "react-router";
import type { Db } from "~/lib/db.server";
import type { Auth } from "~/modules/accounts/auth.server";
import type { LiveHub } from "~/modules/live/live-events.server";
import type { FileStorage } from "~/modules/media/storage.server";
import type { BackupSchedule } from "~/modules/backup/backup-schedule";

/**
 * What the server opens once at start and hands every loader and action in its `context`
 * (server/app.ts), so that a route's dependencies show in its arguments. Tests build one with
 * tests/support/test-context.ts. See docs/decisions/0034-dependencies-in-the-load-context.md.
 */
export interface AppServices {
  db: Db;
  auth: Auth;
  storage: FileStorage;
  /** The mail worker: `kick()` asks it for a delivery run shortly, after a commit that queued mail. */
  mailer: { kick: () => void };
  /** Change notices heard from the database, fanned out to the admin's open event streams. */
  live: LiveHub;
  /** For backups from the back office: the database's kind, and the schedule (null: BACKUP_EVERY unset). */
  backups: { kind: "pglite" | "postgres"; schedule: BackupSchedule | null };
}

declare module "react-router" {
  interface AppLoadContext extends AppServices {
    /** CSP nonce of this response. */
    nonce: string;
    /** Address of the connecting client (for login throttling). */
    clientAddress?: string;
    /**
     * What the page shows, for the storefront page cache (modules/cache/page-cache.server.ts): loaders add
     * `product:<id>` for each product and `lists` for a list of products, or `uncacheable`.
     */
    cacheTags?: Set<string>;
  }
}
