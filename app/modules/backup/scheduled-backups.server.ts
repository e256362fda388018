import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Writable } from "node:stream";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { and, desc, eq, lt, ne, sql } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { backupRuns } from "~/lib/db/tables/site.server";
import { logger } from "~/lib/logger.server";
import { isDatabaseUnreachable } from "~/lib/database-faults";
import { S3Storage } from "~/modules/media/s3-storage.server";
import { BACKUPS_FOLDER, type FileStorage } from "~/modules/media/storage.server";
import { partialName, writeBackupFile } from "./backup-file.server";
import { backupsToRemove, nextSlotStart, scheduledBackupName, slotStart, type BackupSchedule } from "./backup-schedule";
import { writeBackup, type BackupSource } from "./backup-writer.server";
import { checkData } from "./check-data.server";

/*
 * Scheduled backups (BACKUP_EVERY, docs/decisions/0051). Every process of every instance runs the
 * scheduler; at each slot of the schedule they all try to claim it in the database, and the one
 * whose row goes in makes the backup: the data check first, then the file, then the oldest
 * scheduled backups beyond BACKUP_KEEP go. The outcome is recorded in `backup_runs` for the back
 * office, and a failure is logged at error.
 */

export interface ScheduledBackupDeps extends BackupSource {
  schedule: BackupSchedule;
  /** Which process this is, for the record. */
  instance: string;
  /** The clock; tests move it instead of waiting hours. */
  now?: () => number;
}

export type BackupRun = typeof backupRuns.$inferSelect;

/** Serialises the claims of every process on the database (other keys: db.server.ts). */
const CLAIM_LOCK_KEY = 727_003;
/** A running backup says it is alive this often … */
export const HEARTBEAT_MS = 20_000;
/** … and one silent for this long stopped with its process (a crash, a kill, a deploy). */
export const STALE_AFTER_MS = 2 * 60_000;
/** The first look after start: a slot missed while the shop was stopped is made up then. */
const FIRST_CHECK_MS = 5_000;
/** A claim the database could not answer is tried again this soon, within the same slot. */
const RETRY_MS = 60_000;
/** The longest a timer waits before looking again (Node's timers hold at most 24.8 days). */
const LONGEST_WAIT_MS = 60 * 60_000;

export const INTERRUPTED_ERROR = "The shop stopped while this backup was being made (no sign of it for 2 minutes).";
/** Findings of the data check kept with a run (the rest are counted). */
const REPORT_LINES = 20;

/** This process, for the record: host, process id and worker. */
export function instanceName(worker?: number): string {
  return `${os.hostname()} pid ${process.pid}${worker ? ` worker ${worker}` : ""}`;
}

/** Why a process did not take a slot: another took it, or another backup is still being made. */
export type Skipped = "slot taken" | "busy";

/**
 * Claims the slot `at` falls in for `instance`, first marking runs whose process stopped as failed
 * (interrupted): the id of its run, or why not. A slot whose run was interrupted may be claimed
 * again (a deploy that restarted the shop mid-backup); one that failed otherwise waits for the next.
 */
