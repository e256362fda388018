import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { openDatabase, type Database } from "~/lib/db.server";
import { backupRuns } from "~/lib/db/tables/site.server";
import { logger } from "~/lib/logger.server";
import { migrationsFolder } from "~/lib/db.server";
import { shippedMigrations } from "~/lib/db/migration-journal.server";
import { S3Storage } from "~/modules/media/s3-storage.server";
import { LocalDiskStorage } from "~/modules/media/storage.server";
import { STAGED_UPLOAD_TTL_MS } from "~/modules/media/staged-uploads.server";
import { fillShop } from "../../../tests/support/backup-shop";
import { testTarget, useTestDatabase } from "../../../tests/support/test-db";
import { startTestS3, TEST_S3_CREDENTIALS, type TestS3 } from "../../../tests/support/test-s3";
import { verifyBackup } from "./backup-reader.server";
import type { BackupSchedule } from "./backup-schedule";
import {
  backupAlert,
  backupOverview,
  claimSlot,
  HEARTBEAT_MS,
  INTERRUPTED_ERROR,
  runScheduledBackup,
  STALE_AFTER_MS,
  startBackupScheduler,
  type ScheduledBackupDeps,
} from "./scheduled-backups.server";
import { aStringMatching, anInstanceOf } from "../../../tests/support/matchers";

/*
 * Scheduled backups (issue 31, goal 4): one backup per slot of the schedule whichever process
 * claims it, the newest BACKUP_KEEP kept, the data check first, every outcome recorded, a failure
 * logged at error. The clock is the test's: slots six hours apart pass in no time.
 */

const testDb = useTestDatabase();
const HOUR = 3_600_000;
const EVERY = 6 * HOUR;
/** 2026-03-04 06:00 UTC, the start of a slot. */
const T0 = Date.parse("2026-03-04T06:00:00.000Z");

let root: string;
let storage: LocalDiskStorage;
/** A second handle on the same database, as another instance of the shop has (PostgreSQL); the same one on the embedded database. */
let other: Database | undefined;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "shop-scheduled-backups-"));
  storage = new LocalDiskStorage(path.join(root, "uploads"));
  await fillShop(testDb().db, storage);
  if (testDb().url) other = await openDatabase({ databaseUrl: testDb().url, migrate: false, poolSize: 2 });
});

