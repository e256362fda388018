import { inArray } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { runEvery } from "~/lib/every.server";
import { media } from "~/lib/db/tables/catalogue.server";
import { keysKeptByTrash } from "~/modules/trash/trash.server";
import { PRODUCT_MEDIA_FOLDER, STAGED_UPLOAD_TTL_MS } from "./staged-uploads.server";
import type { FileStorage } from "./storage.server";

/**
 * Product media is stored as soon as it is uploaded, before the product is saved. A form abandoned
 * before saving leaves files that no media row names. Once their signed reference has expired no
 * save can attach them any more, and they are deleted here.
 *
 * Keys carry their upload time: `products/{ms}-{id}-{width}.webp` for images, `products/{ms}-{id}.{ext}`
 * for videos (see images.server.ts and videos.server.ts).
 */

/** Beyond the reference's lifetime, so that a save which verified one just in time has committed. */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;

const KEY_TIME = /^[^/]+\/(\d{13})-/;
const IMAGE_WIDTH_SUFFIX = /-\d+\.webp$/;

/** The media row key a stored file belongs to: an image's base key, or a video's full key. */
function ownerKeys(key: string): string[] {
  return IMAGE_WIDTH_SUFFIX.test(key) ? [key, key.replace(IMAGE_WIDTH_SUFFIX, "")] : [key];
}

/** Deletes product media files older than a staged upload's lifetime that no media row, nor the Trash, names. */
export async function sweepOrphanUploads(db: Db, storage: FileStorage, now = Date.now()): Promise<{ checked: number; deleted: string[] }> {
  const cutoff = now - STAGED_UPLOAD_TTL_MS - SWEEP_GRACE_MS;
  const old = (await storage.list(PRODUCT_MEDIA_FOLDER)).filter((key) => {
    const time = KEY_TIME.exec(key);
    return time !== null && Number(time[1]) < cutoff;
  });
  const deleted: string[] = [];
  for (let i = 0; i < old.length; i += 500) {
    const batch = old.slice(i, i + 500);
    const candidates = [...new Set(batch.flatMap(ownerKeys))];
    const rows = await db.select({ key: media.storageKey }).from(media).where(inArray(media.storageKey, candidates));
    // A deleted product's files wait in the Trash with it (docs/decisions/0053).
    const named = new Set([...rows.map((r) => r.key), ...(await keysKeptByTrash(db, candidates))]);
    for (const key of batch) {
      if (ownerKeys(key).some((k) => named.has(k))) continue;
      await storage.delete(key);
      deleted.push(key);
    }
  }
  return { checked: old.length, deleted };
}

/** Sweeps now and then every `everyMs`; failures are logged and retried at the next round. */
export function startUploadSweeper(db: Db, storage: FileStorage, everyMs = 6 * 60 * 60 * 1000): { stop: () => Promise<void> } {
  return runEvery(
    everyMs,
    async () => {
      const { deleted } = await sweepOrphanUploads(db, storage);
      if (deleted.length) logger.info({ files: deleted.length }, "deleted uploads abandoned before a product was saved");
    },
    "sweeping abandoned uploads failed",
  );
}
