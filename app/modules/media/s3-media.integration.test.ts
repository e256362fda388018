import { buffer } from "node:stream/consumers";
import { HeadObjectCommand } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { media } from "~/lib/db/tables/catalogue.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import { insertProduct } from "../../../tests/support/fixtures";
import { startTestS3, TEST_S3_CREDENTIALS, type TestS3 } from "../../../tests/support/test-s3";
import { IMAGE_WIDTHS, storeImage } from "./images.server";
import { deleteMediaFiles } from "./media-files.server";
import { S3Storage } from "./s3-storage.server";
import { stagedFilesExist, stageUpload, STAGED_UPLOAD_TTL_MS } from "./staged-uploads.server";
import { SWEEP_GRACE_MS, sweepOrphanUploads } from "./upload-sweep.server";
import { solidImage } from "../../../tests/support/images";

/** The shop's media code, unchanged, on a bucket instead of a folder. */

let s3: TestS3;
let storage: S3Storage;
let database: TestDatabase;

beforeAll(async () => {
  s3 = await startTestS3();
  storage = new S3Storage(await s3.createBucket("shop-media", "shop/"), { credentials: TEST_S3_CREDENTIALS });
  database = await createTestDatabase();
});
afterAll(async () => {
  storage?.destroy();
  await s3?.stop();
  await database?.close();
});

const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from("ftypmp42"), Buffer.alloc(500)]);

describe("media on S3", () => {
  it("storeImage stores every width as a WebP that can be opened", async () => {
    const stored = await storeImage(storage, await solidImage(1200, 900).jpeg().toBuffer(), "products");
    expect(stored).toMatchObject({ widths: IMAGE_WIDTHS, width: 1200, height: 900 });
    for (const width of IMAGE_WIDTHS) {
      const file = await storage.open(`${stored.key}-${width}.webp`);
      const bytes = await buffer(file!.stream);
      expect(file!.size).toBe(bytes.length);
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: "webp", width, height: Math.round((width * 900) / 1200) });
    }
    const head = await s3.client.send(new HeadObjectCommand({ Bucket: "shop-media", Key: `shop/${stored.key}-320.webp` }));
    expect(head.ContentType).toBe("image/webp");
  });

  it("a staged video is found until its file is deleted with its media row", async () => {
    const staged = await stageUpload(storage, "video", mp4);
    expect(staged.storageKey).toMatch(/^products\/\d{13}-[A-Za-z0-9]{8}\.mp4$/);
    expect(await stagedFilesExist(storage, staged)).toBe(true);
    await deleteMediaFiles(storage, [{ kind: "video", storageKey: staged.storageKey, widths: [] }]);
    expect(await stagedFilesExist(storage, staged)).toBe(false);
  });

  it("deleteMediaFiles removes every width of an image, and leaves other files", async () => {
    const removed = await storeImage(storage, await solidImage(700, 500).png().toBuffer(), "categories");
    const kept = await storeImage(storage, await solidImage(400, 300).png().toBuffer(), "categories");
    await deleteMediaFiles(storage, [
      { kind: "image", storageKey: removed.key, widths: removed.widths },
      // Already gone: no error.
      { kind: "image", storageKey: "categories/1718000000000-gone0000", widths: [320] },
    ]);
    expect((await storage.list("categories")).sort()).toEqual(kept.widths.map((w) => `${kept.key}-${w}.webp`).sort());
  });

  it("sweepOrphanUploads deletes an expired orphan and keeps what a media row names", async () => {
    const now = Date.UTC(2026, 10, 23, 12);
    const expired = now - STAGED_UPLOAD_TTL_MS - SWEEP_GRACE_MS - 60_000;
    const saved = `products/${expired}-savedImg`;
    const product = await insertProduct(database.db, {
      name: "Weekend Bag",
      variants: [{ name: "Brown", price: 500000, stock: [["", 3]], images: [saved] }],
    });
    const savedVideo = `products/${expired}-savedVid.webm`;
    await database.db
      .insert(media)
      .values({ variantId: product.variants[0].id, kind: "video", position: 1, storageKey: savedVideo, widths: [], contentType: "video/webm" });
    const before = await storage.list("products");
    const abandoned = [`products/${expired}-abandoned-320.webp`, `products/${expired}-abandoned-640.webp`, `products/${expired}-gone.mp4`];
    for (const key of [`${saved}-320.webp`, `${saved}-640.webp`, savedVideo, ...abandoned, `products/${now - 1000}-pending-320.webp`]) {
      await storage.put(key, Buffer.from(key));
    }

    const result = await sweepOrphanUploads(database.db, storage, now);

    expect(result.deleted.sort()).toEqual(abandoned.sort());
    expect((await storage.list("products")).sort()).toEqual(
      [...before, `${saved}-320.webp`, `${saved}-640.webp`, savedVideo, `products/${now - 1000}-pending-320.webp`].sort(),
    );
    expect((await sweepOrphanUploads(database.db, storage, now)).deleted).toEqual([]);
  });
});
