/**
 * A request body sent as a stream, as a browser or proxy may send it without a Content-Length:
 * `head`, then `size` bytes of filler in 1 MB chunks, then `tail`. `pulled()` says how many bytes
 * the server asked for, so a test can tell that it stopped reading early.
 */
export function streamedBody(size: number, options: { head?: Uint8Array; tail?: Uint8Array } = {}) {
  const CHUNK = 1024 * 1024;
  let sent = 0;
  let pulled = 0;
  let headSent = false;
  let tailSent = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      let chunk: Uint8Array;
      if (!headSent && options.head) chunk = options.head;
      else if (sent < size) {
        chunk = new Uint8Array(Math.min(CHUNK, size - sent)).fill(7);
        sent += chunk.byteLength;
      } else if (!tailSent && options.tail) {
        tailSent = true;
        chunk = options.tail;
      } else {
        controller.close();
        return;
      }
      headSent = true;
      pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => pulled };
}
