import type { AppLoadContext } from "react-router";
import type { Db } from "~/lib/db.server";
import { LiveHub } from "~/modules/live/live-events.server";
import "~/load-context";

/** A stand-in for a dependency a test did not give: any use of it fails, naming what is missing. */
export function notGiven<T extends object>(name: string): T {
  return new Proxy({} as T, {
    get(_target, property) {
      throw new Error(`This test's context has no ${name} (reading ${String(property)}): pass it to testContext`);
    },
  });
}

/**
 * The context a loader or action gets from the server (server/app.ts), for calling it directly:
 * the test database's handle, a mailer that is never woken, a live hub nobody hears, and no
 * accounts or file storage unless given (`auth`, `storage`); `overrides` replace any part.
 */
export function testContext(database: { db: Db }, overrides: Partial<AppLoadContext> = {}): AppLoadContext {
  return {
    nonce: "",
    db: database.db,
    auth: notGiven("auth"),
    storage: notGiven("storage"),
    mailer: { kick: () => {} },
    live: new LiveHub(),
    backups: notGiven("backups"),
    ...overrides,
  };
}
