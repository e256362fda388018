import zlib from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { compression, FIRST_ROUND_TRIP_BODY_BYTES } from "./compression";

/** Answers as React Router writes them: a stream of chunks, no length. */
function streamed(text: string, type: string): Response {
  const bytes = new TextEncoder().encode(text);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 100) controller.enqueue(bytes.slice(i, i + 100));
      controller.close();
    },
  });
  return new Response(body, { headers: { "Content-Type": type } });
}

const page = `<!DOCTYPE html><html><body>${"<p>Handcrafted leather wallet</p>".repeat(200)}</body></html>`;
const app = new Hono();
app.use(compression());
app.get("/", () => streamed(page, "text/html; charset=utf-8"));
app.get("/_root.data", () => streamed('[{"_1":2},"root",{"_3":4},"data",{"footerCategories":[]}]', "text/x-script"));
app.get("/subscribers.csv", () => streamed("email\n" + "ayesha@example.pk\n".repeat(200), "text/csv; charset=utf-8"));
app.get("/admin/events", () => streamed("event: ping\ndata: {}\n\n".repeat(100), "text/event-stream"));

/**
 * A page like the checkout drawn with its cart: varied markup (names, prices, classes) that the
 * quickest brotli leaves a little over a new connection's first round trip. Seeded, so the same.
 */
function checkoutLikePage(): string {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  const words = ["wallet", "belt", "brown", "tan", "black", "leather", "bag", "office", "shoe", "strap", "buckle", "stitched"];
  const word = () => words[next() % words.length];
  const rows: string[] = [];
  for (let i = 0; i < 540; i++)
    rows.push(
      `<li class="flex gap-${next() % 6} py-${next() % 9} text-${word()}-${next() % 900}" data-id="${next().toString(36)}"><a href="/product/${next().toString(36)}">${word()} ${word()} ${word()}</a><span>PKR ${(next() % 90000).toLocaleString("en")}.00</span></li>`,
    );
  return `<!DOCTYPE html><html><body><ul>${rows.join("")}</ul></body></html>`;
}
const nearlyFitting = checkoutLikePage();
app.get("/checkout", () => streamed(nearlyFitting, "text/html; charset=utf-8"));

describe("compression", () => {
  it("compresses harder a page the quickest compression leaves a little over a new connection's first round trip, so it comes in one", async () => {
    const quick = zlib.brotliCompressSync(nearlyFitting, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } });
    const quickGzip = zlib.gzipSync(nearlyFitting, { level: 1 });
    // The page is where it matters: over the first round trip at the quickest settings.
    expect(quick.length).toBeGreaterThan(FIRST_ROUND_TRIP_BODY_BYTES);
    expect(quickGzip.length).toBeGreaterThan(FIRST_ROUND_TRIP_BODY_BYTES);
    const br = await app.request("/checkout", { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(brBody.length).toBeLessThanOrEqual(FIRST_ROUND_TRIP_BODY_BYTES);
    expect(zlib.brotliDecompressSync(brBody).toString()).toBe(nearlyFitting);
    const gz = await app.request("/checkout", { headers: { "Accept-Encoding": "gzip" } });
    const gzBody = Buffer.from(await gz.arrayBuffer());
    expect(gzBody.length).toBeLessThan(quickGzip.length);
    expect(zlib.gunzipSync(gzBody).toString()).toBe(nearlyFitting);
  });

  it("sends a page whole: brotli when taken, else gzip, else as it is, always with its length", async () => {
    const br = await app.request("/", { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get("content-length"))).toBe(brBody.length);
    expect(zlib.brotliDecompressSync(brBody).toString()).toBe(page);
    expect(br.headers.get("vary")).toContain("Accept-Encoding");

    const gz = await app.request("/", { headers: { "Accept-Encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(page);

    const plain = await app.request("/", { headers: { "Accept-Encoding": "br;q=0, identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(page);
    expect(plain.headers.get("content-length")).toBe(String(Buffer.byteLength(page)));
  });

  it("sends a reply under 1 KB as it is, with its length, though it was streamed", async () => {
    const response = await app.request("/_root.data", { headers: { "Accept-Encoding": "br, gzip" } });
    expect(response.headers.get("content-encoding")).toBeNull();
    const text = await response.text();
    expect(text).toContain("footerCategories");
    expect(response.headers.get("content-length")).toBe(String(Buffer.byteLength(text)));
  });

  it("still compresses other answers of unknown length as they stream, and never an event stream", async () => {
    const csv = await app.request("/subscribers.csv", { headers: { "Accept-Encoding": "gzip" } });
    expect(csv.headers.get("content-encoding")).toBe("gzip");
    expect(zlib.gunzipSync(Buffer.from(await csv.arrayBuffer())).toString()).toMatch(/^email\n/);
    const events = await app.request("/admin/events", { headers: { "Accept-Encoding": "gzip, br" } });
    expect(events.headers.get("content-encoding")).toBeNull();
    expect(await events.text()).toMatch(/^event: ping/);
  });
});
