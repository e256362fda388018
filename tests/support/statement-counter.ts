import type { Logger } from "drizzle-orm";
import type { Database, Db } from "~/lib/db.server";
import { schema } from "~/lib/db/schema.server";

/**
 * The same database as `database`, through a second handle that counts every statement it sends
 * (one statement is one round trip: the drivers send them one after another). A transaction counts
 * its BEGIN and COMMIT too, on both drivers: node-postgres sends them as statements of their own,
 * the embedded driver inside `transaction()`, where they are added here.
 */
export async function countingDatabase(database: Database): Promise<{ db: Db; statements: string[]; reset(): void }> {
  const statements: string[] = [];
  const logger: Logger = { logQuery: (query) => void statements.push(query) };
  let db: Db;
  if (database.kind === "postgres") {
    const { drizzle } = await import("drizzle-orm/node-postgres");
    db = drizzle((database.db as unknown as { $client: import("pg").Pool }).$client, { schema, logger });
  } else {
    const { drizzle } = await import("drizzle-orm/pglite");
    const embedded = drizzle((database.db as unknown as { $client: import("@electric-sql/pglite").PGlite }).$client, { schema, logger });
    const transaction = embedded.transaction.bind(embedded);
    embedded.transaction = (async (run: Parameters<typeof transaction>[0], config?: Parameters<typeof transaction>[1]) => {
      statements.push("begin");
      try {
        return await transaction(run, config);
      } finally {
        statements.push("commit");
      }
    }) as typeof embedded.transaction;
    db = embedded;
  }
  return { db, statements, reset: () => void statements.splice(0) };
}
