import path from "node:path";
import { fileURLToPath } from "node:url";
import fs from "node:fs";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { schema } from "./schema.server";
import { acquireFolderLock, type FolderLock } from "./folder-lock.server";

/** The database handle every domain function takes first. A transaction is one too. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL URL; when absent the embedded database under `dataDir` is used. */
  databaseUrl?: string;
  /** Folder for the embedded database. Omit with no URL for an in-memory database (tests). */
  dataDir?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
}

export function migrationsFolder(): string {
  const candidates = [
    path.resolve(process.cwd(), "drizzle"),
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../drizzle"),
  ];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, "meta", "_journal.json")));
  if (!found) throw new Error(`SQL migrations not found (looked in ${candidates.join(", ")})`);
  return found;
}

const MIGRATION_LOCK_KEY = 727_001;

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    const db = drizzle(pool, { schema }) as unknown as Db;
    // Several app instances may start at once: let one migrate while the others wait.
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      try {
        await migrate(drizzle(client, { schema }), { migrationsFolder: migrationsFolder() });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
      }
    } finally {
      client.release();
    }
    return { db, kind: "postgres", close: () => pool.end() };
  }

  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  let lock: FolderLock | undefined;
  let client;
  if (options.dataDir) {
    lock = acquireFolderLock(options.dataDir);
    try {
      client = new PGlite(path.join(options.dataDir, "pglite"));
      await client.waitReady;
    } catch (error) {
      lock.release();
      throw error;
    }
  } else {
    client = new PGlite();
    await client.waitReady;
  }
  const db = drizzle(client, { schema }) as unknown as Db;
  await migrate(drizzle(client, { schema }), { migrationsFolder: migrationsFolder() });
  return {
    db,
    kind: "pglite",
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

export async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

// The process-wide database, opened once by the server at boot (see server/app.ts).
let current: Database | undefined;

export function setDatabase(database: Database | undefined) {
  current = database;
}

export function getDb(): Db {
  if (!current) throw new Error("The database is not open yet");
  return current.db;
}

export function getDatabase(): Database | undefined {
  return current;
}
