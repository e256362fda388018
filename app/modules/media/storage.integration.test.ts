import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { buffer } from "node:stream/consumers";
import { HeadObjectCommand, ListObjectsV2Command, PutObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestS3, TEST_S3_CREDENTIALS, type TestS3 } from "../../../tests/support/test-s3";
import { S3Storage } from "./s3-storage.server";
import { LocalDiskStorage, type FileStorage } from "./storage.server";

/**
 * The same contract for every storage: the shop's media code must not be able to tell a local
 * folder from a bucket.
 */

let s3: TestS3;
let tmp: string;

beforeAll(async () => {
  s3 = await startTestS3();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "shop-storage-contract-"));
});
afterAll(async () => {
  await s3?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const backends: Record<string, (name: string) => Promise<FileStorage>> = {
  LocalDiskStorage: async (name) => new LocalDiskStorage(path.join(tmp, name)),
  S3Storage: async (name) => new S3Storage(await s3.createBucket(name, "shop/media/"), { credentials: TEST_S3_CREDENTIALS }),
};

const read = async (storage: FileStorage, key: string) => {
  const file = await storage.open(key);
  return file && { size: file.size, bytes: await buffer(file.stream) };
};

describe.each(Object.keys(backends))("%s", (backend) => {
  let storage: FileStorage;
  beforeAll(async () => {
    storage = await backends[backend](`contract-${backend.toLowerCase()}`);
  });
  afterAll(() => {
    if (storage instanceof S3Storage) storage.destroy();
  });

  it("streams back what was put, with its size, and replaces it when put again", async () => {
    const bytes = randomBytes(200_000);
    await storage.put("products/1718000000000-abcDEF12-960.webp", bytes);
    const file = await read(storage, "products/1718000000000-abcDEF12-960.webp");
    expect(file?.size).toBe(200_000);
    expect(file?.bytes.equals(bytes)).toBe(true);

    await storage.put("products/1718000000000-abcDEF12-960.webp", Buffer.from("second"));
    expect(await read(storage, "products/1718000000000-abcDEF12-960.webp")).toEqual({ size: 6, bytes: Buffer.from("second") });
  });

  it("gives null for a missing key and for a folder", async () => {
    await storage.put("shelf/one.webp", Buffer.from("x"));
    expect(await storage.open("shelf/missing.webp")).toBeNull();
    expect(await storage.open("nowhere/missing.mp4")).toBeNull();
    expect(await storage.open("shelf")).toBeNull();
  });

  const unsafe = ["../secret.txt", "/etc/passwd", "a/../../secret.txt", "..", "", ".hidden", "a//b", "a\\..\\b", "a/./b", "products/%2e%2e/x"];

  it.each(unsafe)("refuses the unsafe key %j", async (key) => {
    expect(await storage.open(key)).toBeNull();
    await expect(storage.put(key, Buffer.from("overwritten"))).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.delete(key)).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.list(key)).rejects.toThrow(/Unsafe storage key/);
  });

  it("deletes a file, and deleting a missing one is no error", async () => {
    await storage.put("tmp/gone.webm", Buffer.from("video"));
    await storage.delete("tmp/gone.webm");
    expect(await storage.open("tmp/gone.webm")).toBeNull();
    await expect(storage.delete("tmp/gone.webm")).resolves.toBeUndefined();
    await expect(storage.delete("never/there.mp4")).resolves.toBeUndefined();
  });

  it("lists only the files directly in a folder, and nothing for a missing one", async () => {
    for (const key of ["lists/a.webp", "lists/b.mp4", "lists/deeper/c.webp", "lists-too/d.webp", "lists.webp"]) {
      await storage.put(key, Buffer.from(key));
    }
    expect((await storage.list("lists")).sort()).toEqual(["lists/a.webp", "lists/b.mp4"]);
    expect(await storage.list("lists/deeper")).toEqual(["lists/deeper/c.webp"]);
    expect(await storage.list("missing")).toEqual([]);
  });

  it("lists a folder of more than 1,000 files", async () => {
    const keys = Array.from({ length: 1003 }, (_, i) => `many/${1718000000000 + i}-file-320.webp`);
    for (let i = 0; i < keys.length; i += 50) {
      await Promise.all(keys.slice(i, i + 50).map((key) => storage.put(key, Buffer.from("w"))));
    }
    expect((await storage.list("many")).sort()).toEqual(keys);
  });

  it("lists every file in every folder, sorted, page after page", async () => {
    // Pages of two keys, so that a bucket's listing takes several.
    const all =
      backend === "S3Storage"
        ? new S3Storage(await s3.createBucket("contract-all", "shop/"), { credentials: TEST_S3_CREDENTIALS, pageSize: 2 })
        : new LocalDiskStorage(path.join(tmp, "contract-all"));
    try {
      expect(await all.listAll()).toEqual([]);
      const keys = ["products/b.webp", "products/a.mp4", "category_images/x-320.webp", "order_images/deep/y-640.webp", "top.webp"];
      for (const key of keys) await all.put(key, Buffer.from(key));
      expect(await all.listAll()).toEqual([...keys].sort());
    } finally {
      if (all instanceof S3Storage) all.destroy();
    }
  });

  it("can be opened and left unread many times over (a check that a file exists)", async () => {
    await storage.put("checks/exists.mp4", Buffer.from("mp4 bytes"));
    // More times than the S3 client has connections: each abandoned stream must give its back.
    for (let i = 0; i < 300; i++) {
      const file = await storage.open("checks/exists.mp4");
      expect(file?.size).toBe(9);
      file!.stream.destroy();
    }
    expect((await read(storage, "checks/exists.mp4"))?.bytes.toString()).toBe("mp4 bytes");
  });
});