export async function claimSlot(db: Db, input: { everyMs: number; at: number; instance: string }): Promise<{ id: string } | { skipped: Skipped }> {
  const at = new Date(input.at);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK_KEY})`);
    await tx
      .update(backupRuns)
      .set({ status: "failed", finishedAt: at, error: INTERRUPTED_ERROR })
      .where(and(eq(backupRuns.status, "running"), lt(backupRuns.heartbeatAt, new Date(input.at - STALE_AFTER_MS))));
    const [busy] = await tx.select({ slot: backupRuns.slot }).from(backupRuns).where(eq(backupRuns.status, "running")).limit(1);
    if (busy) {
      logger.info({ running: busy.slot }, "a scheduled backup is still being made: waiting for it");
      return { skipped: "busy" as const };
    }
    const fresh = { status: "running" as const, instance: input.instance, startedAt: at, heartbeatAt: at };
    const [claimed] = await tx
      .insert(backupRuns)
      .values({ slot: new Date(slotStart(input.at, input.everyMs)), ...fresh })
      .onConflictDoUpdate({
        target: backupRuns.slot,
        set: { ...fresh, finishedAt: null, location: null, bytes: null, checkProblems: null, checkReport: null, error: null },
        setWhere: and(eq(backupRuns.status, "failed"), eq(backupRuns.error, INTERRUPTED_ERROR)),
      })
      .returning({ id: backupRuns.id });
    return claimed ? { id: claimed.id } : { skipped: "slot taken" as const };
  });
}

/** Where scheduled backups go: BACKUP_DIR, or the folder `backups/` of the media bucket. */
interface BackupPlace {
  /** Where the file of this name is, for the record. */
  where(name: string): string;
  /** Writes a whole, checked backup file named `name` with `write`; its size in bytes. */
  save(name: string, write: (out: Writable) => Promise<unknown>): Promise<number>;
  /** The names of the files there. */
  names(): Promise<string[]>;
  remove(name: string): Promise<void>;
}

function folderPlace(dir: string): BackupPlace {
  return {
    where: (name) => path.join(dir, name),
    async save(name, write) {
      return (await writeBackupFile(path.join(dir, name), write)).bytes;
    },
    async names() {
      try {
        return await fs.promises.readdir(dir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw error;
      }
    },
    remove: (name) => fs.promises.rm(path.join(dir, name), { force: true }),
  };
}

function bucketPlace(storage: S3Storage): BackupPlace {
  const key = (name: string) => `${BACKUPS_FOLDER}/${name}`;
  return {
    where: (name) => `s3://${storage.config.bucket}/${storage.config.prefix}${key(name)}`,
    async save(name, write) {
      // Written and checked here first, then sent whole with its length.
      const spool = await fs.promises.mkdtemp(path.join(os.tmpdir(), "shop-scheduled-backup-"));
      try {
        const file = path.join(spool, name);
        const { bytes } = await writeBackupFile(file, write);
        await storage.client.send(
          new PutObjectCommand({
            Bucket: storage.config.bucket,
            Key: `${storage.config.prefix}${key(name)}`,
            Body: fs.createReadStream(file),
            ContentLength: bytes,
            ContentType: "application/gzip",
          }),
        );
        return bytes;
      } finally {
        await fs.promises.rm(spool, { recursive: true, force: true });
      }
    },
    names: async () => (await storage.list(BACKUPS_FOLDER)).map((k) => k.slice(BACKUPS_FOLDER.length + 1)),
    remove: (name) => storage.delete(key(name)),
  };
}

function placeOf(schedule: BackupSchedule, storage: FileStorage): BackupPlace {
  if (schedule.place.kind === "folder") return folderPlace(schedule.place.dir);
  if (!(storage instanceof S3Storage)) throw new Error("BACKUP_TO=bucket needs STORAGE_URL to name a bucket");
  return bucketPlace(storage);
}

/** Where scheduled backups go, in words for the back office. */
export function backupPlaceText(schedule: BackupSchedule, storage: FileStorage): string {
  return placeOf(schedule, storage).where("");
}