afterAll(async () => {
  await other?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

beforeEach(async () => {
  await testDb().db.delete(backupRuns);
});

/** A fresh folder for this test's backups. */
function backupFolder(): string {
  return fs.mkdtempSync(path.join(root, "backups-"));
}

function deps(
  schedule: Partial<BackupSchedule> & { dir?: string },
  at: () => number,
  instance = "instance A",
  db = testDb().db,
): ScheduledBackupDeps {
  return {
    db,
    kind: testTarget(),
    storage,
    instance,
    now: at,
    schedule: { everyMs: EVERY, keep: 14, place: { kind: "folder", dir: schedule.dir ?? backupFolder() }, ...schedule },
  };
}

const runs = () => testDb().db.select().from(backupRuns).orderBy(asc(backupRuns.startedAt));

/** The run `deps` made, which the test expects it to make. */
async function made(scheduler: ScheduledBackupDeps) {
  const outcome = await runScheduledBackup(scheduler);
  if (!("run" in outcome) || !outcome.run) throw new Error(`no backup was made: ${JSON.stringify(outcome)}`);
  return outcome.run;
}

describe(`scheduled backups (${testTarget()})`, () => {
  it("are taken once per slot by one of two instances asking at the same moment, the other finding the slot taken", async () => {
    const dir = backupFolder();
    let now = T0 + 90_000;
    const clock = () => now;
    const a = deps({ dir }, clock, "instance A");
    const b = deps({ dir }, clock, "instance B", (other ?? testDb()).db);

    const both = await Promise.all([runScheduledBackup(a), runScheduledBackup(b)]);
    const taken = both.flatMap((o) => ("run" in o ? [o.run] : []));
    expect(taken).toHaveLength(1);
    expect(taken[0]).toMatchObject({ status: "succeeded", slot: new Date(T0), checkProblems: 0 });
    // The other found the slot taken, or the backup being made.
    expect(both.filter((o) => "skipped" in o)).toEqual([{ skipped: aStringMatching(/^(slot taken|busy)$/) }]);
    expect(fs.readdirSync(dir)).toEqual(["scheduled-20260304-060130.tar.gz"]);

    // Later in the same slot: nothing more.
    now = T0 + 2 * HOUR;
    expect(await Promise.all([runScheduledBackup(a), runScheduledBackup(b)])).toEqual([{ skipped: "slot taken" }, { skipped: "slot taken" }]);
    // The next slot: one more.
    now = T0 + EVERY + 1000;
    const next = (await Promise.all([runScheduledBackup(b), runScheduledBackup(a)])).filter((o) => "run" in o);
    expect(next).toHaveLength(1);
    expect(fs.readdirSync(dir).sort()).toEqual(["scheduled-20260304-060130.tar.gz", "scheduled-20260304-120001.tar.gz"]);
    expect((await runs()).map((r) => [r.slot.toISOString(), r.status])).toEqual([
      ["2026-03-04T06:00:00.000Z", "succeeded"],
      ["2026-03-04T12:00:00.000Z", "succeeded"],
    ]);
  });

  it("record the time, the file, its size and the data check's outcome; the file is a whole backup of the shop", async () => {
    const dir = backupFolder();
    const run = await made(deps({ dir }, () => T0 + 5000));
    const file = path.join(dir, "scheduled-20260304-060005.tar.gz");
    expect(run).toMatchObject({
      status: "succeeded",
      instance: "instance A",
      startedAt: new Date(T0 + 5000),
      finishedAt: new Date(T0 + 5000),
      location: file,
      bytes: fs.statSync(file).size,
      checkProblems: 0,
      error: null,
    });
    expect((fs.statSync(file).mode & 0o777).toString(8)).toBe("600");
    const manifest = await verifyBackup(file, shippedMigrations(migrationsFolder()));
    expect(manifest.tables.find((t) => t.table === "orders")?.rows).toBe(3);
    // The record of backups is about this place, not the shop's data.
    expect(manifest.tables.map((t) => t.table)).not.toContain("backup_runs");
    expect(await backupOverview(testDb().db)).toMatchObject({ last: { id: run.id }, lastSucceeded: null, running: null });
    expect(await backupAlert(testDb().db)).toBeNull();
  });

  it("run the data check first and record what it found; the backup is still made", async () => {
    const orphan = `products/${T0 - STAGED_UPLOAD_TTL_MS * 2}-lost0001-320.webp`;
    await storage.put(orphan, Buffer.from("abandoned"));
    try {
      const run = await made(deps({}, () => T0));
      expect(run).toMatchObject({ status: "succeeded", checkProblems: 1 });
      expect(run.checkReport).toContain(`Orphaned media file ${orphan}: nothing in the shop refers to it.`);
      expect(await backupAlert(testDb().db)).toEqual({ kind: "problems", at: new Date(T0), problems: 1 });
    } finally {
      await storage.delete(orphan);
    }
  });

  it("keep the newest BACKUP_KEEP scheduled backups, never touching other files of the folder", async () => {
    const dir = backupFolder();
    fs.writeFileSync(path.join(dir, "shop-20260101-000000.tar.gz"), "made by npm run backup");
    fs.writeFileSync(path.join(dir, "notes.txt"), "the owner's");
    // A backup whose process stopped while writing it.
    fs.writeFileSync(path.join(dir, "scheduled-20260303-000000.tar.gz.partial"), "half");
    let now = T0;
    const scheduler = deps({ dir, keep: 2 }, () => now);
    for (let slot = 0; slot < 4; slot++) {
      now = T0 + slot * EVERY;
      expect(await made(scheduler)).toMatchObject({ status: "succeeded" });
    }
    expect(fs.readdirSync(dir).sort()).toEqual([
      "notes.txt",
      "scheduled-20260304-180000.tar.gz",
      "scheduled-20260305-000000.tar.gz",
      "shop-20260101-000000.tar.gz",
    ]);
  });

  it("that fail are recorded, logged at error and shown to main admins, and the next slot tries again", async () => {
    const blocked = path.join(root, "not-a-folder");
    fs.writeFileSync(blocked, "a file where BACKUP_DIR should be");
    const error = vi.spyOn(logger, "error");
    try {
      const good = await made(deps({}, () => T0 - EVERY));
      expect(good).toMatchObject({ status: "succeeded" });
      const failed = await made(deps({ dir: blocked }, () => T0));
      expect(failed).toMatchObject({ status: "failed", location: null, bytes: null, checkProblems: 0, finishedAt: new Date(T0) });
      expect(failed.error).toMatch(/EEXIST|ENOTDIR/);
      expect(error).toHaveBeenCalledWith(expect.objectContaining({ instance: "instance A" }), "the scheduled backup failed");
      expect(await backupAlert(testDb().db)).toEqual({ kind: "failed", at: new Date(T0), error: failed.error });
      expect(await backupOverview(testDb().db)).toMatchObject({ last: { id: failed.id }, lastSucceeded: { id: good.id } });
      // A failure is not tried again within its slot …
      expect(await runScheduledBackup(deps({}, () => T0 + HOUR))).toEqual({ skipped: "slot taken" });
      // … the next slot mends it.
      expect(await made(deps({}, () => T0 + EVERY))).toMatchObject({ status: "succeeded" });
      expect(await backupAlert(testDb().db)).toBeNull();
    } finally {
      error.mockRestore();
    }
  });

  it("wait for a backup still being made, and take over from one whose process stopped", async () => {
    const { db } = testDb();
    const running = { slot: new Date(T0 - EVERY), instance: "instance Z", startedAt: new Date(T0 - 60_000) };
    // Alive a minute ago: the new slot waits rather than two backups being made at once.
    await db.insert(backupRuns).values({ ...running, heartbeatAt: new Date(T0 - 30_000) });
    expect(await claimSlot(db, { everyMs: EVERY, at: T0, instance: "instance A" })).toEqual({ skipped: "busy" });
    // Silent for longer than a heartbeat allows: its process is gone.
    await db.update(backupRuns).set({ heartbeatAt: new Date(T0 - STALE_AFTER_MS - 1) });
    expect(await claimSlot(db, { everyMs: EVERY, at: T0, instance: "instance A" })).toEqual({ id: anInstanceOf(String) });
    const [stopped] = await db.select().from(backupRuns).where(eq(backupRuns.instance, "instance Z"));
    expect(stopped).toMatchObject({ status: "failed", error: INTERRUPTED_ERROR, finishedAt: new Date(T0) });
  });

  it("take again a slot whose backup was interrupted (a restart mid-backup), once", async () => {
    const { db } = testDb();
    const slot = new Date(T0);
    await db.insert(backupRuns).values({ slot, instance: "instance Z", startedAt: new Date(T0 + 1000), heartbeatAt: new Date(T0 + 1000) });
    const later = T0 + 1000 + STALE_AFTER_MS + HEARTBEAT_MS;
    const run = await made(deps({}, () => later));
    expect(run).toMatchObject({ slot, status: "succeeded", instance: "instance A", startedAt: new Date(later), error: null });
    expect(await runs()).toHaveLength(1);
    expect(await claimSlot(db, { everyMs: EVERY, at: later + 1000, instance: "instance B" })).toEqual({ skipped: "slot taken" });
  });

  it("are looked for by the scheduler shortly after start, so a slot missed while the shop was stopped is made up", async () => {
    const dir = backupFolder();
    const scheduler = startBackupScheduler(
      deps({ dir }, () => T0 + 3 * HOUR),
      { firstCheckMs: 0 },
    );
    try {
      await vi.waitFor(async () => expect((await runs()).map((r) => r.status)).toEqual(["succeeded"]), { timeout: 20_000, interval: 50 });
      expect(fs.readdirSync(dir)).toEqual(["scheduled-20260304-090000.tar.gz"]);
    } finally {
      scheduler.stop();
    }
  });
});

describe("scheduled backups into the media bucket (BACKUP_TO=bucket)", () => {
  let s3: TestS3;
  let bucket: S3Storage;
  beforeAll(async () => {
    s3 = await startTestS3();
    bucket = new S3Storage(await s3.createBucket("scheduled-backups", "shop/"), { credentials: TEST_S3_CREDENTIALS });
    await bucket.put(
      "products/1700000000001-bag00001-320.webp",
      fs.readFileSync(path.join(root, "uploads/products/1700000000001-bag00001-320.webp")),
    );
  });
  afterAll(async () => {
    bucket?.destroy();
    await s3?.stop();
  });

  it("go under backups/ beside the media, the newest BACKUP_KEEP kept, and are never taken for media", async () => {
    let now = T0;
    const scheduler: ScheduledBackupDeps = {
      ...deps({}, () => now),
      storage: bucket,
      schedule: { everyMs: EVERY, keep: 2, place: { kind: "bucket" } },
    };
    for (let slot = 0; slot < 3; slot++) {
      now = T0 + slot * EVERY;
      expect(await made(scheduler)).toMatchObject({ status: "succeeded" });
    }
    const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: "scheduled-backups", Prefix: "shop/backups/" }));
    expect((listed.Contents ?? []).map((o) => o.Key).sort()).toEqual([
      "shop/backups/scheduled-20260304-120000.tar.gz",
      "shop/backups/scheduled-20260304-180000.tar.gz",
    ]);
    const [last] = (await runs()).slice(-1);
    expect(last.location).toBe("s3://scheduled-backups/shop/backups/scheduled-20260304-180000.tar.gz");
    expect(last.bytes).toBe((listed.Contents ?? []).find((o) => o.Key?.endsWith("180000.tar.gz"))?.Size);
    // A backup copies media, not the backups before it; the data check finds no orphans there.
    expect(await bucket.listAll()).toEqual(["products/1700000000001-bag00001-320.webp"]);
  });
});
