import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { parseLiveEvent, type LiveTopic } from "~/modules/live/live-events";

/**
 * Keeps a back-office page current: listens to /admin/events and reloads the page's data when
 * something of `topic` changes anywhere (another tab, another staff member, another instance).
 * Returns whether the live connection is up, for a small "Live" indicator.
 */
export function useLiveUpdates(topic: LiveTopic): boolean {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    const source = new EventSource("/admin/events");
    let timer: ReturnType<typeof setTimeout> | undefined;
    source.addEventListener("open", () => setConnected(true));
    source.addEventListener("error", () => setConnected(false));
    source.addEventListener("change", (message) => {
      const event = parseLiveEvent((message as MessageEvent<string>).data);
      if (event?.topic !== topic) return;
      // Several changes in a burst cause one reload.
      clearTimeout(timer);
      timer = setTimeout(() => void revalidate.current(), 250);
    });
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [topic]);

  return connected;
}
