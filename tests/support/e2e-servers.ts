import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FullConfig } from "@playwright/test";
import { freePort } from "./free-port";

/*
 * The browser tests' servers (scripts/e2e-server.mjs: the production build on a throw-away data
 * folder), started together by Playwright's global setup. A first start creates the database and
 * loads the demo catalogue (about 10 s); the setup does that once, and each server starts from a
 * copy of that folder (prepareDataFolder below).
 */
export const PORT = Number(process.env.E2E_PORT ?? 3210);
/*
 * Back-office specs add, edit and delete products, categories and accounts. They run against a
 * second server with its own data folder, so the storefront specs always see the untouched demo
 * catalogue whatever order the files run in.
 */
export const ADMIN_PORT = PORT + 1;
/*
 * The proxy spec talks to a third server configured as behind one HTTPS reverse proxy
 * (PUBLIC_URL=https://…, TRUST_PROXY=1), playing the proxy's part itself with forwarded headers.
 */
export const PROXY_PORT = PORT + 2;
export const PROXIED_PUBLIC_URL = "https://shop.example.pk";
/*
 * The import spec talks to a fourth server whose data folder was filled by `npm run import` from the
 * committed export of the original shop before its first start (tests/fixtures/original-export.json).
 */
export const IMPORT_PORT = PORT + 3;

const SERVERS: { port: number; env?: Record<string, string> }[] = [
  { port: PORT },
  // A scheduled backup a few seconds after start, for the Backups screen (admin-backups.spec.ts). Every
  // back-office spec's orders come from the one test address: a busy day's worth (admin-orders-phone.spec.ts).
  { port: ADMIN_PORT, env: { BACKUP_EVERY: "1d", ORDER_LIMITS: "200/10m address, 400/24h address items" } },
  {
    port: PROXY_PORT,
    // Low checkout limits, so that the walk of every limit (limits-behind-a-proxy.spec.ts) takes little stock.
    env: { PUBLIC_URL: PROXIED_PUBLIC_URL, TRUST_PROXY: "1", ORDER_LIMITS: "3/10m address, 2/10m contact, 6/24h address items, 4/24h phone items" },
  },
  { port: IMPORT_PORT, env: { E2E_IMPORT: "tests/fixtures/original-export.json" } },
];

const READY_WITHIN_MS = 120_000;
const STOPPED_WITHIN_MS = 10_000;

async function answers(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://localhost:${port}/readyz`, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

function start(port: number, env: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, [path.join("scripts", "e2e-server.mjs")], {
    cwd: path.resolve(import.meta.dirname, "..", ".."),
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ["ignore", "ignore", "pipe"],
    // Its own process group, so that stopping it stops the first start's child process too.
    detached: true,
  });
  child.stderr.on("data", (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n").filter(Boolean)) process.stderr.write(`[WebServer ${port}] ${line}\n`);
  });
  return child;
}

async function whenReady(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_WITHIN_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The test server on port ${port} stopped before it was ready (${child.signalCode ?? `exit code ${child.exitCode}`}); see its output above.`,
      );
    }
    if (await answers(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The test server on port ${port} was not ready within ${READY_WITHIN_MS / 1000} s.`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const group = -child.pid!;
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(group, name);
    } catch {
      // Already gone.
    }
  };
  signal("SIGTERM");
  const timer = setTimeout(() => signal("SIGKILL"), STOPPED_WITHIN_MS);
  await exited;
  clearTimeout(timer);
}

/**
 * One more test server of a spec's own, configured by `env` (e.g. TRUST_PROXY without PUBLIC_URL,
 * which none of the shared servers is), on a free port; its mail is read with mailTo like theirs.
 * It starts from a copy of the prepared data folder (a few seconds), unless it is an import.
 * stop() stops it and its data folder goes with it.
 */
export async function startOwnServer(env: Record<string, string>): Promise<{ port: number; baseURL: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = start(port, env);
  try {
    await whenReady(port, child);
  } catch (error) {
    await stop(child);
    throw error;
  }
  return { port, baseURL: `http://localhost:${port}`, stop: () => stop(child) };
}

/**
 * Playwright's global setup: starts the servers the run's projects talk to (their `baseURL`s) at once,
 * waits until all answer, and stops them all after the run.
 */
export default async function startServers(config: FullConfig): Promise<() => Promise<void>> {
  const ports = new Set(config.projects.map(({ use }) => Number(new URL(use.baseURL!).port)));
  const unknown = [...ports].filter((port) => !SERVERS.some((server) => server.port === port));
  if (unknown.length) throw new Error(`No test server is defined for port ${unknown.join(", ")} (tests/support/e2e-servers.ts).`);
  const servers = SERVERS.filter(({ port }) => ports.has(port));
  const taken = (await Promise.all(servers.map(({ port }) => answers(port)))).flatMap((up, i) => (up ? [servers[i].port] : []));
  if (taken.length) throw new Error(`Something already answers on port ${taken.join(", ")}: stop it, or set E2E_PORT to another first port.`);
  // An import makes its own first start; it goes on while the others' data folder is prepared.
  const children = new Map(servers.filter(({ env }) => env?.E2E_IMPORT).map(({ port, env }) => [port, start(port, env)]));
  const prepared = fs.mkdtempSync(path.join(os.tmpdir(), "shop-e2e-prepared-"));
  const stopAll = async () => {
    await Promise.all([...children.values()].map(stop));
    fs.rmSync(prepared, { recursive: true, force: true });
  };
  try {
    await prepareDataFolder(prepared);
    // Every server started from now on (the specs' own too: workers inherit it) starts from a copy.
    process.env.E2E_PREPARED = prepared;
    for (const { port, env } of servers) if (!children.has(port)) children.set(port, start(port, env));
    await Promise.all(servers.map(({ port }) => whenReady(port, children.get(port)!)));
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}

/**
 * A first start's data folder (the database, the demo catalogue, the main admin), made once: each
 * test server starts from a copy of it instead of spending about 10 s making its own
 * (scripts/e2e-server.mjs). The first start itself is tested in server/first-start.integration.test.ts
 * and tests/deploy/dev-server.spec.ts.
 */
async function prepareDataFolder(dir: string): Promise<void> {
  const child = spawn(process.execPath, [path.join("scripts", "e2e-server.mjs")], {
    cwd: path.resolve(import.meta.dirname, "..", ".."),
    env: { ...process.env, E2E_PREPARE_INTO: dir },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const [status, signal] = (await once(child, "exit")) as [number | null, NodeJS.Signals | null];
  if (status !== 0) throw new Error(`Preparing the test servers' data folder failed (${signal ?? `exit code ${status}`}); see its output above.`);
}
