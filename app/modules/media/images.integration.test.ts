import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DomainError } from "~/lib/errors";
import { deleteImage, IMAGE_WIDTHS, MAX_IMAGE_PIXELS, storeImage } from "./images.server";
import { LocalDiskStorage } from "./storage.server";
import { pngClaiming, solidImage } from "../../../tests/support/images";

let root: string;
let storage: LocalDiskStorage;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "shop-images-"));
  storage = new LocalDiskStorage(root);
});
afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

const filesIn = (folder: string) => (fs.existsSync(path.join(root, folder)) ? fs.readdirSync(path.join(root, folder)) : []);

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe("INVALID");
  return error as DomainError;
}

describe("storeImage", () => {
  it("re-encodes a large photo as WebP at every width", async () => {
    const jpeg = await solidImage(1200, 900).jpeg().toBuffer();
    const stored = await storeImage(storage, jpeg, "products");
    expect(stored).toMatchObject({ widths: IMAGE_WIDTHS, width: 1200, height: 900 });
    expect(stored.key).toMatch(/^products\/\d+-[A-Za-z0-9]{8}$/);
    for (const width of IMAGE_WIDTHS) {
      const meta = await sharp(path.join(root, `${stored.key}-${width}.webp`)).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(width);
      expect(meta.height).toBe(Math.round((width * 900) / 1200));
    }
  });

  it("stores no width above the image's own, and never enlarges", async () => {
    const png = await solidImage(700, 500).png().toBuffer();
    const stored = await storeImage(storage, png, "products");
    expect(stored.widths).toEqual([320, 640]);
    expect(fs.existsSync(path.join(root, `${stored.key}-960.webp`))).toBe(false);
  });

  it("keeps a tiny image at its own size under the smallest width", async () => {
    const stored = await storeImage(storage, await solidImage(100, 80).webp().toBuffer(), "categories", [320, 640]);
    expect(stored.widths).toEqual([320]);
    const meta = await sharp(path.join(root, `${stored.key}-320.webp`)).metadata();
    expect(meta.width).toBe(100);
  });

  it("gives two uploads of the same image different keys", async () => {
    const png = await solidImage(400, 400).png().toBuffer();
    const a = await storeImage(storage, png, "products");
    const b = await storeImage(storage, png, "products");
    expect(a.key).not.toBe(b.key);
  });

  it("refuses a text file named .jpg", async () => {
    const before = filesIn("fakes");
    const error = await refusal(storeImage(storage, Buffer.from("this is not an image, just text\n".repeat(20)), "fakes"));
    expect(error.message).toBe("The file is not an image we can read (JPEG, PNG, WebP, GIF or AVIF).");
    expect(filesIn("fakes")).toEqual(before);
  });

  it("refuses a truncated image and an empty file", async () => {
    const jpeg = await solidImage(600, 400).jpeg().toBuffer();
    await refusal(storeImage(storage, jpeg.subarray(0, 20), "fakes"));
    await refusal(storeImage(storage, Buffer.alloc(0), "fakes"));
    expect(filesIn("fakes")).toEqual([]);
  });

  it("refuses a damaged image whose header reads well, and stores none of its widths", async () => {
    const png = await solidImage(700, 500).png().toBuffer();
    const badChecksum = Buffer.from(png);
    badChecksum[29] ^= 0xff; // the header chunk's CRC
    const badData = Buffer.from(png);
    badData[badData.length - 20] ^= 0xff; // inside the image data
    for (const damaged of [badChecksum, badData, png.subarray(0, Math.floor(png.length * 0.6))]) {
      expect((await sharp(damaged).metadata()).format).toBe("png");
      const error = await refusal(storeImage(storage, damaged, "damaged"));
      expect(error.message).toBe("The image is damaged or incomplete. Please choose another file.");
    }
    expect(filesIn("damaged")).toEqual([]);
  });

  it("refuses a pixel flood: a small file claiming a huge image", async () => {
    const bomb = pngClaiming(20000, 20000);
    expect(bomb.length).toBeLessThan(2000);
    await refusal(storeImage(storage, bomb, "bombs"));
    expect(filesIn("bombs")).toEqual([]);
  });

  it("refuses a real image above 40 megapixels", async () => {
    const big = await solidImage(8000, 6000).png({ compressionLevel: 1 }).toBuffer(); // 48 MP of one colour
    expect(8000 * 6000).toBeGreaterThan(MAX_IMAGE_PIXELS);
    const error = await refusal(storeImage(storage, big, "bombs"));
    expect(error.message).toMatch(/too many pixels|not an image we can read/);
    expect(filesIn("bombs")).toEqual([]);
  });

  it("deleteImage removes every stored width", async () => {
    const stored = await storeImage(storage, await solidImage(1000, 1000).png().toBuffer(), "gone");
    expect(filesIn("gone")).toHaveLength(3);
    await deleteImage(storage, stored);
    expect(filesIn("gone")).toEqual([]);
  });
});
