import path from "node:path";
import { fileURLToPath } from "node:url";
import fs from "node:fs";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { schema } from "./db/schema.server";
import { acquireFolderLock, type FolderLock } from "./folder-lock.server";
import { logger } from "./logger.server";
import { ALWAYS_REACHABLE, watchDatabaseHealth, type DatabaseHealth } from "./database-health.server";
import { DataRefusedError, newerDataMessage, RESTORE_MARKER_FILE, RESTORE_MARKER_TABLE, unfinishedRestoreMessage } from "./data-refused";
import {
  newerThanThisBuild,
  newestAppliedMigration,
  recordedShopVersion,
  recordShopVersion,
  shippedMigrations,
  SHOP_VERSION,
} from "./db/migration-journal.server";

/** The database handle every domain function takes first. A transaction is one too. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open transaction (what `db.transaction` hands its callback), for steps that only make sense inside one. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  /**
   * What the readiness check reads through: on PostgreSQL a connection of its own, so that a pool
   * busy with orders never keeps the check waiting (a proxy would otherwise take the last instance
   * out of rotation just when it carries all the load). The embedded database has one connection.
   */
  probe: Db;
  kind: "pglite" | "postgres";
  /** Whether the database can be reached now (database-health.server.ts); the embedded one always can. */
  health: DatabaseHealth;
  /**
   * Calls `onPayload` for every NOTIFY on `channel`, from this or any other instance on the same
   * database, once the notifying transaction has committed. Resolves to a function that stops it.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL URL; when absent the embedded database under `dataDir` is used. */
  databaseUrl?: string;
  /** Folder for the embedded database. Omit with no URL for an in-memory database (tests). */
  dataDir?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /**
   * For an in-memory database: a data folder dumped from one already created (PGlite's
   * `dumpDataDir`), so it starts from that copy instead of creating a database from nothing, which
   * costs seconds of CPU. Tests give every file a fresh database this way (tests/support/test-db.ts).
   */
  startFrom?: Blob;
  /**
   * Called once when the embedded database stops on a fault it cannot go on from (PostgreSQL's
   * PANIC, such as a log write refused by a full disk). Every later query is refused at once:
   * handed one, the stopped database would hold the whole process.
   */
  onPanic?: (error: Error) => void;
  /**
   * Whether to bring the database up to this build's migrations (the default). A backup reads the
   * data as it is, and opens it without (docs/decisions/0050).
   */
  migrate?: boolean;
}

