import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { backupCommand } from "~/modules/backup/backup-command.server";
import { newPlace, seedFolderFromTemplate, type ShopPlace } from "../../tests/support/backup-shop";
import { testTarget } from "../../tests/support/test-db";
import { DataRefusedError } from "./data-refused";
import { migrationsFolder, openDatabase, type Db } from "./db.server";
import { shippedMigrations, SHOP_VERSION, SHOP_VERSION_SETTING } from "./db/migration-journal.server";

/*
 * Data written by a newer release is refused by this one, naming both releases, before anything
 * is migrated; data from this release records it.
 */

let root: string;
const places: ShopPlace[] = [];
const where = testTarget() === "pglite" ? "a data folder" : "a database";

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "shop-newer-"));
});
afterAll(async () => {
  for (const p of places) await p.remove();
  fs.rmSync(root, { recursive: true, force: true });
});

async function shopOnThisRelease(): Promise<ShopPlace> {
  const shop = await newPlace(testTarget(), root);
  places.push(shop);
  await seedFolderFromTemplate(shop, inject("pgliteTemplate"));
  return shop;
}

const open = (shop: ShopPlace) => openDatabase({ databaseUrl: shop.vars.DATABASE_URL, dataDir: shop.settings.dataDir });

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as { rows: T[] }).rows;
}

/** The migrations recorded in the shop's database, and the release, read without opening it as the shop does. */
type MigrationRow = { hash: string; created_at: string; version: string };
async function migrationsRecord(shop: ShopPlace): Promise<MigrationRow[]> {
  const query = `select hash, created_at::text as created_at, (select value from app_settings where key = '${SHOP_VERSION_SETTING}') as version
    from drizzle.__drizzle_migrations order by id`;
  if (shop.kind === "postgres") {
    const { Client } = await import("pg");
    const client = new Client({ connectionString: shop.vars.DATABASE_URL });
    await client.connect();
    try {
      return (await client.query<MigrationRow>(query)).rows;
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const client = new PGlite(path.join(shop.settings.dataDir, "pglite"), { extensions: { pg_trgm } });
  try {
    return (await client.query<MigrationRow>(query)).rows;
  } finally {
    await client.close();
  }
}

describe(`${where} written by a newer release`, () => {
  it("records the release that opened it", async () => {
    const shop = await shopOnThisRelease();
    const database = await open(shop);
    try {
      expect(await rows(database.db, sql`select value from app_settings where key = ${SHOP_VERSION_SETTING}`)).toEqual([{ value: SHOP_VERSION }]);
    } finally {
      await database.close();
    }
  });

  it("is refused, naming both releases, with nothing migrated: one with migrations this build lacks", async () => {
    const shop = await shopOnThisRelease();
    const newest = shippedMigrations(migrationsFolder()).at(-1)!;
    const database = await open(shop);
    await database.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-9.0.0', ${newest.when + 86_400_000})`);
    await database.db.execute(sql`update app_settings set value = '9.0.0' where key = ${SHOP_VERSION_SETTING}`);
    await database.close();
    const before = await migrationsRecord(shop);
    expect(before.at(-1)).toEqual({ hash: "from-9.0.0", created_at: String(newest.when + 86_400_000), version: "9.0.0" });

    const opening = open(shop);
    await expect(opening).rejects.toThrow(DataRefusedError);
    await expect(opening).rejects.toThrow(
      new RegExp(
        `was written by release 9\\.0\\.0 of the shop; this is release ${SHOP_VERSION.replace(/\./g, "\\.")}, which does not know its newest changes\\. Run release 9\\.0\\.0 or newer`,
      ),
    );
    // A backup of it is refused the same way (this release could not restore it either).
    const backup = await backupCommand([path.join(root, "newer.tar.gz")], shop.settings);
    expect(backup.exitCode).toBe(1);
    expect(backup.output).toMatch(/was written by release 9\.0\.0 of the shop/);
    expect(fs.existsSync(path.join(root, "newer.tar.gz"))).toBe(false);

    // Untouched: no migration ran, nothing was recorded.
    expect(await migrationsRecord(shop)).toEqual(before);
  });

  it("is refused when only its release is newer (the same migrations)", async () => {
    const shop = await shopOnThisRelease();
    const database = await open(shop);
    await database.db.execute(sql`update app_settings set value = '10.2.0' where key = ${SHOP_VERSION_SETTING}`);
    await database.close();
    await expect(open(shop)).rejects.toThrow(/was written by release 10\.2\.0 of the shop; this is release/);
  });
});
