import type { Route } from "./+types/events";
import { requireAdmin } from "~/modules/accounts/session.server";

const HEARTBEAT_MS = 20_000;

/**
 * GET /admin/events: a server-sent event stream of changes to orders and contact submissions, for
 * staff only. Each event is `event: change` with `{topic, id}`; the page then reloads its data.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context.auth);
  const hub = context.live;
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      send("retry: 3000\n: connected\n\n");
      const unsubscribe = hub.subscribe((event) => send(`event: change\ndata: ${JSON.stringify(event)}\n\n`));
      const heartbeat = setInterval(() => send(": heartbeat\n\n"), HEARTBEAT_MS);
      cleanup = () => {
        clearInterval(heartbeat);
        unsubscribe();
        try {
          controller.close();
        } catch {
          // Already closed.
        }
      };
      request.signal.addEventListener("abort", () => cleanup(), { once: true });
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
