import { sql, type SQL } from "drizzle-orm";
import type { Database, Db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { parseLiveEvent, type LiveEvent } from "./live-events";

/** The PostgreSQL channel every app instance listens on. */
const LIVE_CHANNEL = "shop_events";

/**
 * Announces a change. Call it inside the transaction that makes the change: PostgreSQL (and the
 * embedded database) deliver the notification only when that transaction commits, to every
 * instance listening on the same database, and never when it rolls back.
 */
export async function publishChange(db: Db, event: LiveEvent): Promise<void> {
  await db.execute(sql`select ${changeNotice(event)}`);
}

/** The expression that announces a change, for a statement that does more (see publishChange). */
export function changeNotice(event: LiveEvent): SQL {
  return sql`pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(event)})`;
}

type Listener = (event: LiveEvent) => void;

/** One database listener per process, fanned out to every open event stream. */
export class LiveHub {
  private readonly listeners = new Set<Listener>();

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get size(): number {
    return this.listeners.size;
  }

  emit(event: LiveEvent) {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        logger.warn({ err: error instanceof Error ? error.message : String(error) }, "a live listener failed");
      }
    }
  }
}

export async function startLiveHub(database: Database): Promise<{ hub: LiveHub; stop: () => Promise<void> }> {
  const hub = new LiveHub();
  const stop = await database.listen(LIVE_CHANNEL, (payload) => {
    const event = parseLiveEvent(payload);
    if (event) hub.emit(event);
  });
  return { hub, stop };
}
