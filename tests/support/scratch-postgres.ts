import { randomBytes } from "node:crypto";

/**
 * Creates a throw-away database on the PostgreSQL server at `serverUrl` (any database URL on it):
 * returns the new database's URL and a function that drops it, closing whatever still uses it.
 */
export async function createScratchPostgres(serverUrl: string, prefix = "shop_test"): Promise<{ url: string; drop: () => Promise<void> }> {
  const { Client } = await import("pg");
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const run = async (statement: string) => {
    const client = new Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
