import cluster, { type Worker } from "node:cluster";
import { randomUUID } from "node:crypto";
import os from "node:os";
import { webConcurrency } from "~/lib/web-concurrency";

/**
 * WEB_CONCURRENCY worker processes with node:cluster (docs/decisions/0025-workers.md). The primary
 * only forks, restarts and stops workers and relays page-cache barriers between them; each worker
 * runs the whole shop (`start()` in app.ts) and shares the listening port. This module is its own
 * build entry and loads nothing of the shop, so the primary stays small.
 */

/**
 * The exit code of a worker that found a problem of the configuration or the data folder: every
 * new worker would meet it too, so the primary stops the shop instead of starting another.
 */
export const CONFIGURATION_PROBLEM_EXIT = 78;

/**
 * The shop's exit code once a worker ended (`code`, null after a signal) while the shop stops: a
 * worker's failure is the shop's, and a configuration problem is 1 to whoever started the shop,
 * whichever worker reported it.
 */
export function exitCodeAfterWorker(current: number, code: number | null): number {
  if (!code) return current;
  return code === CONFIGURATION_PROBLEM_EXIT ? 1 : code;
}

/** Ends a process that found a problem of its configuration (already printed): 1, or in a worker the code that says so to the primary. */
export function exitWithConfigurationProblem(): never {
  process.exit(cluster.isWorker ? CONFIGURATION_PROBLEM_EXIT : 1);
}

/** Messages between the primary and its workers. */
type Message =
  | { shop: "listening" }
  /** A worker asks every worker to apply the catalogue changes committed so far. */
  | { shop: "barrier"; id: string }
  /** The primary asks a worker to run its own barrier … */
  | { shop: "run-barrier"; id: string }
  /** … the worker has … */
  | { shop: "barrier-ran"; id: string }
  /** … and every worker has: answer to the worker that asked. */
  | { shop: "barrier-done"; id: string };

const isMessage = (value: unknown): value is Message => typeof value === "object" && value !== null && "shop" in value;

/** How long a barrier may wait for every worker; a worker stuck longer is not waited for. */
const BARRIER_TIMEOUT_MS = 2000;
/**
 * A worker that stops (a crash, an outage at start) is replaced after a pause that doubles with
 * each replacement that did not last, from 1 s up to 30 s, and starts again at 1 s once a worker
 * has served for a minute. The primary never gives up, but for a configuration problem.
 */
const RESTART_PAUSE_MS = { first: 1000, most: 30_000 } as const;
/** A worker that served this long has shown the shop can run: the next replacement is quick again. */
const STEADY_MS = 60_000;
/** How long workers get to drain once asked to stop, before they are killed. */
const STOP_TIMEOUT_MS = 15_000;

/**
 * Serves the shop: in the process itself with one worker, else as the primary of `workers`
 * processes that run `script` (server.mjs), which calls this again and starts the shop there.
 */
export async function runShop(options: { script: string; start: () => Promise<unknown> }): Promise<void> {
  if (cluster.isWorker) {
    await options.start();
    send({ shop: "listening" });
    // The primary is gone (killed outright): nothing would restart or stop this worker, so stop now.
    process.once("disconnect", () => process.kill(process.pid, "SIGTERM"));
    return;
  }
  const workers = webConcurrency(process.env.WEB_CONCURRENCY, { embedded: !process.env.DATABASE_URL?.trim(), cores: os.availableParallelism() });
  // One worker, or a configuration problem that start() lists with all others.
  if (typeof workers !== "number" || workers === 1) {
    await options.start();
    return;
  }
  runPrimary(workers, options.script);
}

function send(message: Message) {
  process.send?.(message);
}

function say(level: "info" | "warn" | "error", msg: string, fields: Record<string, unknown> = {}) {
  const line = JSON.stringify({ level: { info: 30, warn: 40, error: 50 }[level], time: new Date().toISOString(), role: "primary", ...fields, msg });
  (level === "info" ? process.stdout : process.stderr).write(`${line}\n`);
}

