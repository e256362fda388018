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
