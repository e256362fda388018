import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { freePort } from "./free-port";

/**
 * The production build (server.mjs) as a process of its own on a free port of 127.0.0.1, for the
 * tests that start, stop and fault whole shops (tests/deploy). It needs `npm run build` first.
 */
const root = path.resolve(import.meta.dirname, "../..");

export interface ShopProcess {
  url: string;
  process: ChildProcess;
  /** What it has printed so far, in chunks. */
  log: string[];
  /** Whether it came up as asked (`until`); false when it exited first. */
  ready: boolean;
  /** How many times its log says `text`. */
  logged(text: string): number;
  /** SIGTERM (SIGKILL after 15 s); resolves to the exit code once it has exited. */
  stop(): Promise<number | null>;
}

/** Every shop started here and not yet stopped, for a spec's afterAll. */
const running = new Set<ChildProcess>();

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once("exit", () => resolve()));
}

/**
 * Starts the shop with `env` over quiet defaults (embedded database, one worker, no PUBLIC_URL,
 * STORAGE_URL or SMTP_URL, no main admin, log level warn), on `port` (else a free one), from the
 * built tree at `tree` (else this one). Resolves, by `until`:
 * - "ready" (the default): once `/readyz` answers 200;
 * - "serving": once `serving` processes have said "shop is serving" (its workers; log level info);
 * - "started": at once.
 * With "ready" or "serving" it resolves with `ready: false` if the shop exits first, and throws if
 * it is not up within `timeoutMs`.
 */
export async function startShopProcess(
  env: Record<string, string>,
  options: { until?: "ready" | "serving" | "started"; serving?: number; timeoutMs?: number; port?: number; tree?: string } = {},
): Promise<ShopProcess> {
  const until = options.until ?? "ready";
  const port = options.port ?? (await freePort());
  const log: string[] = [];
  const child = spawn(process.execPath, ["server.mjs"], {
    cwd: options.tree ?? root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      WEB_CONCURRENCY: "1",
      ADMIN_EMAIL: "",
      ADMIN_PASSWORD: "",
      LOG_LEVEL: until === "serving" ? "info" : "warn",
      PUBLIC_URL: "",
      STORAGE_URL: "",
      SMTP_URL: "",
      DATABASE_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  child.stdout.on("data", (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => log.push(chunk.toString()));
  const shop: ShopProcess = {
    url: `http://127.0.0.1:${port}`,
    process: child,
    log,
    ready: false,
    logged: (text) => log.join("").split(text).length - 1,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const killer = setTimeout(() => child.kill("SIGKILL"), 15_000);
        await exited(child);
        clearTimeout(killer);
      }
      return child.exitCode;
    },
  };
  if (until === "started") return shop;
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) return shop;
    const up =
      until === "serving"
        ? shop.logged('"shop is serving"') >= (options.serving ?? 1)
        : await fetch(`${shop.url}/readyz`).then(
            (r) => r.status === 200,
            () => false,
          );
    if (up) return { ...shop, ready: true };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await shop.stop();
  throw new Error(`the shop did not start within ${Math.round((options.timeoutMs ?? 120_000) / 1000)} s: ${log.join("")}`);
}

/** Stops every shop started here that still runs (a spec's afterAll, also after a failure). */
export async function stopEveryShop(): Promise<void> {
  await Promise.all(
    [...running].map(async (child) => {
      child.kill("SIGKILL");
      await exited(child);
    }),
  );
}
