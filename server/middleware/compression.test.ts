import zlib from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { compression } from "./compression";

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

describe("compression", () => {
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
