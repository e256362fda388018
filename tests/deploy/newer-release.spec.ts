import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { createScratchPostgres } from "../support/scratch-postgres";
import { startShopProcess, stopEveryShop } from "../support/shop-process";

/*
 * The production build started on data a newer release wrote (docs/decisions/0050, 0052): an
 * embedded data folder, and a PostgreSQL database served by two workers. The shop serves once on
 * it; then a pretend release 9.0.0 adds a migration this build does not ship and records itself.
 * The next start of this build does not serve: it prints one message naming both releases, exits
 * with 1 (the workers tell the primary it is a configuration problem, so none is started again),
 * and the data are as 9.0.0 left them: no migration run, no release recorded, no lock left.
 */
const root = path.resolve(import.meta.dirname, "../..");
const RELEASE = (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string }).version;
const NEWER = "9.0.0";
const OWNER = { email: "owner@example.pk", password: "Owner-Release-Ledger-7731" };

const missing = fs.existsSync(path.join(root, "build", "server", "index.js")) ? null : "the production build is missing (npm run build)";
test.skip(missing !== null, `Newer-release test left out: ${missing}`);

const folders: string[] = [];
test.afterAll(async () => {
  await stopEveryShop();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/** Starts the production server with its main admin; resolves once it is ready, or once it has exited (`ready: false`), with what it printed. */
const startShop = (env: Record<string, string>) => startShopProcess({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password, ...env });

type Query = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** What release 9.0.0 would leave: a migration this build does not ship, and its release recorded. */
async function writtenByNewerRelease(query: Query): Promise<void> {
  await query("create table returns (id text primary key)");
  const [{ newest }] = (await query("select max(created_at)::bigint::text as newest from drizzle.__drizzle_migrations")).rows as { newest: string }[];
  await query("insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)", [`release ${NEWER}`, BigInt(newest) + 86_400_000n]);
  await query("update app_settings set value = $1 where key = 'shop_version'", [NEWER]);
}

/** The migrations recorded and the release named in the database. */
async function record(query: Query) {
  return {
    migrations: (await query("select hash, created_at::text as at from drizzle.__drizzle_migrations order by id")).rows,
    release: (await query("select value from app_settings where key = 'shop_version'")).rows,
  };
}

function expectRefusal(log: string[], where: RegExp) {
  const text = log.join("");
  expect(text).toMatch(where);
  expect(text).toContain(`was written by release ${NEWER} of the shop; this is release ${RELEASE}, which does not know its newest changes.`);
  expect(text).not.toMatch(/^\s+at /m);
}

test("an embedded data folder written by a newer release: this build does not start on it, names both releases, and leaves it as it was", async () => {
  test.setTimeout(240_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-newer-folder-"));
  folders.push(dataDir);

  const first = await startShop({ DATA_DIR: dataDir });
  expect(first.ready, first.log.join("")).toBe(true);
  expect(await first.stop()).toBe(0);

  const client = new PGlite(path.join(dataDir, "pglite"), { extensions: { pg_trgm } });
  const query: Query = (text, values) => client.query(text, values);
  let before;
  try {
    expect((await record(query)).release).toEqual([{ value: RELEASE }]);
    await writtenByNewerRelease(query);
    before = await record(query);
  } finally {
    await client.close();
  }

  const again = await startShop({ DATA_DIR: dataDir });
  expect(again.ready).toBe(false);
  expect(again.process.exitCode).toBe(1);
  expectRefusal(again.log, new RegExp(`The data folder ${dataDir.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}`));
  expect(fs.readdirSync(dataDir).filter((name) => name.startsWith("shop.lock"))).toEqual([]);

  const after = new PGlite(path.join(dataDir, "pglite"), { extensions: { pg_trgm } });
  try {
    expect(await record((text, values) => after.query(text, values))).toEqual(before);
  } finally {
    await after.close();
  }
});

test("a PostgreSQL database written by a newer release: no worker serves it, the shop stops with exit 1 naming both releases, nothing migrated", async () => {
  test.skip(!process.env.TEST_DATABASE_URL, "TEST_DATABASE_URL is not set (a PostgreSQL server is needed)");
  test.setTimeout(240_000);
  const scratch = await createScratchPostgres(process.env.TEST_DATABASE_URL!, "shop_newer_release");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-newer-pg-"));
  folders.push(dataDir);
  const client = new pg.Client({ connectionString: scratch.url });
  try {
    const env = { DATABASE_URL: scratch.url, DATA_DIR: dataDir, WEB_CONCURRENCY: "2" };
    const first = await startShop(env);
    expect(first.ready, first.log.join("")).toBe(true);
    expect(await first.stop()).toBe(0);

    await client.connect();
    const query: Query = (text, values) => client.query(text, values);
    expect((await record(query)).release).toEqual([{ value: RELEASE }]);
    await writtenByNewerRelease(query);
    const before = await record(query);

    const again = await startShop(env);
    expect(again.ready).toBe(false);
    expect(again.process.exitCode).toBe(1);
    expectRefusal(again.log, /The database at DATABASE_URL was written/);
    expect(again.log.join("")).toContain("a worker found a configuration problem: stopping the shop");
    expect(await record(query)).toEqual(before);
  } finally {
    await client.end().catch(() => {});
    await scratch.drop();
  }
});
