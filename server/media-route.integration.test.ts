import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/config.server";
import { S3Storage } from "~/modules/media/s3-storage.server";
import { LocalDiskStorage, type FileStorage } from "~/modules/media/storage.server";
import { createApp } from "./app";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-db";
import { testContext } from "../tests/support/test-context";
import { startTestS3, TEST_S3_CREDENTIALS, type TestS3 } from "../tests/support/test-s3";

/** `/media/*` answers the same from a local folder and from a bucket: same URLs, same headers. */

let s3: TestS3;
let database: TestDatabase;
let tmp: string;

beforeAll(async () => {
  s3 = await startTestS3();
  database = await createTestDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "shop-media-route-"));
});
afterAll(async () => {
  await s3?.stop();
  await database?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const backends: Record<string, () => Promise<FileStorage>> = {
  LocalDiskStorage: async () => new LocalDiskStorage(path.join(tmp, "uploads")),
  S3Storage: async () => new S3Storage(await s3.createBucket("shop-media", "uploads/"), { credentials: TEST_S3_CREDENTIALS }),
};

describe.each(Object.keys(backends))("GET /media/* from %s", (backend) => {
  let storage: FileStorage;
  let server: ServerType;
  let base: string;
  const photo = randomBytes(1_000_000);

  beforeAll(async () => {
    storage = await backends[backend]();
    // Pages are not asked for here: accounts are left out of the context.
    const { auth, mailer, live } = testContext(database);
    const app = createApp({ database, storage, auth, mailer, live, env: parseEnv({ NODE_ENV: "test", DATA_DIR: tmp }), clientDir: tmp });
    server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await storage.put("products/1718000000000-abcDEF12-960.webp", photo);
    await storage.put("products/1718000000000-vid00001.webm", Buffer.from("webm bytes"));
    await storage.put("products/1718000000000-vid00002.mp4", Buffer.from("mp4 bytes"));
    await storage.put("products/notes.bin", Buffer.from("not media"));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    if (storage instanceof S3Storage) storage.destroy();
  });

  it("streams a stored image with its type, length and the long cache policy", async () => {
    const response = await fetch(`${base}/media/products/1718000000000-abcDEF12-960.webp`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("content-length")).toBe("1000000");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await response.arrayBuffer()).equals(photo)).toBe(true);
  });

  it("serves videos with their own types", async () => {
    const webm = await fetch(`${base}/media/products/1718000000000-vid00001.webm`);
    expect(webm.headers.get("content-type")).toBe("video/webm");
    expect(await webm.text()).toBe("webm bytes");
    const mp4 = await fetch(`${base}/media/products/1718000000000-vid00002.mp4`);
    expect(mp4.headers.get("content-type")).toBe("video/mp4");
    expect(mp4.headers.get("content-length")).toBe("9");
    expect(await mp4.text()).toBe("mp4 bytes");
  });

  it("answers 404 for a missing file, a file that is not media, and a key that climbs out", async () => {
    for (const url of [
      "/media/products/1718000000000-missing0-320.webp",
      "/media/products/notes.bin",
      "/media/..%2F..%2Fsecret.webp",
      "/media/%2Fetc%2Fpasswd.webp",
    ]) {
      const response = await fetch(`${base}${url}`);
      expect(response.status, url).toBe(404);
      expect(response.headers.get("cache-control") ?? "", url).not.toContain("immutable");
      await response.arrayBuffer();
    }
  });

  it("sends the part of a file a range asks for, as a phone's video player asks (Safari plays no video without it)", async () => {
    const url = `${base}/media/products/1718000000000-abcDEF12-960.webp`;
    const whole = await fetch(url);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    await whole.arrayBuffer();
    for (const [range, start, end] of [
      ["bytes=0-1", 0, 1],
      ["bytes=100-199", 100, 199],
      ["bytes=999990-", 999990, 999999],
      ["bytes=-10", 999990, 999999],
      ["bytes=999000-2000000", 999000, 999999],
    ] as const) {
      const part = await fetch(url, { headers: { Range: range } });
      expect(part.status, range).toBe(206);
      expect(part.headers.get("content-range"), range).toBe(`bytes ${start}-${end}/1000000`);
      expect(part.headers.get("content-length"), range).toBe(String(end - start + 1));
      expect(part.headers.get("content-type"), range).toBe("image/webp");
      expect(Buffer.from(await part.arrayBuffer()).equals(photo.subarray(start, end + 1)), range).toBe(true);
    }
    const video = await fetch(`${base}/media/products/1718000000000-vid00002.mp4`, { headers: { Range: "bytes=0-" } });
    expect(video.status).toBe(206);
    expect(video.headers.get("content-range")).toBe("bytes 0-8/9");
    expect(await video.text()).toBe("mp4 bytes");
  });

  it("answers 416 for a range past the end, and the whole file for a range it does not take", async () => {
    const url = `${base}/media/products/1718000000000-abcDEF12-960.webp`;
    const past = await fetch(url, { headers: { Range: "bytes=1000000-" } });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe("bytes */1000000");
    // The refusal is about that one request: no cache may keep it for the file's address.
    expect(past.headers.get("cache-control")).toBe("no-store");
    await past.arrayBuffer();
    // Malformed, several ranges at once, or another unit: the whole file, as if none were asked.
    for (const range of ["bytes=abc", "bytes=0-1,5-6", "items=0-1", "bytes=5-2", "bytes=-0"]) {
      const response = await fetch(url, { headers: { Range: range } });
      expect(response.status, range).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(photo), range).toBe(true);
    }
    const missing = await fetch(`${base}/media/products/1718000000000-missing0-320.webp`, { headers: { Range: "bytes=0-1" } });
    expect(missing.status).toBe(404);
    await missing.arrayBuffer();
  });

  it("answers HEAD without the body, and gives back what it opened each time", async () => {
    // More HEADs than the S3 client has connections: an unread file would keep one each.
    for (let i = 0; i < 300; i++) {
      const head = await fetch(`${base}/media/products/1718000000000-abcDEF12-960.webp`, { method: "HEAD", signal: AbortSignal.timeout(5000) });
      expect(head.status).toBe(200);
      expect(head.headers.get("content-length")).toBe("1000000");
      expect(await head.text()).toBe("");
    }
    const response = await fetch(`${base}/media/products/1718000000000-abcDEF12-960.webp`, { signal: AbortSignal.timeout(5000) });
    expect(Buffer.from(await response.arrayBuffer()).equals(photo)).toBe(true);
  });
});
