import { createHmac, timingSafeEqual } from "node:crypto";
import { DomainError } from "~/lib/errors";
import { readBodyWithLimit } from "~/lib/request-input.server";
import { storeImage } from "./images.server";
import { storeVideo } from "./videos.server";
import type { FileStorage } from "./storage.server";
import type { MediaKind } from "~/lib/db/value-lists";
import { MAX_BYTES, tooLargeMessage, UPLOAD_MESSAGES } from "./upload-limits";

/**
 * Product media is uploaded before the product is saved (so the browser can show progress), and
 * the save then refers to what was uploaded. The reference is signed by the server: a browser can
 * attach only files this server checked and stored, never an arbitrary storage key.
 * See docs/decisions/0012-product-media-uploads.md.
 */

export const PRODUCT_MEDIA_FOLDER = "products";
/** How long a staged upload may wait for the product to be saved. */
export const STAGED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

export interface StagedUpload {
  kind: MediaKind;
  storageKey: string;
  widths: number[];
  width: number | null;
  height: number | null;
  contentType: string;
}

export const STALE_UPLOAD_MESSAGE = "An uploaded file could not be verified or has expired. Please remove it and upload it again.";

/** Reads an upload's body, refusing it as soon as it grows past the limit of its kind, and refusing an empty one. */
export async function readLimitedBody(request: Request, kind: MediaKind): Promise<Buffer> {
  const body = await readBodyWithLimit(request, MAX_BYTES[kind], tooLargeMessage(kind));
  if (body.length === 0) throw new DomainError("INVALID", UPLOAD_MESSAGES.empty);
  return body;
}

/** Checks a file by its content and stores it: images re-encoded to WebP widths, videos as one file. */
export async function stageUpload(storage: FileStorage, kind: MediaKind, body: Buffer): Promise<StagedUpload> {
  if (body.length > MAX_BYTES[kind]) throw new DomainError("INVALID", tooLargeMessage(kind));
  if (kind === "image") {
    const image = await storeImage(storage, body, PRODUCT_MEDIA_FOLDER);
    return { kind, storageKey: image.key, widths: image.widths, width: image.width, height: image.height, contentType: "image/webp" };
  }
  const video = await storeVideo(storage, body, PRODUCT_MEDIA_FOLDER);
  return { kind, storageKey: video.key, widths: [], width: null, height: null, contentType: video.contentType };
}

function signingKey(secret: string): Buffer {
  return createHmac("sha256", secret).update("staged-product-media").digest();
}

function mac(secret: string, payload: string): Buffer {
  return createHmac("sha256", signingKey(secret)).update(payload).digest();
}

/** A signed, expiring reference to a staged upload, for the browser to send back with the product. */
export function signStagedUpload(secret: string, upload: StagedUpload, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ ...upload, expiresAt: now + STAGED_UPLOAD_TTL_MS })).toString("base64url");
  return `${payload}.${mac(secret, payload).toString("base64url")}`;
}

/** The staged upload a reference names, or a DomainError when it was not signed here or expired. */
export function verifyStagedUpload(secret: string, token: string, now = Date.now()): StagedUpload {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) throw new DomainError("INVALID", STALE_UPLOAD_MESSAGE);
  const expected = mac(secret, payload);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new DomainError("INVALID", STALE_UPLOAD_MESSAGE);
  let parsed: StagedUpload & { expiresAt: number };
  try {
    // Signed above with the shop's secret: the payload is what `signStagedUpload` wrote.
    parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as StagedUpload & { expiresAt: number };
  } catch {
    throw new DomainError("INVALID", STALE_UPLOAD_MESSAGE);
  }
  if (!(parsed.expiresAt > now)) throw new DomainError("INVALID", STALE_UPLOAD_MESSAGE);
  const { expiresAt: _expiresAt, ...upload } = parsed;
  return upload;
}

/** Whether the files of a staged upload are still in storage. */
export async function stagedFilesExist(storage: FileStorage, upload: StagedUpload): Promise<boolean> {
  const key = upload.kind === "image" ? `${upload.storageKey}-${upload.widths[0]}.webp` : upload.storageKey;
  const file = await storage.open(key);
  if (!file) return false;
  file.stream.destroy();
  return true;
}
