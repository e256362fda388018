import { logger } from "~/lib/logger.server";
import type { MediaKind } from "~/lib/db/value-lists";
import type { FileStorage } from "./storage.server";
import { isExternalMedia } from "./media-url";

/**
 * What a stored media file looks like on disk. Images: one WebP per width, `{key}-{width}.webp`.
 * Videos: one file whose key is the full name, extension included (`.mp4` or `.webm`).
 */
export interface StoredMediaFile {
  kind: MediaKind;
  storageKey: string;
  widths: number[];
}

/** The files of a media row in our storage; none for media kept as a web address elsewhere. */
export function storageKeysOf(file: StoredMediaFile): string[] {
  if (isExternalMedia(file.storageKey)) return [];
  return file.kind === "image" ? file.widths.map((w) => `${file.storageKey}-${w}.webp`) : [file.storageKey];
}

/**
 * Deletes the files of media rows that are already gone from the database. A failed delete is
 * logged and skipped: an orphaned file costs disk space, a failed save would cost the shop owner's work.
 */
export async function deleteMediaFiles(storage: FileStorage, files: StoredMediaFile[]): Promise<void> {
  const keys = files.flatMap(storageKeysOf);
  await Promise.all(
    keys.map((key) =>
      storage
        .delete(key)
        .catch((error: unknown) =>
          logger.warn({ key, err: error instanceof Error ? error.message : String(error) }, "could not delete a stored file"),
        ),
    ),
  );
}
