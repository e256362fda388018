import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Env } from "~/config.server";
import { openDatabase } from "~/lib/db.server";
import { RESTORE_MARKER_FILE } from "~/lib/data-refused";
import { logger } from "~/lib/logger.server";
import { openStorage } from "~/modules/media/storage-factory.server";
import { isCatalogueEmpty, seedDemoCatalogue } from "~/modules/catalog/demo-catalogue.server";
import { ensureMainAdmin } from "~/modules/accounts/accounts.server";

/*
 * The first start of an embedded shop creates its database and loads the demo catalogue
 * (docs/decisions/0006). Both are done by a short-lived child process before the shop serves:
 * creating a PGlite database grows its WebAssembly memory to about 600 MB and drawing the demo
 * images fills sharp's caches, and a process never gives either back. The serving process then
 * opens the prepared database as on any other start (docs/decisions/0026).
 */

/**
 * Whether this start has to create the embedded database (no `DATABASE_URL`, no database yet). A
 * folder a restore left unfinished is not a new one: opening it refuses, and says what to do.
 */
export function isFirstStart(env: Env): boolean {
  if (env.DATABASE_URL || fs.existsSync(path.join(env.dataDir, RESTORE_MARKER_FILE))) return false;
  return !fs.existsSync(path.join(env.dataDir, "pglite", "PG_VERSION"));
}

/**
 * Creates the embedded database in a child process that runs `prepareFirstStart` of the server
 * module at `entryUrl` (the server build), and waits for it. Its output is the shop's output.
 */
export function prepareInChildProcess(entryUrl: string): Promise<void> {
  const code = `const { prepareFirstStart } = await import(${JSON.stringify(entryUrl)}); await prepareFirstStart(); process.exit(0);`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "--eval", code], { stdio: "inherit", env: process.env });
    child.once("error", reject);
    child.once("exit", (status, signal) =>
      status === 0
        ? resolve()
        : reject(new FirstStartError(`Preparing the new embedded database failed (${signal ?? `exit code ${status}`}); see above.`)),
    );
  });
}

export class FirstStartError extends Error {
  override name = "FirstStartError";
}

/**
 * In the child: creates and migrates the database, loads the demo catalogue, creates the main
 * admin when `ADMIN_EMAIL` and `ADMIN_PASSWORD` are set (hashing a password takes tens of
 * megabytes too), and closes it all.
 */
export async function prepareNewDatabase(env: Env): Promise<void> {
  const storage = await openStorage(env.storage);
  const database = await openDatabase({ dataDir: env.dataDir });
  try {
    if (await isCatalogueEmpty(database.db)) {
      const count = await seedDemoCatalogue(database.db, storage);
      logger.info({ products: count }, "demo catalogue loaded into the new embedded database");
    }
    if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
      const result = await ensureMainAdmin(database.db, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });
      if (result === "created") logger.info({ email: env.ADMIN_EMAIL }, "main admin created");
    }
  } finally {
    await database.close();
  }
}
