import type { ShopMiddleware } from "./shop-env";

/**
 * Counts the requests being answered, so that shutting down waits for them before closing the
 * database (a client that hangs up does not stop the work its request started): `drained()`
 * resolves once none is left.
 */
export function requestsInFlight(): { count: ShopMiddleware; drained: () => Promise<void> } {
  let inFlight = 0;
  const waiting: (() => void)[] = [];
  return {
    count: async (_c, next) => {
      inFlight++;
      try {
        await next();
      } finally {
        if (--inFlight === 0) for (const resolve of waiting.splice(0)) resolve();
      }
    },
    drained: () => new Promise<void>((resolve) => (inFlight === 0 ? resolve() : waiting.push(resolve))),
  };
}
