import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/config.server";
import { DataRefusedError, RESTORE_MARKER_FILE } from "~/lib/data-refused";
import { openDatabase } from "~/lib/db.server";
import { LocalDiskStorage } from "~/modules/media/storage.server";
import { isFirstStart } from "../../../server/first-start";
import { fillShop, fingerprint, newPlace, type ShopFingerprint, type ShopPlace } from "../../../tests/support/backup-shop";
import { createTestDatabase, testTarget } from "../../../tests/support/test-db";
import { backupCommand, restoreCommand } from "./backup-command.server";
import { writeBackup } from "./backup-writer.server";

/*
 * `kill -9` of `npm run restore` while it writes: the target must never be a shop that serves
 * half the data. The shop refuses to start on it, a backup of it is refused, and the next restore
 * clears it and finishes.
 */

const repo = path.resolve(import.meta.dirname, "../../..");
let root: string;
let file: string;
let original: ShopFingerprint;
const places: ShopPlace[] = [];

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "shop-restore-kill-"));
  const database = await createTestDatabase();
  const storage = new LocalDiskStorage(path.join(root, "source-media"));
  try {
    // Enough rows that the restore is still writing a good while after its first table.
    await fillShop(database.db, storage, { outboxRows: 4000 });
    original = await fingerprint(database.db, storage);
    file = path.join(root, "shop.tar.gz");
    await writeBackup({ db: database.db, kind: database.kind, storage }, fs.createWriteStream(file));
  } finally {
    await database.close();
  }
});

afterAll(async () => {
  for (const p of places) await p.remove();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

/** Runs `npm run restore -- <file>` as its own process and kills it (SIGKILL) as soon as it has loaded its first table. */
async function restoreKilledHalfway(into: ShopPlace): Promise<string[]> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(repo, "scripts/restore.ts"), file], {
    cwd: repo,
    env: { ...process.env, ...into.vars, NODE_ENV: "test" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.once("exit", (code, signal) => resolve(signal ?? code)));
  const said: string[] = [];
  for await (const line of readline.createInterface({ input: child.stderr })) {
    said.push(line);
    if (/^ {2}\S+: [\d,]+ rows?$/.test(line)) {
      child.kill("SIGKILL");
      break;
    }
  }
  expect(await exited).toBe("SIGKILL");
  return said;
}

describe(`a restore into ${testTarget() === "pglite" ? "a data folder" : "a PostgreSQL database"} killed while it writes`, () => {
  it("leaves a target the shop refuses to start on and the next restore clears", async () => {
    const into = await newPlace(testTarget(), root);
    places.push(into);
    const said = await restoreKilledHalfway(into);
    // Killed while loading the database, before it was whole.
    expect(said).not.toContain("Database loaded; putting the media files in place");

    // Starting the shop there is refused, with what to do …
    const opening = openDatabase({ databaseUrl: into.vars.DATABASE_URL, dataDir: into.settings.dataDir });
    await expect(opening).rejects.toThrow(DataRefusedError);
    await expect(opening).rejects.toThrow(/holds a restore that did not finish, so the shop does not start on it\. Run the restore again/);
    if (into.kind === "pglite") {
      expect(fs.existsSync(path.join(into.settings.dataDir, RESTORE_MARKER_FILE))).toBe(true);
      // … and the start does not take it for a new, empty folder to fill with the demo catalogue.
      expect(isFirstStart(parseEnv(into.vars))).toBe(false);
    }
    // A backup of it is refused too.
    const backup = await backupCommand([path.join(root, "of-half.tar.gz")], into.settings);
    expect(backup.exitCode).toBe(1);
    expect(backup.output).toMatch(/did not finish/);

    // The next restore needs no --replace: it clears what the killed one left, and finishes.
    const progress: string[] = [];
    const again = await restoreCommand([file], into.settings, (line) => progress.push(line));
    expect(again.output).toMatch(/^Restored /);
    expect(again.exitCode).toBe(0);
    expect(progress).toContain("Clearing what an unfinished restore left");
    const opened = await into.open();
    try {
      expect(await fingerprint(opened.database.db, opened.storage)).toEqual(original);
    } finally {
      await opened.close();
    }
    if (into.kind === "pglite") {
      expect(fs.readdirSync(into.settings.dataDir).sort()).toEqual(["pglite", "uploads"]);
    }
  });
});
