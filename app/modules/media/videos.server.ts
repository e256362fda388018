import { newId } from "~/lib/ids";
import { DomainError } from "~/lib/errors";
import type { FileStorage } from "./storage.server";
import { UPLOAD_MESSAGES } from "./upload-limits";

export type VideoFormat = "mp4" | "webm";

const CONTENT_TYPES: Record<VideoFormat, string> = { mp4: "video/mp4", webm: "video/webm" };

/**
 * The video format by content, whatever the file is called: an MP4 (ISO base media) file starts
 * with a box whose type 'ftyp' sits at offset 4; a WebM file starts with the EBML header
 * 1A 45 DF A3 and declares the document type 'webm'.
 */
export function sniffVideo(input: Buffer): VideoFormat | null {
  if (input.length >= 12 && input.toString("latin1", 4, 8) === "ftyp") return "mp4";
  if (input.length >= 4 && input[0] === 0x1a && input[1] === 0x45 && input[2] === 0xdf && input[3] === 0xa3) {
    return input.subarray(0, 4096).includes("webm", 0, "latin1") ? "webm" : null;
  }
  return null;
}

export interface StoredVideoResult {
  /** Full storage key, extension included: `{folder}/{timestamp}-{id}.mp4`. */
  key: string;
  contentType: string;
}

/** Stores a video as one file after checking by content that it is an MP4 or a WebM. */
export async function storeVideo(storage: FileStorage, input: Buffer, folder: string): Promise<StoredVideoResult> {
  const format = sniffVideo(input);
  if (!format) throw new DomainError("INVALID", UPLOAD_MESSAGES.notVideo);
  const key = `${folder}/${Date.now()}-${newId(8)}.${format}`;
  await storage.put(key, input);
  return { key, contentType: CONTENT_TYPES[format] };
}