function runPrimary(count: number, script: string) {
  cluster.setupPrimary({ exec: script });
  /** Workers by slot (0 … count-1), and whether each has started serving. */
  const slots = new Map<number, { worker: Worker; serving: boolean; startedAt: number }>();
  /** Replacements in a row that did not last, per slot. */
  const restarts = new Map<number, number>();
  const barriers = new Map<string, { from: Worker; waiting: Set<number>; timer: NodeJS.Timeout }>();
  let stopping = false;
  let exitCode = 0;

  const finishBarrier = (id: string) => {
    const barrier = barriers.get(id);
    if (!barrier) return;
    barriers.delete(id);
    clearTimeout(barrier.timer);
    if (barrier.from.isConnected()) barrier.from.send({ shop: "barrier-done", id } satisfies Message);
  };

  const fork = (slot: number) => {
    const worker = cluster.fork({ SHOP_WORKER: String(slot + 1) });
    const entry = { worker, serving: false, startedAt: Date.now() };
    slots.set(slot, entry);
    worker.on("message", (message: unknown) => {
      if (!isMessage(message)) return;
      if (message.shop === "listening") {
        entry.serving = true;
        entry.startedAt = Date.now();
      } else if (message.shop === "barrier") {
        // Every serving worker runs its own barrier (the asking one included); those still starting
        // will read the database afresh anyway.
        const waiting = new Set([...slots].filter(([, s]) => s.serving && s.worker.isConnected()).map(([n]) => n));
        waiting.add(slot);
        const timer = setTimeout(() => {
          say("warn", "a page-cache barrier timed out", { workers: [...(barriers.get(message.id)?.waiting ?? [])].map((n) => n + 1) });
          finishBarrier(message.id);
        }, BARRIER_TIMEOUT_MS);
        barriers.set(message.id, { from: worker, waiting, timer });
        for (const n of waiting) slots.get(n)?.worker.send({ shop: "run-barrier", id: message.id } satisfies Message);
      } else if (message.shop === "barrier-ran") {
        const barrier = barriers.get(message.id);
        barrier?.waiting.delete(slot);
        if (barrier && barrier.waiting.size === 0) finishBarrier(message.id);
      }
    });
    worker.on("exit", (code, signal) => {
      if (slots.get(slot)?.worker !== worker) return;
      slots.delete(slot);
      // Barriers do not wait for a worker that is gone.
      for (const [id, barrier] of barriers) {
        barrier.waiting.delete(slot);
        if (barrier.waiting.size === 0 || barrier.from === worker) finishBarrier(id);
      }
      if (stopping) {
        exitCode = exitCodeAfterWorker(exitCode, code);
        if (slots.size === 0) {
          say("info", "all workers stopped");
          process.exit(exitCode);
        }
        return;
      }
      if (code === CONFIGURATION_PROBLEM_EXIT) {
        // A problem every new worker would meet too (printed by the worker).
        say("error", "a worker found a configuration problem: stopping the shop", { worker: slot + 1 });
        exitCode = 1;
        stop("SIGTERM");
        if (slots.size === 0) process.exit(exitCode);
        return;
      }
      const lasted = entry.serving && Date.now() - entry.startedAt >= STEADY_MS;
      const inARow = lasted ? 0 : (restarts.get(slot) ?? 0);
      restarts.set(slot, inARow + 1);
      const pauseMs = Math.min(RESTART_PAUSE_MS.first * 2 ** inARow, RESTART_PAUSE_MS.most);
      say("warn", `a worker stopped${entry.serving ? "" : " while starting"}: starting another`, { worker: slot + 1, code, signal, pauseMs });
      setTimeout(() => !stopping && fork(slot), pauseMs);
    });
  };

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    say("info", "stopping the workers", { signal, workers: slots.size });
    for (const { worker } of slots.values()) worker.process.kill("SIGTERM");
    setTimeout(() => {
      for (const { worker } of slots.values()) worker.process.kill("SIGKILL");
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => stop(signal));

  say("info", "starting workers", { workers: count });
  for (let slot = 0; slot < count; slot++) fork(slot);
}

/**
 * The page-cache barrier of this process made to cover every worker: resolves once every worker
 * has applied the catalogue changes committed before it was called. Outside a cluster, `local`.
 */
export function barrierOfAllWorkers(local: () => Promise<void>): () => Promise<void> {
  if (!cluster.isWorker) return local;
  const answers = new Map<string, () => void>();
  process.on("message", (message: unknown) => {
    if (!isMessage(message)) return;
    if (message.shop === "run-barrier") {
      const id = message.id;
      void local().finally(() => send({ shop: "barrier-ran", id }));
    } else if (message.shop === "barrier-done") {
      answers.get(message.id)?.();
    }
  });
  return async () => {
    if (!process.connected) return local();
    const id = randomUUID();
    await new Promise<void>((resolve) => {
      answers.set(id, resolve);
      // The primary answers within its own timeout; this one only guards against a lost primary.
      setTimeout(resolve, BARRIER_TIMEOUT_MS + 500).unref();
      send({ shop: "barrier", id });
    });
    answers.delete(id);
  };
}

/** Which worker this process is (1, 2 …), or undefined outside a cluster. */
export function workerNumber(): number | undefined {
  return cluster.isWorker ? Number(process.env.SHOP_WORKER) || cluster.worker?.id : undefined;
}
