import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { media } from "~/lib/db/tables/catalogue.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import { insertProduct } from "../../../tests/support/fixtures";
import { STAGED_UPLOAD_TTL_MS } from "./staged-uploads.server";
import { LocalDiskStorage } from "./storage.server";
import { SWEEP_GRACE_MS, sweepOrphanUploads } from "./upload-sweep.server";

let database: TestDatabase;
let root: string;
let storage: LocalDiskStorage;

beforeAll(async () => {
  database = await createTestDatabase();
  root = fs.mkdtempSync(path.join(os.tmpdir(), "shop-sweep-"));
  storage = new LocalDiskStorage(root);
});
afterAll(async () => {
  await database?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const NOW = Date.UTC(2026, 10, 23, 12);
const EXPIRED = NOW - STAGED_UPLOAD_TTL_MS - SWEEP_GRACE_MS - 60_000;
const files = (folder: string) => fs.readdirSync(path.join(root, folder)).sort();

describe("sweeping uploads abandoned before a product was saved", () => {
  it("deletes only expired product files that no media row names", async () => {
    const saved = `products/${EXPIRED}-savedImg`;
    const savedVideo = `products/${EXPIRED}-savedVid.mp4`;
    const product = await insertProduct(database.db, {
      name: "Weekend Bag",
      variants: [{ name: "Brown", price: 500000, stock: [["", 3]], images: [saved] }],
    });
    await database.db
      .insert(media)
      .values({ variantId: product.variants[0].id, kind: "video", position: 1, storageKey: savedVideo, widths: [], contentType: "video/mp4" });

    const put = (key: string) => storage.put(key, Buffer.from(key));
    for (const key of [
      `${saved}-320.webp`,
      `${saved}-640.webp`,
      savedVideo,
      `products/${EXPIRED}-abandoned-320.webp`,
      `products/${EXPIRED}-abandoned-640.webp`,
      `products/${EXPIRED}-gone.webm`,
      // Uploaded an hour ago: its form may still be saved.
      `products/${NOW - 60 * 60 * 1000}-pending-320.webp`,
      // Not named by upload time: not the sweep's to judge.
      `products/handmade.webp`,
      // Outside the product media folder.
      `demo/${EXPIRED}-demo-320.webp`,
    ])
      await put(key);

    const result = await sweepOrphanUploads(database.db, storage, NOW);

    expect(result.deleted.sort()).toEqual([
      `products/${EXPIRED}-abandoned-320.webp`,
      `products/${EXPIRED}-abandoned-640.webp`,
      `products/${EXPIRED}-gone.webm`,
    ]);
    expect(files("products")).toEqual(
      [
        `${EXPIRED}-savedImg-320.webp`,
        `${EXPIRED}-savedImg-640.webp`,
        `${EXPIRED}-savedVid.mp4`,
        `${NOW - 60 * 60 * 1000}-pending-320.webp`,
        "handmade.webp",
      ].sort(),
    );
    expect(files("demo")).toEqual([`${EXPIRED}-demo-320.webp`]);

    // A second round finds nothing more to do.
    expect((await sweepOrphanUploads(database.db, storage, NOW)).deleted).toEqual([]);
  });

  it("does nothing when no product media was ever uploaded", async () => {
    const empty = new LocalDiskStorage(path.join(root, "nothing-here"));
    expect(await sweepOrphanUploads(database.db, empty, NOW)).toEqual({ checked: 0, deleted: [] });
  });
});
