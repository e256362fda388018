/**
 * WEB_CONCURRENCY: how many worker processes serve the shop (server/cluster.ts). Kept apart from
 * config.server.ts so that the cluster's primary process can read it without loading the shop.
 */
const MAX_WORKERS = 64;

/** The number of workers, or the problem with the value (a sentence for the configuration error). */
export function webConcurrency(value: string | undefined, options: { embedded: boolean; cores: number }): number | { problem: string } {
  const text = value?.trim() ?? "";
  if (text === "") return options.embedded ? 1 : Math.max(1, Math.min(options.cores, MAX_WORKERS));
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > MAX_WORKERS) {
    return { problem: `must be a whole number of worker processes from 1 to ${MAX_WORKERS}` };
  }
  const workers = Number(text);
  if (options.embedded && workers > 1) {
    return {
      problem:
        "must be 1 with the embedded database (only one process may open DATA_DIR): set DATABASE_URL to a PostgreSQL database to run several workers, or leave WEB_CONCURRENCY out",
    };
  }
  return workers;
}