describe("S3Storage in a bucket", () => {
  let storage: S3Storage;
  beforeAll(async () => {
    storage = new S3Storage(await s3.createBucket("shop-prefixed", "shop/media/"), { credentials: TEST_S3_CREDENTIALS, pageSize: 2 });
  });
  afterAll(() => storage?.destroy());

  const objectsInBucket = async () =>
    ((await s3.client.send(new ListObjectsV2Command({ Bucket: "shop-prefixed" }))).Contents ?? []).map((o) => o.Key).sort();

  it("keeps every key under the URL's prefix and sees nothing outside it", async () => {
    await storage.put("products/p1-320.webp", Buffer.from("a"));
    await storage.put("categories/c1-320.webp", Buffer.from("b"));
    await s3.client.send(new PutObjectCommand({ Bucket: "shop-prefixed", Key: "products/outside-320.webp", Body: Buffer.from("not the shop's") }));
    await s3.client.send(new PutObjectCommand({ Bucket: "shop-prefixed", Key: "shop/media/products/", Body: Buffer.alloc(0) }));

    expect(await objectsInBucket()).toEqual([
      "products/outside-320.webp",
      "shop/media/categories/c1-320.webp",
      "shop/media/products/",
      "shop/media/products/p1-320.webp",
    ]);
    expect(await storage.list("products")).toEqual(["products/p1-320.webp"]);
    expect(await storage.open("products/outside-320.webp")).toBeNull();
    await storage.delete("products/p1-320.webp");
    expect(await objectsInBucket()).not.toContain("shop/media/products/p1-320.webp");
  });

  it("follows continuation tokens page by page", async () => {
    const keys = ["paged/1.webp", "paged/2.webp", "paged/3.webp", "paged/4.webp", "paged/5.webp"];
    for (const key of [...keys, "paged/sub/6.webp", "paged/sub2/7.webp"]) await storage.put(key, Buffer.from(key));
    expect((await storage.list("paged")).sort()).toEqual(keys);
  });

  it("stores each file with its content type and the long cache policy", async () => {
    const cases: [string, string][] = [
      ["types/a-320.webp", "image/webp"],
      ["types/b.mp4", "video/mp4"],
      ["types/c.WEBM", "video/webm"],
      ["types/d.bin", "application/octet-stream"],
      ["types/noextension", "application/octet-stream"],
    ];
    for (const [key, type] of cases) {
      await storage.put(key, Buffer.from("x"));
      const head = await s3.client.send(new HeadObjectCommand({ Bucket: "shop-prefixed", Key: `shop/media/${key}` }));
      expect(head.ContentType, key).toBe(type);
      expect(head.CacheControl, key).toBe("public, max-age=31536000, immutable");
    }
  });

  it("fails loudly, not with a missing file, when the bucket is gone", async () => {
    const orphan = new S3Storage({ ...storage.config, bucket: "no-such-bucket" }, { credentials: TEST_S3_CREDENTIALS });
    try {
      await expect(orphan.open("products/p1-320.webp")).rejects.toThrow();
      await expect(orphan.checkBucket()).rejects.toThrow(`bucket no-such-bucket cannot be reached at ${s3.endpoint}: there is no such bucket`);
    } finally {
      orphan.destroy();
    }
  });
});
