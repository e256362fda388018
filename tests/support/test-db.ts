import fs from "node:fs";
import { afterAll, beforeAll, inject } from "vitest";
import { openDatabase, type Database, type Db } from "~/lib/db.server";
import { ALWAYS_REACHABLE } from "~/lib/database-health.server";
import { createScratchPostgres } from "./scratch-postgres";

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default, or a new
 * PostgreSQL database on the server at TEST_DATABASE_URL when TEST_DB=postgres.
 */
export function testTarget(): "pglite" | "postgres" {
  return process.env.TEST_DB === "postgres" ? "postgres" : "pglite";
}

export interface TestDatabase extends Database {
  /** URL of the database (PostgreSQL only), for opening a second pool as another app instance would. */
  url?: string;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (testTarget() === "pglite") {
    // Each starts from one migrated copy made before the run (tests/support/pglite-template.ts).
    const template = inject("pgliteTemplate");
    return openDatabase(template ? { startFrom: new Blob([fs.readFileSync(template)]) } : {});
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const scratch = await createScratchPostgres(serverUrl);
  const database = await openDatabase({ databaseUrl: scratch.url });
  return {
    ...database,
    url: scratch.url,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/**
 * Registers hooks that give a test file its own fresh database. Returns a getter for it (route
 * loaders and actions get it in their context: tests/support/test-context.ts).
 */
export function useTestDatabase(): () => TestDatabase {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });
  return () => {
    if (!database) throw new Error("The test database is not open yet (use it inside a test or hook)");
    return database;
  };
}

/**
 * A database whose every use of `method` (insert, select, delete …) fails as a lost connection
 * would: for checking what a user sees when the database is down.
 */
export function databaseFailingOn(method: "insert" | "select" | "update" | "delete"): Database {
  const fail = () => {
    throw new Error("connection lost");
  };
  // Only `method` is there: anything else is what an empty object has.
  const db = new Proxy({} as Db, { get: (target, property) => (property === method ? fail : (Reflect.get(target, property) as unknown)) });
  return { kind: "pglite", db, probe: db, health: ALWAYS_REACHABLE, listen: async () => async () => {}, close: async () => {} };
}
