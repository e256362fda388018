/** At most this much of a refused body is read and thrown away; past it the connection is closed. */
const DISCARD_MAX_BYTES = 64 * 1024 * 1024;
/** And for at most this long. */
const DISCARD_MAX_MS = 15_000;

/**
 * Reads and throws away the rest of a request body the shop refuses, so that the client, which is
 * still sending it, receives the refusal instead of a reset connection. Resolves when the body has
 * ended or failed, or either bound is reached.
 */
export async function discardBody(body: ReadableStream<Uint8Array> | null, maxBytes = DISCARD_MAX_BYTES, maxMs = DISCARD_MAX_MS): Promise<void> {
  if (!body || body.locked) return;
  const reader = body.getReader();
  const timer = setTimeout(() => void reader.cancel().catch(() => undefined), maxMs);
  try {
    for (let read = 0; read <= maxBytes;) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away, or the bound was reached: nothing more to read.
  } finally {
    clearTimeout(timer);
  }
}
