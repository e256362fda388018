import path from "node:path";
import { Readable } from "node:stream";
import type { Handler } from "hono";
import { rangeAsked } from "~/modules/media/byte-range";
import type { FileStorage } from "~/modules/media/storage.server";
import type { ShopEnv } from "./shop-env";

const MEDIA_TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
};

/** Stored images and videos (`/media/*`): keys are unique per upload, so they never change. */
export function serveMedia(storage: FileStorage): Handler<ShopEnv> {
  return async (c) => {
    const key = decodeURIComponent(c.req.path.slice("/media/".length));
    const type = MEDIA_TYPES[path.extname(key).toLowerCase()];
    if (!type) return c.notFound();
    const headers = { "Content-Type": type, "Cache-Control": "public, max-age=31536000, immutable", "Accept-Ranges": "bytes" };
    // A video player asks for the part it is about to play (byte-range.ts); an If-Range names a
    // version these answers never give, so it gets the whole file.
    const asked = c.req.header("If-Range") ? undefined : rangeAsked(c.req.header("Range"));
    if (asked) {
      const ranged = await storage.openRange(key, asked);
      if (!ranged) return c.notFound();
      // A range past the end is refused for that request alone: the refusal is never stored.
      if (!ranged.stream) return c.body(null, 416, { ...headers, "Cache-Control": "no-store", "Content-Range": `bytes */${ranged.size}` });
      const { start, end } = ranged.part;
      if (c.req.method === "HEAD") ranged.stream.destroy();
      return new Response(Readable.toWeb(ranged.stream) as ReadableStream, {
        status: 206,
        headers: { ...headers, "Content-Length": String(end - start + 1), "Content-Range": `bytes ${start}-${end}/${ranged.size}` },
      });
    }
    const file = await storage.open(key);
    if (!file) return c.notFound();
    // An answer to HEAD is sent without its body: unread, the file would hold its descriptor (or
    // its bucket connection) open.
    if (c.req.method === "HEAD") file.stream.destroy();
    return new Response(Readable.toWeb(file.stream) as ReadableStream, { headers: { ...headers, "Content-Length": String(file.size) } });
  };
}