export function migrationsFolder(): string {
  const candidates = [path.resolve(process.cwd(), "drizzle"), path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../drizzle")];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, "meta", "_journal.json")));
  if (!found) throw new Error(`SQL migrations not found (looked in ${candidates.join(", ")})`);
  return found;
}

const MIGRATION_LOCK_KEY = 727_001;
/** Shared buffers of the embedded database (PostgreSQL's default is 128 MB). */
const EMBEDDED_SHARED_BUFFERS = "32MB";

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    // A request waits for a connection at most 30 s (the pool's queue under a burst counts: a
    // database that is only busy must not be taken for one that is away); the readiness check,
    // which also decides whether the database is down, at most 5 s.
    const pool = new Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10, connectionTimeoutMillis: QUEUE_TIMEOUT_MS });
    const probePool = new Pool({ connectionString: options.databaseUrl, max: 1, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    const probe = drizzle(probePool, { schema }) as unknown as Db;
    const health = watchDatabaseHealth(() => ping(probe));
    observeFaults(pool, health);
    observeFaults(probePool, health);
    const db = drizzle(pool, { schema }) as unknown as Db;
    const close = async () => {
      health.stop();
      await Promise.all([pool.end(), probePool.end()]);
    };
    // Several app instances may start at once: let one migrate while the others wait. A database
    // that cannot be reached fails the opening, with nothing left open (the caller may try again).
    try {
      const client = await pool.connect();
      let failed: Error | undefined;
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        try {
          const direct = drizzle(client, { schema }) as unknown as Db;
          await refuseDataNotToOpen(direct, { marker: "table", where: "The database at DATABASE_URL" });
          if (options.migrate !== false) {
            await migrate(drizzle(client, { schema }), { migrationsFolder: migrationsFolder() });
            await recordShopVersion(direct);
          }
        } finally {
          await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
        }
      } catch (error) {
        failed = error as Error;
        throw error;
      } finally {
        // A connection that failed is not given back for reuse.
        client.release(failed);
      }
    } catch (error) {
      await close().catch(() => {});
      throw error;
    }
    return {
      db,
      probe,
      kind: "postgres",
      health,
      listen: (channel, onPayload, onReconnect) => listenOnPostgres(options.databaseUrl!, channel, onPayload, onReconnect),
      close,
    };
  }

  const { PGlite } = await import("@electric-sql/pglite");
  // Extensions the migrations create must be loaded with every embedded database that opens.
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const extensions = { pg_trgm };
  // PostgreSQL's default 128 MB of shared buffers live in the shop's own memory here, and fill as a
  // large catalogue is read; 32 MB keeps the process small (pages not in them are read from the
  // operating system's file cache). See docs/decisions/0026-critical-css-and-memory.md.
  const startParams = [...PGlite.defaultStartParams, "-c", `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`];
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  let lock: FolderLock | undefined;
  let client;
  if (options.dataDir) {
    lock = await acquireFolderLock(options.dataDir);
    try {
      // A restore into this folder that did not finish: nothing here is a shop to serve.
      if (fs.existsSync(path.join(options.dataDir, RESTORE_MARKER_FILE))) {
        throw new DataRefusedError(unfinishedRestoreMessage(`The data folder ${path.resolve(options.dataDir)}`));
      }
      client = new PGlite(path.join(options.dataDir, "pglite"), { extensions, startParams });
      await client.waitReady;
    } catch (error) {
      lock.release();
      throw error;
    }
  } else {
    client = new PGlite({ extensions, startParams, loadDataDir: options.startFrom });
    await client.waitReady;
  }
  refuseQueriesAfterPanic(client, options.onPanic);
  const db = drizzle(client, { schema }) as unknown as Db;
  try {
    await refuseDataNotToOpen(db, { where: options.dataDir ? `The data folder ${path.resolve(options.dataDir)}` : "The database" });
    if (options.migrate !== false) {
      await migrate(drizzle(client, { schema }), { migrationsFolder: migrationsFolder() });
      await recordShopVersion(db);
    }
  } catch (error) {
    await client.close().catch(() => {});
    lock?.release();
    throw error;
  }
  const embedded = client;
  return {
    db,
    probe: db,
    kind: "pglite",
    health: ALWAYS_REACHABLE,
    listen: (channel, onPayload) => embedded.listen(channel, onPayload),
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/**
 * Refuses data this build must not open (DataRefusedError): a database a restore left unfinished,
 * or one written by a newer release, which this one would misread or half-migrate.
 */
async function refuseDataNotToOpen(db: Db, options: { where: string; marker?: "table" }): Promise<void> {
  if (options.marker === "table") {
    const found = (await db.execute(sql`select to_regclass(${`public.${RESTORE_MARKER_TABLE}`}) is not null as found`)) as {
      rows: { found: boolean }[];
    };
    if (found.rows[0]?.found) throw new DataRefusedError(unfinishedRestoreMessage(options.where));
  }
  const newer = newerThanThisBuild(
    { newestMigration: await newestAppliedMigration(db), version: await recordedShopVersion(db) },
    shippedMigrations(migrationsFolder()),
  );
  if (newer) throw new DataRefusedError(newerDataMessage(options.where, newer.version, SHOP_VERSION));
}

/** How long a request may wait for a PostgreSQL connection (from the pool, or a new one) before it fails. */
const QUEUE_TIMEOUT_MS = 30_000;
/** How long the readiness check (and the outage check) may wait for its connection. */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * Tells `health` of every failure of a pool's connections, and keeps any from stopping the process:
 * a connection the server ends (a restart, a stop, a dropped database) reports an error on the
 * client, which unheard would be thrown, while it is idle in the pool (the pool's "error") and
 * just as well while a transaction holds it (the client's own "error"; its statement fails too).
 */
function observeFaults(pool: import("pg").Pool, health: DatabaseHealth) {
  const note = (error: unknown) => void health.noteFailure(error);
  pool.on("error", (err) => {
    logger.warn({ err }, "an idle database connection was closed by the server");
    note(err);
  });
  pool.on("connect", (client) => client.on("error", note));
  // What drizzle calls (always without a callback): a statement, or a connection for a transaction.
  // The pool calls its own connect with a callback; those are left alone.
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  const observed = (call: (...args: unknown[]) => unknown) =>
    function (...args: unknown[]) {
      const result = call(...args);
      if (typeof args.at(-1) !== "function" && result instanceof Promise) result.catch(note);
      return result;
    };
  Object.assign(pool, { query: observed(query), connect: observed(connect) });
}

/**
 * After a PANIC the embedded database must not be handed another query: it would spin forever in
 * the process's one thread (found with a log write on a full disk). Every query, transaction and
 * statement of PGlite goes through `execProtocol` or `execProtocolStream`; from then on both refuse
 * with the PANIC's own error, which names the fault (a full disk is PostgreSQL's 53100). Closing is
 * skipped too.
 */
function refuseQueriesAfterPanic(client: import("@electric-sql/pglite").PGlite, onPanic?: (error: Error) => void) {
  let stopped: Error | undefined;
  const guarded =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (stopped) throw stopped;
      try {
        return await call(...args);
      } catch (error) {
        if (!stopped && (error as { severity?: string }).severity === "PANIC") {
          stopped = error as Error;
          logger.fatal({ err: error }, "the embedded database stopped (PANIC); it takes no more queries");
          onPanic?.(stopped);
        }
        throw error;
      }
    };
  client.execProtocol = guarded(client.execProtocol.bind(client));
  client.execProtocolStream = guarded(client.execProtocolStream.bind(client));
  const close = client.close.bind(client);
  client.close = async () => {
    if (!stopped) await close();
  };
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * LISTEN needs a connection of its own that stays open (a pooled one would be handed to queries).
 * When it drops, it reconnects with a growing pause; notifications sent while it was away are lost,
 * so listeners should treat an event as "something changed, look again", never as the data itself.
 */
async function listenOnPostgres(url: string, channel: string, onPayload: (payload: string) => void, onReconnect?: () => void) {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Bad channel name: ${channel}`);
  const { Client } = await import("pg");
  let stopped = false;
  let client: InstanceType<typeof Client> | undefined;
  let retryMs = 500;
  const connect = async (): Promise<void> => {
    const next = new Client({ connectionString: url });
    next.on("notification", (message) => {
      if (message.channel === channel) onPayload(message.payload ?? "");
    });
    next.on("error", () => reconnect(next));
    next.on("end", () => reconnect(next));
    await next.connect();
    await next.query(`listen ${channel}`);
    client = next;
    retryMs = 500;
  };
  const reconnect = (broken: InstanceType<typeof Client>) => {
    if (stopped || client !== broken) return;
    client = undefined;
    broken.end().catch(() => {});
    const attempt = () => {
      if (stopped) return;
      // Whatever was announced while the connection was down is lost: say so once it is back.
      connect().then(onReconnect, () => {
        // At most a few seconds: until it is back, this instance's kept pages hear of no change.
        retryMs = Math.min(retryMs * 2, 4000);
        setTimeout(attempt, retryMs).unref();
      });
    };
    setTimeout(attempt, retryMs).unref();
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => {});
  };
}

const STARTUP_LOCK_KEY = 727_002;

/**
 * Runs `work` in a transaction holding a lock that every process of the shop on this database
 * takes for its start-up chores (e.g. creating the first main admin): workers and instances
 * starting together run them one after the other, and each sees what the one before committed.
 */
export async function oneAtATime<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${STARTUP_LOCK_KEY})`);
    return work(tx);
  });
}

/** When the newest committed migration was made (drizzle records it as the migration's `created_at`). */
function newestMigrationMillis(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

/** Whether the database answers and has every migration this build ships. */
export async function readiness(db: Db): Promise<{ database: boolean; migrations: boolean }> {
  try {
    const result = (await db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`)) as {
      rows: { newest: string | number | null }[];
    };
    return { database: true, migrations: Number(result.rows[0]?.newest ?? 0) >= newestMigrationMillis() };
  } catch {
    return { database: await ping(db), migrations: false };
  }
}

export async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
