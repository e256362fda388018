import { once } from "node:events";
import { finished, PassThrough } from "node:stream";
import { DomainError } from "~/lib/errors";
import { logger } from "~/lib/logger.server";
import { backupFileName } from "./backup-command.server";
import { writeBackup, type BackupSource } from "./backup-writer.server";

/*
 * "Download backup" in the back office (docs/decisions/0051): a backup made on the spot, sent as it
 * is written. It is the shop as it is now, from whichever instance or worker answers, whether or
 * not scheduled backups are on.
 */

export const BACKUP_DOWNLOAD_BUSY = "A backup is being downloaded already. Try again when it has finished.";

/** Downloads being made by this process: one at a time, so repeated clicks do not stack up backups. */
let downloading = false;

/**
 * The answer to a download: the backup streamed with `no-store`. A failure before its first bytes
 * is thrown (the shop's error answer instead of a file); one after cuts the answer short, so the
 * browser's download fails rather than ending as a shorter file. Logged either way.
 */
export async function backupDownload(source: BackupSource, now = new Date()): Promise<Response> {
  if (downloading) throw new DomainError("CONFLICT", BACKUP_DOWNLOAD_BUSY);
  downloading = true;
  const out = new PassThrough();
  finished(out, () => (downloading = false));
  const name = backupFileName(now);
  // Before the answer begins, a failure is the route's to log and answer.
  let answered = false;
  writeBackup(source, out).then(
    (manifest) => logger.info({ file: name, tables: manifest.tables.length, media: manifest.media.length }, "backup downloaded"),
    (error: unknown) => {
      // A browser that went away ends the download; anything else is a fault to see.
      if ((error as NodeJS.ErrnoException).code === "ERR_STREAM_PREMATURE_CLOSE")
        logger.info({ file: name }, "a backup download was stopped by the browser");
      else if (answered) logger.error({ err: error, file: name }, "a backup download failed after it began: the answer is cut short");
      out.destroy(error as Error);
    },
  );
  try {
    await once(out, "readable");
  } catch (error) {
    downloading = false;
    throw error;
  }
  answered = true;
  // Read as the connection takes it; a browser that hangs up stops the backup (no error of ours).
  const chunks = out[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await chunks.next();
          if (next.done) controller.close();
          else controller.enqueue(new Uint8Array(next.value));
        } catch (error) {
          controller.error(error);
        }
      },
      cancel: () => void out.destroy(),
    },
    { highWaterMark: 0 },
  );
  return new Response(body, {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
    },
  });
}
