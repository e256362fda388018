import { afterAll, beforeAll } from "vitest";
import type { LiveEvent } from "~/modules/live/live-events";
import { getLiveHub, setLiveHub, startLiveHub, type LiveHub } from "~/modules/live/live-events.server";
import type { TestDatabase } from "./test-db";

/**
 * Starts the app's live-update listener on a test file's database, as the server does at boot, and
 * records every change notice it hears. Returns the list (clear it with `heard.length = 0`) and the hub.
 */
export function useLiveEvents(testDb: () => TestDatabase): { heard: LiveEvent[]; hub: () => LiveHub } {
  const heard: LiveEvent[] = [];
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const live = await startLiveHub(testDb());
    stop = live.stop;
    live.hub.subscribe((e) => heard.push(e));
    setLiveHub(live.hub);
  });
  afterAll(async () => {
    setLiveHub(undefined);
    await stop?.();
  });
  return { heard, hub: getLiveHub };
}
