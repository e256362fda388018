import { logger } from "./logger.server";

/**
 * Runs `work` now and then every `everyMs`, one round at a time (a round still running when the
 * next is due is not started twice). A round that fails is logged at warn as `failed` and the next
 * round tries again. `stop()` ends the rounds and waits for the one running.
 */
export function runEvery(everyMs: number, work: () => Promise<void>, failed: string): { stop: () => Promise<void> } {
  let running: Promise<void> | undefined;
  const round = () => {
    running ??= work()
      .catch((error: unknown) => logger.warn({ err: error instanceof Error ? error.message : String(error) }, failed))
      .finally(() => (running = undefined));
  };
  const timer = setInterval(round, everyMs);
  timer.unref();
  round();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
