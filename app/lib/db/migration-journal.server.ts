import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { version } from "../../../package.json";
import type { Db } from "../db.server";

/**
 * The committed SQL migrations (drizzle/), read as drizzle's migrator reads them, with their tags:
 * what a backup names as its last migration, what a restore replays up to that point, and what
 * tells data written by a newer release from data this build knows (docs/decisions/0050).
 */
export interface ShippedMigration {
  tag: string;
  /** When it was made: drizzle records it as the migration's `created_at`, and applies what is newer. */
  when: number;
  /** SHA-256 of the file, as drizzle records it. */
  hash: string;
  statements: string[];
}

/** This build's release (package.json). */
export const SHOP_VERSION: string = version;

/** The key of `app_settings` that names the newest release that opened the database. */
export const SHOP_VERSION_SETTING = "shop_version";

let cachedFolder: string | undefined;
let cached: ShippedMigration[] | undefined;

/** The migrations this build ships, oldest first. */
export function shippedMigrations(folder: string): ShippedMigration[] {
  if (cached && cachedFolder === folder) return cached;
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as { entries: { tag: string; when: number }[] };
  cached = journal.entries.map((entry) => {
    const text = fs.readFileSync(path.join(folder, `${entry.tag}.sql`), "utf8");
    return {
      tag: entry.tag,
      when: entry.when,
      hash: crypto.createHash("sha256").update(text).digest("hex"),
      statements: text.split("--> statement-breakpoint"),
    };
  });
  cachedFolder = folder;
  return cached;
}

type Rows<T> = { rows: T[] };

/** When the newest migration applied to the database was made, or null for a database without any. */
export async function newestAppliedMigration(db: Db): Promise<number | null> {
  const exists = (await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`)) as Rows<{
    found: boolean;
  }>;
  if (!exists.rows[0]?.found) return null;
  const result = (await db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`)) as Rows<{
    newest: string | number | null;
  }>;
  const newest = result.rows[0]?.newest;
  return newest === null || newest === undefined ? null : Number(newest);
}

/** The release named in the database as the newest that opened it, or null (none yet, or written before releases were recorded). */
export async function recordedShopVersion(db: Db): Promise<string | null> {
  const exists = (await db.execute(sql`select to_regclass('public.app_settings') is not null as found`)) as Rows<{ found: boolean }>;
  if (!exists.rows[0]?.found) return null;
  const result = (await db.execute(sql`select value from app_settings where key = ${SHOP_VERSION_SETTING}`)) as Rows<{ value: string }>;
  return result.rows[0]?.value ?? null;
}

/** Records this build's release as the newest that opened the database (after its migrations ran). */
export async function recordShopVersion(db: Db): Promise<void> {
  await db.execute(sql`insert into app_settings (key, value) values (${SHOP_VERSION_SETTING}, ${SHOP_VERSION})
    on conflict (key) do update set value = excluded.value where app_settings.value is distinct from excluded.value`);
}

/** Orders release numbers (1.10.0 after 1.9.2); a part that is not a number counts as 0. */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) =>
    v
      .split(/[.+-]/)
      .slice(0, 3)
      .map((p) => Number(p) || 0);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

/**
 * What makes data newer than this build: migrations it does not ship, or a newer release recorded
 * in it. Null when this build may open it.
 */
export function newerThanThisBuild(
  data: { newestMigration: number | null; version: string | null },
  migrations: ShippedMigration[],
): { version: string | null } | null {
  const newestShipped = Math.max(0, ...migrations.map((m) => m.when));
  if (data.newestMigration !== null && data.newestMigration > newestShipped) return { version: data.version };
  if (data.version !== null && compareVersions(data.version, SHOP_VERSION) > 0) return { version: data.version };
  return null;
}

/**
 * Runs, in `tx`, the shipped migrations newer than those applied, up to and including `upTo` (a
 * tag; all when absent), recording each as drizzle's migrator does. The caller's transaction makes
 * them all or none.
 */
export async function applyMigrations(tx: Db, migrations: ShippedMigration[], upTo?: string): Promise<void> {
  const last = upTo === undefined ? migrations.length - 1 : migrations.findIndex((m) => m.tag === upTo);
  if (last < 0) throw new Error(`Unknown migration ${upTo}`);
  await tx.execute(sql`create schema if not exists drizzle`);
  await tx.execute(sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`);
  const applied = await newestAppliedMigration(tx);
  for (const migration of migrations.slice(0, last + 1)) {
    if (applied !== null && migration.when <= applied) continue;
    for (const statement of migration.statements) await tx.execute(sql.raw(statement));
    await tx.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.when})`);
  }
}
