import { afterAll, beforeAll } from "vitest";
import type { LiveEvent } from "~/modules/live/live-events";
import { startLiveHub, type LiveHub } from "~/modules/live/live-events.server";
import type { TestDatabase } from "./test-db";

/**
 * Starts the app's live-update listener on a test file's database, as the server does at boot, and
 * records every change notice it hears. Returns the list (clear it with `heard.length = 0`) and the hub.
 */
export function useLiveEvents(testDb: () => TestDatabase): { heard: LiveEvent[]; hub: () => LiveHub } {
  const heard: LiveEvent[] = [];
  let stop: (() => Promise<void>) | undefined;
  let hub: LiveHub | undefined;
  beforeAll(async () => {
    const live = await startLiveHub(testDb());
    stop = live.stop;
    live.hub.subscribe((e) => heard.push(e));
    hub = live.hub;
  });
  afterAll(async () => {
    await stop?.();
  });
  return {
    heard,
    hub: () => {
      if (!hub) throw new Error("Live updates are not started yet (use the hub inside a test or hook)");
      return hub;
    },
  };
}
