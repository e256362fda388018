import { promisify } from "node:util";
import zlib from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { FIRST_ROUND_TRIP_BYTES, WORTH_FITTING } from "~/lib/first-round-trip";
import { acceptsEncoding } from "~/modules/cache/page-cache.server";

/**
 * Compression of answers (docs/decisions/0009, 0025). Pages and React Router's data answers are
 * rendered whole before they are sent (entry.server.tsx waits for all data), so they are read whole
 * and compressed in one go (brotli when the browser takes it, else gzip) and sent with their length:
 * no compressor stream in the way, one write to the socket. Under 1 KB they go as they are (a
 * 140-byte `.data` reply gains nothing from gzip). Other answers of unknown length (a CSV) are
 * compressed as they stream; event streams are never compressed, so events are not held back.
 */
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/**
 * Pages rendered for one request (a search, a signed-in visitor, the back office) are compressed
 * with the fastest settings: on a 100 KB search page brotli quality 1 takes 0.25 ms and gives
 * 15.9 KB, quality 3 took 1.0 ms for 14.4 KB, a tenth of the whole request's CPU. Pages kept for
 * everyone are compressed once, harder (page-cache.server.ts).
 */
const BROTLI_QUALITY = 1;
const GZIP_LEVEL = 1;
/**
 * What a new connection's first round trip carries of a page's body (lib/first-round-trip.ts, less
 * about 800 bytes of headers). A page that the quickest compression leaves a little over this (as
 * the checkout drawn with its cart, 14.8 KB) is compressed again harder, which on a 50 KB page
 * takes about 1 ms more and saves a fifth. Pages far over it (a search's 100 KB) stay quick: no
 * quality brings them within.
 */
export const FIRST_ROUND_TRIP_BODY_BYTES = FIRST_ROUND_TRIP_BYTES - 800;
const BROTLI_FIT_QUALITY = 5;
const GZIP_FIT_LEVEL = 6;
/**
 * Bodies up to this size are compressed on the spot (a 50 KB page takes about 0.3 ms): handing
 * them to libuv's threads costs more CPU than it saves when every core runs a worker anyway.
 */
const INLINE_MAX_BYTES = 512 * 1024;

/** Below this many bytes an answer is sent uncompressed. */
const COMPRESS_MIN_BYTES = 1024;
const WHOLE = /^(text\/html|text\/x-script)\b/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/** Over the first round trip, but by little enough that harder compression may bring it within. */
const nearlyFits = (compressed: Buffer) =>
  compressed.length > FIRST_ROUND_TRIP_BODY_BYTES && compressed.length <= FIRST_ROUND_TRIP_BODY_BYTES * WORTH_FITTING;
const smaller = (a: Buffer, b: Buffer) => (b.length < a.length ? b : a);

export function compression(): MiddlewareHandler {
  const streaming = compress({ threshold: COMPRESS_MIN_BYTES });
  return async (c, next) => {
    if (c.req.path === "/admin/events") return next();
    await next();
    const res = c.res;
    const type = res.headers.get("Content-Type") ?? "";
    if (!WHOLE.test(type) || res.headers.has("Content-Length")) return streaming(c, async () => {});
    if (!res.body || c.req.method === "HEAD" || res.headers.has("Content-Encoding") || NO_TRANSFORM.test(res.headers.get("Cache-Control") ?? ""))
      return;
    const body = Buffer.from(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    headers.set("Vary", headers.has("Vary") ? `${headers.get("Vary")}, Accept-Encoding` : "Accept-Encoding");
    let sent: Buffer = body;
    if (body.length >= COMPRESS_MIN_BYTES) {
      const accepted = c.req.header("Accept-Encoding");
      const inline = body.length <= INLINE_MAX_BYTES;
      if (acceptsEncoding(accepted, "br")) {
        const options = (quality: number) => ({
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        });
        sent = inline ? zlib.brotliCompressSync(body, options(BROTLI_QUALITY)) : await brotli(body, options(BROTLI_QUALITY));
        if (nearlyFits(sent)) sent = smaller(sent, zlib.brotliCompressSync(body, options(BROTLI_FIT_QUALITY)));
        headers.set("Content-Encoding", "br");
      } else if (acceptsEncoding(accepted, "gzip")) {
        sent = inline ? zlib.gzipSync(body, { level: GZIP_LEVEL }) : await gzip(body, { level: GZIP_LEVEL });
        if (nearlyFits(sent)) sent = smaller(sent, zlib.gzipSync(body, { level: GZIP_FIT_LEVEL }));
        headers.set("Content-Encoding", "gzip");
      }
      const etag = headers.get("ETag");
      if (etag && headers.has("Content-Encoding") && !etag.startsWith("W/")) headers.set("ETag", `W/${etag}`);
    }
    headers.set("Content-Length", String(sent.length));
    c.res = new Response(sent as Uint8Array<ArrayBuffer>, { status: res.status, statusText: res.statusText, headers });
  };
}
