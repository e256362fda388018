/** Limits of product media uploads. Browser-safe: the form checks them early, the server enforces them. */
import type { MediaKind } from "~/lib/db/value-lists";

const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const MAX_VIDEO_BYTES = 100 * 1024 * 1024;
/** New images one save may add to a variant. */
export const MAX_NEW_IMAGES_PER_VARIANT = 5;
/** Videos a variant may have. */
export const MAX_VIDEOS_PER_VARIANT = 1;

export const MAX_BYTES: Record<MediaKind, number> = { image: MAX_IMAGE_BYTES, video: MAX_VIDEO_BYTES };

export const UPLOAD_MESSAGES = {
  imageTooLarge: "The image is larger than 10 MB.",
  videoTooLarge: "The video is larger than 100 MB.",
  notImage: "Only image files can be added here.",
  notVideo: "The file is not a video we can play (MP4 or WebM).",
  tooManyImages: `Up to ${MAX_NEW_IMAGES_PER_VARIANT} new images per variant.`,
  tooManyVideos: `Only ${MAX_VIDEOS_PER_VARIANT} video per variant.`,
  empty: "The file is empty.",
} as const;

export function tooLargeMessage(kind: MediaKind): string {
  return kind === "image" ? UPLOAD_MESSAGES.imageTooLarge : UPLOAD_MESSAGES.videoTooLarge;
}
