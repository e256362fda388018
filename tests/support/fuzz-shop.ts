import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./free-port";
import { createScratchPostgres } from "./scratch-postgres";

/**
 * One production server (the build, `node server.mjs`) on a throw-away PostgreSQL database with the
 * demo catalogue, listening on 127.0.0.1 only, for the malformed-request suite (tests/fuzz). A
 * direct connection to the same database reads what the shop stored. stop() stops everything.
 */

const root = path.resolve(import.meta.dirname, "../..");

/** The tables whose rows a request may only change by doing what the shop is for. */
const BUSINESS_TABLES = [
  "products",
  "variants",
  "stock",
  "media",
  "categories",
  "product_categories",
  "orders",
  "order_items",
  "order_history",
  "stock_movements",
  "contact_submissions",
  "subscribers",
  "user",
  "account",
  "mail_outbox",
  "verification",
  "app_settings",
] as const;

export type TableSnapshot = Record<(typeof BUSINESS_TABLES)[number], { rows: number; md5: string }>;

export interface FuzzShop {
  origin: string;
  port: number;
  /** A connection to the shop's database. */
  db: pg.Client;
  databaseUrl: string;
  /** What the server printed (warnings and errors). */
  log: string[];
  /** Runs a script of the project (`npx tsx scripts/…`) against the shop's database and data folder. */
  script(file: string, args?: string[]): Promise<string>;
  stop(): Promise<void>;
}

/** Whether what the suite needs is here; otherwise the reason it is left out. */
export function fuzzPrerequisites(): string | null {
  if (!process.env.TEST_DATABASE_URL) return "TEST_DATABASE_URL is not set (the data check needs a PostgreSQL server)";
  if (!fs.existsSync(path.join(root, "build", "server", "index.js"))) return "the production build is missing (npm run build)";
  return null;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once("exit", () => resolve()));
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${path.basename(command)} ${args.join(" ")} failed (${code}):\n${output}`)),
    );
  });
}

export async function startFuzzShop(options: { adminEmail: string; adminPassword: string }): Promise<FuzzShop> {
  const cleanups: (() => Promise<void> | void)[] = [];
  let server: ChildProcess | undefined;
  const stop = async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      server.kill("SIGTERM");
      await Promise.race([exited(server), new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
      await exited(server);
    }
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-fuzz-"));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const scratch = await createScratchPostgres(process.env.TEST_DATABASE_URL!, "shop_fuzz");
    cleanups.push(() => scratch.drop());
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: scratch.url,
      ADMIN_EMAIL: options.adminEmail,
      ADMIN_PASSWORD: options.adminPassword,
    };
    delete env.PUBLIC_URL;
    delete env.TRUST_PROXY;
    delete env.STORAGE_URL;
    delete env.SMTP_URL;
    const script = (file: string, args: string[] = []) => run(path.join(root, "node_modules", ".bin", "tsx"), [file, ...args], env);

    // The demo catalogue first (`npm run db:seed`, which also applies the migrations), then the server.
    await script("scripts/seed.ts");
    const log: string[] = [];
    server = spawn(process.execPath, ["server.mjs"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    // Should the test runner itself be stopped, the server goes with it.
    const child = server;
    const killOnExit = () => child.kill("SIGKILL");
    process.once("exit", killOnExit);
    cleanups.push(() => void process.off("exit", killOnExit));
    server.stdout!.on("data", (chunk: Buffer) => log.push(chunk.toString()));
    server.stderr!.on("data", (chunk: Buffer) => log.push(chunk.toString()));
    const origin = `http://127.0.0.1:${port}`;
    const until = Date.now() + 90_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the shop exited at start:\n${log.join("")}`);
      if (
        await fetch(`${origin}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (Date.now() > until) throw new Error(`the shop was not ready within 90 s:\n${log.join("")}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    const db = new pg.Client({ connectionString: scratch.url });
    await db.connect();
    cleanups.push(() => db.end());
    return { origin, port, db, databaseUrl: scratch.url, log, script, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Row count and a digest of every row of each business table. */
export async function snapshotTables(db: pg.Client): Promise<TableSnapshot> {
  const out = {} as TableSnapshot;
  for (const table of BUSINESS_TABLES) {
    const { rows } = await db.query<{ rows: number; md5: string }>(
      `select count(*)::int as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as md5 from "${table}" t`,
    );
    out[table] = { rows: rows[0].rows, md5: rows[0].md5 };
  }
  return out;
}

/** The tables whose rows differ between two snapshots, with their row counts. */
export function changedTables(before: TableSnapshot, after: TableSnapshot): string[] {
  return BUSINESS_TABLES.filter((t) => before[t].md5 !== after[t].md5).map((t) => `${t} (${before[t].rows} → ${after[t].rows} rows)`);
}
