import sharp, { type Metadata } from "sharp";
import { newId } from "~/lib/ids";
import { DomainError } from "~/lib/errors";
import type { FileStorage } from "./storage.server";

/** Widths every stored image is re-encoded to, for responsive `srcset`s. */
export const IMAGE_WIDTHS = [320, 640, 960];
/** Decompression-bomb guard: refuse images with more pixels than this. */
export const MAX_IMAGE_PIXELS = 40_000_000;

export interface StoredImageResult {
  key: string;
  widths: number[];
  width: number;
  height: number;
}

/**
 * Decodes an image (whatever its name says), refuses what is not a real raster image or is too
 * large in pixels, and stores it re-encoded as WebP at each width up to its own.
 */
export async function storeImage(storage: FileStorage, input: Buffer, folder: string, widths: number[] = IMAGE_WIDTHS): Promise<StoredImageResult> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
  } catch {
    throw new DomainError("INVALID", "The file is not an image we can read (JPEG, PNG, WebP, GIF or AVIF).");
  }
  // Raster formats only (AVIF is reported as heif); SVG is a document, not a photo.
  const allowed = new Set(["jpeg", "png", "webp", "gif", "heif"]);
  if (!meta.format || !allowed.has(meta.format) || !meta.width || !meta.height) {
    throw new DomainError("INVALID", "The file is not an image we can read (JPEG, PNG, WebP, GIF or AVIF).");
  }
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) {
    throw new DomainError("INVALID", "The image has too many pixels (at most 40 megapixels).");
  }
  const key = `${folder}/${Date.now()}-${newId(8)}`;
  const targets = widths.filter((w, i) => w <= meta.width || i === 0);
  // A header that reads well says nothing of the data after it: every width is encoded before any
  // is stored, so a damaged or cut-off file is refused whole and leaves nothing behind.
  // One width at a time, as a 40-megapixel decode is large.
  const encoded: Buffer[] = [];
  try {
    for (const width of targets) {
      encoded.push(
        await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS })
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 78 })
          .toBuffer(),
      );
    }
  } catch {
    throw new DomainError("INVALID", "The image is damaged or incomplete. Please choose another file.");
  }
  for (const [i, width] of targets.entries()) await storage.put(`${key}-${width}.webp`, encoded[i]);
  return { key, widths: targets, width: meta.width, height: meta.height };
}

export async function deleteImage(storage: FileStorage, image: { key: string; widths: number[] }) {
  await Promise.all(image.widths.map((w) => storage.delete(`${image.key}-${w}.webp`)));
}
