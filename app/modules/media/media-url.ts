/** Public URLs of stored media. Images are stored as WebP at several widths: `{key}-{width}.webp`. */

export interface StoredImage {
  key: string;
  widths: number[];
}

export const PLACEHOLDER_IMAGE = "/placeholder.svg";

export function imageUrl(image: StoredImage | null | undefined, wanted = 640): string {
  if (!image || image.widths.length === 0) return PLACEHOLDER_IMAGE;
  const sorted = [...image.widths].sort((a, b) => a - b);
  const width = sorted.find((w) => w >= wanted) ?? sorted[sorted.length - 1];
  return `/media/${image.key}-${width}.webp`;
}

export function imageSrcSet(image: StoredImage | null | undefined): string | undefined {
  if (!image || image.widths.length === 0) return undefined;
  return [...image.widths]
    .sort((a, b) => a - b)
    .map((w) => `/media/${image.key}-${w}.webp ${w}w`)
    .join(", ");
}

export function videoUrl(key: string): string {
  return `/media/${key}`;
}
