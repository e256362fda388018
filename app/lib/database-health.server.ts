import { isDatabaseUnreachable } from "./database-faults";
import { logger } from "./logger.server";

/**
 * Whether this process can reach its database (docs/decisions/0049-database-blinks.md). It costs
 * nothing while all is well: only a failure that says the database could not be reached
 * (database-faults.ts) makes it check, with one ping; if that fails too, the database is down, and
 * it pings again every `recheckMs` until it answers. While it is down the server answers 503 at
 * once instead of making each request wait for a connection that will not come.
 */
export interface DatabaseHealth {
  /** Known to be unreachable: the last check failed and none has succeeded since. */
  readonly down: boolean;
  /**
   * A statement or connection failed with `error`. When it says the database is unreachable,
   * resolves once a check has said whether it is down (to that); otherwise at once, to `down`.
   */
  noteFailure(error: unknown): Promise<boolean>;
  /** Resolves to whether the database is down once a check under way (if any) has said. */
  settled(): Promise<boolean>;
  /** Stops checking (shutting down). */
  stop(): void;
}

export function watchDatabaseHealth(ping: () => Promise<boolean>, options: { recheckMs?: number } = {}): DatabaseHealth {
  const recheckMs = options.recheckMs ?? 1000;
  let down = false;
  let since = 0;
  let checking: Promise<boolean> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const check = (): Promise<boolean> =>
    (checking ??= ping()
      .catch(() => false)
      .then((answers) => {
        checking = undefined;
        if (!answers && !down) {
          down = true;
          since = Date.now();
          logger.error("the database cannot be reached: pages and forms answer 503 until it can");
        } else if (answers && down) {
          down = false;
          logger.info({ downForMs: Date.now() - since }, "the database answers again");
        }
        if (down && !timer && !stopped) {
          timer = setTimeout(() => {
            timer = undefined;
            void check();
          }, recheckMs);
          timer.unref();
        }
        return down;
      }));

  return {
    get down() {
      return down;
    },
    settled: () => checking ?? Promise.resolve(down),
    noteFailure: (error) => (isDatabaseUnreachable(error) && !stopped ? check() : Promise.resolve(down)),
    stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** The embedded database lives in this process: it is never out of reach. */
export const ALWAYS_REACHABLE: DatabaseHealth = {
  down: false,
  noteFailure: () => Promise.resolve(false),
  settled: () => Promise.resolve(false),
  stop() {},
};
