/** What the back office's live lists hear about. Shared by the server and the browser. */
const LIVE_TOPICS = ["orders", "submissions"] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

export interface LiveEvent {
  topic: LiveTopic;
  /** The order or submission that changed. */
  id: string;
}

export function parseLiveEvent(payload: string): LiveEvent | null {
  try {
    const value = JSON.parse(payload) as Partial<LiveEvent>;
    if (typeof value.id === "string" && LIVE_TOPICS.includes(value.topic as LiveTopic)) return { topic: value.topic as LiveTopic, id: value.id };
  } catch {
    // Not ours: ignore.
  }
  return null;
}
