import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { Transform, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { logger } from "~/lib/logger.server";
import { writeBackup, type BackupSource, type Progress } from "./backup-writer.server";
import { checkData, type DataCheck } from "./check-data.server";

/*
 * The embedded database is open in one process only: the running shop's, which holds the data
 * folder's lock (docs/decisions/0004). `npm run backup` and `npm run check-data` ask that process
 * to do the work, over a Unix socket in a folder of DATA_DIR only its owner may enter: whoever can
 * use the socket can read the database files themselves (docs/decisions/0050).
 */

const CHANNEL_FOLDER = "run";
const CHANNEL_SOCKET = "shop.sock";
/** Unix socket paths are limited to 108 bytes on Linux (104 elsewhere). */
const MAX_SOCKET_PATH = 100;

function channelSocket(dataDir: string): string {
  return path.join(path.resolve(dataDir), CHANNEL_FOLDER, CHANNEL_SOCKET);
}

/** The running shop could not be asked: one line that says why. */
export class ChannelError extends Error {
  override name = "ChannelError";
}

/**
 * Serves backups and data checks of `source` on DATA_DIR/run/shop.sock until closed. Call it only
 * while holding the folder's lock: a socket already there is a dead process's. Undefined when the
 * folder's path is too long for a socket.
 */
export async function serveShopChannel(dataDir: string, source: BackupSource): Promise<{ close(): Promise<void> } | undefined> {
  const socket = channelSocket(dataDir);
  if (Buffer.byteLength(socket) > MAX_SOCKET_PATH) {
    logger.warn({ socket }, "the data folder's path is too long for the backup socket: stop the shop to back it up");
    return undefined;
  }
  fs.mkdirSync(path.dirname(socket), { recursive: true, mode: 0o700 });
  fs.chmodSync(path.dirname(socket), 0o700);
  fs.rmSync(socket, { force: true });
  const server = http.createServer((request, response) => {
    if (request.method !== "POST") {
      response.writeHead(405).end();
      return;
    }
    if (request.url === "/backup") {
      logger.info("a backup was asked for over the shop's socket");
      response.writeHead(200, { "Content-Type": "application/gzip" });
      writeBackup(source, response).then(
        (manifest) => logger.info({ tables: manifest.tables.length, media: manifest.media.length }, "backup sent"),
        (error: unknown) => {
          logger.error({ err: error }, "the backup failed");
          // Cut off: the command sees a truncated file, says so and keeps nothing.
          response.destroy(error as Error);
        },
      );
      return;
    }
    if (request.url === "/check-data") {
      checkData(source.db, source.storage).then(
        (check) => response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(check)),
        (error: unknown) => {
          logger.error({ err: error }, "the data check failed");
          response.writeHead(500, { "Content-Type": "text/plain" }).end((error as Error).message);
        },
      );
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socket, () => resolve());
  });
  server.unref();
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        fs.rmSync(socket, { force: true });
      }),
  };
}

function ask(dataDir: string, what: "/backup" | "/check-data"): Promise<http.IncomingMessage> {
  const socketPath = channelSocket(dataDir);
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath, path: what, method: "POST" }, resolve);
    request.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        new ChannelError(
          error.code === "ENOENT" || error.code === "ECONNREFUSED"
            ? `The shop running on ${path.resolve(dataDir)} does not answer on ${socketPath} (it may be an older release, or starting): stop it, or try again in a moment.`
            : `The shop running on ${path.resolve(dataDir)} could not be asked: ${error.message}`,
        ),
      ),
    );
    request.end();
  });
}

/** Has the shop running on `dataDir` write a backup into `out`, saying how much has come every few seconds. */
export async function backupThroughShop(dataDir: string, out: Writable, progress: Progress): Promise<void> {
  const response = await ask(dataDir, "/backup");
  if (response.statusCode !== 200) throw new ChannelError(`The running shop refused the backup (HTTP ${response.statusCode}).`);
  let bytes = 0;
  let said = Date.now();
  const counting = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (Date.now() - said >= 2000) {
        said = Date.now();
        progress(`Received ${(bytes / 1e6).toFixed(1)} MB from the running shop`);
      }
      callback(null, chunk);
    },
  });
  try {
    await pipeline(response, counting, out);
  } catch (error) {
    throw new ChannelError(`The running shop stopped sending the backup: ${(error as Error).message}`);
  }
  // A backup cut off by the shop ends early and cleanly for the pipe: the reading check finds it.
}

/** Has the shop running on `dataDir` check its data. */
export async function checkThroughShop(dataDir: string): Promise<DataCheck> {
  const response = await ask(dataDir, "/check-data");
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString("utf8");
  if (response.statusCode !== 200) throw new ChannelError(`The running shop could not check its data: ${body}`);
  return JSON.parse(body) as DataCheck;
}