/** The data check before a backup: how many problems, and the findings (or why it could not run). */
async function checkFirst(source: BackupSource): Promise<{ problems: number | null; report: string }> {
  try {
    const check = await checkData(source.db, source.storage);
    const lines = [...check.problems.slice(0, REPORT_LINES), ...check.notes.slice(0, REPORT_LINES)];
    if (check.problemCount)
      logger.warn(
        { problems: check.problemCount, findings: check.problems.slice(0, 5) },
        "the data check before the scheduled backup found problems",
      );
    return { problems: check.problemCount, report: lines.join("\n") };
  } catch (error) {
    logger.error({ err: error }, "the data check before the scheduled backup could not run");
    return { problems: null, report: `The data check could not run: ${messageOf(error)}` };
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Takes the scheduled backup of the slot `now()` falls in, if this process claims it: the data
 * check, the backup file, the oldest scheduled backups beyond BACKUP_KEEP removed, the outcome
 * recorded (the run as recorded, or why it was skipped). A failure is recorded and logged at
 * error, never thrown; only a claim the database could not answer throws.
 */
export async function runScheduledBackup(deps: ScheduledBackupDeps): Promise<{ run: BackupRun | null } | { skipped: Skipped }> {
  const now = deps.now ?? Date.now;
  const at = now();
  const claim = await claimSlot(deps.db, { everyMs: deps.schedule.everyMs, at, instance: deps.instance });
  if ("skipped" in claim) return claim;
  const mine = eq(backupRuns.id, claim.id);
  const heartbeat = setInterval(() => {
    deps.db
      .update(backupRuns)
      .set({ heartbeatAt: new Date(now()) })
      .where(and(mine, eq(backupRuns.status, "running")))
      .catch((error: unknown) => logger.warn({ err: messageOf(error) }, "a running backup could not say it is alive"));
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let check: { problems: number | null; report: string } = { problems: null, report: "" };
  let outcome: Partial<BackupRun>;
  try {
    const place = placeOf(deps.schedule, deps.storage);
    check = await checkFirst(deps);
    const name = scheduledBackupName(at);
    const where = place.where(name);
    // Only one backup is made at a time (claimSlot): a `.partial` file left here is a stopped run's.
    const names = await place.names();
    for (const stale of names.filter((n) => n.startsWith("scheduled-") && n.endsWith(partialName("")))) await place.remove(stale);
    const bytes = await place.save(name, (out) => writeBackup(deps, out));
    logger.info({ file: where, bytes, problems: check.problems }, "scheduled backup made");
    try {
      for (const old of backupsToRemove([...names, name], deps.schedule.keep)) await place.remove(old);
    } catch (error) {
      // The backup itself is whole; the next run tries again.
      logger.warn({ err: messageOf(error) }, "older scheduled backups could not be removed");
    }
    outcome = { status: "succeeded", location: where, bytes };
  } catch (error) {
    logger.error({ err: error, instance: deps.instance }, "the scheduled backup failed");
    outcome = { status: "failed", error: messageOf(error) };
  } finally {
    clearInterval(heartbeat);
  }
  const [run] = await deps.db
    .update(backupRuns)
    .set({ ...outcome, finishedAt: new Date(now()), checkProblems: check.problems, checkReport: check.report || null })
    .where(mine)
    .returning()
    .catch((error: unknown) => {
      logger.error({ err: error }, "the outcome of the scheduled backup could not be recorded");
      return [];
    });
  return { run: run ?? null };
}

/**
 * Looks at the schedule shortly after start (making up a slot missed while the shop was stopped),
 * then at the start of every slot. Every process runs one; claimSlot lets one of them in per slot.
 */
export function startBackupScheduler(deps: ScheduledBackupDeps, options: { firstCheckMs?: number } = {}): { stop: () => void } {
  const now = deps.now ?? Date.now;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const plan = (waitMs: number) => {
    if (stopped) return;
    timer = setTimeout(look, waitMs);
    timer.unref();
  };
  const look = () => {
    runScheduledBackup(deps).then(
      (outcome) => {
        const at = now();
        // Another backup still being made (or one whose process stopped, not yet known to have):
        // looked at again once it would have been found stopped, so that this slot is not lost.
        if ("skipped" in outcome && outcome.skipped === "busy") plan(STALE_AFTER_MS + HEARTBEAT_MS);
        // Else a moment past the next slot's start.
        else plan(Math.min(nextSlotStart(at, deps.schedule.everyMs) - at + 1000, LONGEST_WAIT_MS));
      },
      (error: unknown) => {
        // An outage is logged where it is met already; anything else is a fault to see.
        const level = isDatabaseUnreachable(error) ? "warn" : "error";
        logger[level]({ err: error }, "the scheduled backup could not be claimed: trying again in a minute");
        plan(RETRY_MS);
      },
    );
  };
  plan(options.firstCheckMs ?? FIRST_CHECK_MS);
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** What the back office shows of scheduled backups. */
export interface BackupOverview {
  /** The newest run that has ended. */
  last: BackupRun | null;
  /** The newest that succeeded, when the last did not. */
  lastSucceeded: BackupRun | null;
  /** A run being made now. */
  running: BackupRun | null;
}

export async function backupOverview(db: Db): Promise<BackupOverview> {
  const [last] = await db.select().from(backupRuns).where(ne(backupRuns.status, "running")).orderBy(desc(backupRuns.startedAt)).limit(1);
  const [running] = await db.select().from(backupRuns).where(eq(backupRuns.status, "running")).orderBy(desc(backupRuns.startedAt)).limit(1);
  const [lastSucceeded] =
    last && last.status !== "succeeded"
      ? await db.select().from(backupRuns).where(eq(backupRuns.status, "succeeded")).orderBy(desc(backupRuns.startedAt)).limit(1)
      : [];
  return { last: last ?? null, lastSucceeded: lastSucceeded ?? null, running: running ?? null };
}

/** What main admins are warned of on the dashboard: the last scheduled backup failed, or its data check found problems. */
export type BackupAlert = { kind: "failed"; at: Date; error: string } | { kind: "problems"; at: Date; problems: number } | null;

export async function backupAlert(db: Db): Promise<BackupAlert> {
  const { last } = await backupOverview(db);
  if (!last) return null;
  if (last.status === "failed") return { kind: "failed", at: last.startedAt, error: last.error ?? "" };
  if (last.checkProblems) return { kind: "problems", at: last.startedAt, problems: last.checkProblems };
  return null;
}
