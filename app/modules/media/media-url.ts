/**
 * Public URLs of stored media. Images are stored as WebP at several widths: `{key}-{width}.webp`.
 * Media brought over from the original shop without downloading it keeps its web address as the
 * key (`https://…`): such an address is shown as it is (docs/decisions/0028).
 */

export interface StoredImage {
  key: string;
  widths: number[];
}

export const PLACEHOLDER_IMAGE = "/placeholder.svg";

/** Whether a stored key is a web address kept from elsewhere rather than a file of our storage. */
export function isExternalMedia(key: string): boolean {
  return /^https?:\/\//i.test(key);
}

export function imageUrl(image: StoredImage | null | undefined, wanted = 640): string {
  if (image && isExternalMedia(image.key)) return image.key;
  if (!image || image.widths.length === 0) return PLACEHOLDER_IMAGE;
  const sorted = [...image.widths].sort((a, b) => a - b);
  const width = sorted.find((w) => w >= wanted) ?? sorted[sorted.length - 1];
  return `/media/${image.key}-${width}.webp`;
}

export function imageSrcSet(image: StoredImage | null | undefined): string | undefined {
  if (!image || image.widths.length === 0 || isExternalMedia(image.key)) return undefined;
  return [...image.widths]
    .sort((a, b) => a - b)
    .map((w) => `/media/${image.key}-${w}.webp ${w}w`)
    .join(", ");
}

export function videoUrl(key: string): string {
  return isExternalMedia(key) ? key : `/media/${key}`;
}

/**
 * The origins (`https://host[:port]`) of media kept as web addresses, sorted, each once: what the
 * pages' content security policy must allow for images and videos.
 */
export function mediaOrigins(urls: Iterable<string>): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    if (!isExternalMedia(url)) continue;
    try {
      origins.add(new URL(url).origin);
    } catch {
      // not an address: nothing to allow
    }
  }
  return [...origins].sort();
}
