import { logger } from "./logger.server";

/**
 * A download written as it is read (docs/decisions/0047): `pieces` is asked for its next piece
 * only once the previous one has been taken by the connection, at the client's pace, so the
 * server holds about one piece at a time however long the file.
 *
 * - The first piece is read before answering: a failure then (the database down) is thrown, and
 *   the client gets the shop's error answer instead of a file.
 * - A failure after the answer has begun aborts it: the connection is cut before the body's end,
 *   so the client's download fails instead of ending as a shorter file that looks complete. The
 *   failure is logged, never left as an unhandled rejection.
 * - A client that hangs up stops the reading (`pieces` is closed: its `finally` blocks run).
 */
export async function streamedDownload(pieces: AsyncIterable<string>, init: { headers: Record<string, string>; what: string }): Promise<Response> {
  const iterator = pieces[Symbol.asyncIterator]();
  let first: IteratorResult<string> | undefined = await iterator.next();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = first ?? (await iterator.next());
          first = undefined;
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(next.value));
        } catch (error) {
          logger.error({ err: error, what: init.what }, "a download failed after it began: the answer is cut short");
          controller.error(error);
        }
      },
      async cancel() {
        await iterator.return?.();
      },
    },
    // Nothing read ahead: a piece is read when the connection asks for one.
    { highWaterMark: 0 },
  );
  return new Response(body, { status: 200, headers: init.headers });
}
