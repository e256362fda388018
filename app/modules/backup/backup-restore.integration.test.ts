import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { migrationsFolder, openDatabase } from "~/lib/db.server";
import { applyMigrations, shippedMigrations } from "~/lib/db/migration-journal.server";
import { RESTORE_MARKER_FILE } from "~/lib/data-refused";
import { LocalDiskStorage } from "~/modules/media/storage.server";
import { fillShop, fingerprint, newPlace, seedFolderFromTemplate, type ShopFingerprint, type ShopPlace } from "../../../tests/support/backup-shop";
import { readParts, writeParts } from "../../../tests/support/backup-files";
import { testTarget } from "../../../tests/support/test-db";
import { startTestS3, TEST_S3_CREDENTIALS, type TestS3 } from "../../../tests/support/test-s3";
import { backupCommand, restoreCommand } from "./backup-command.server";
import { writeBackup } from "./backup-writer.server";
import { verifyBackup } from "./backup-reader.server";

/*
 * A shop backed up on one database and restored on the other (embedded → PostgreSQL on the
 * embedded pass when a PostgreSQL server is given, PostgreSQL → embedded on the PostgreSQL pass),
 * its media from a local folder into a bucket; and every file a restore must refuse.
 */

const source = testTarget();
const other = source === "postgres" || !process.env.TEST_DATABASE_URL ? "pglite" : "postgres";

let root: string;
let s3: TestS3;
let bucketUrl: string;
let from: ShopPlace;
let original: ShopFingerprint;
let file: string;
const places: ShopPlace[] = [];

async function place(kind: "pglite" | "postgres", options: { storageUrl?: string } = {}) {
  const made = await newPlace(kind, root, options);
  places.push(made);
  return made;
}

async function fingerprintOf(where: ShopPlace): Promise<ShopFingerprint> {
  const opened = await where.open();
  try {
    return await fingerprint(opened.database.db, opened.storage);
  } finally {
    await opened.close();
  }
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "shop-backup-"));
  s3 = await startTestS3();
  vi.stubEnv("AWS_ACCESS_KEY_ID", TEST_S3_CREDENTIALS.accessKeyId);
  vi.stubEnv("AWS_SECRET_ACCESS_KEY", TEST_S3_CREDENTIALS.secretAccessKey);
  await s3.createBucket("restored-media");
  bucketUrl = `s3://restored-media/shop?endpoint=${s3.endpoint}`;

  from = await place(source);
  await seedFolderFromTemplate(from, inject("pgliteTemplate"));
  const opened = await from.open();
  await fillShop(opened.database.db, opened.storage);
  original = await fingerprint(opened.database.db, opened.storage);
  await opened.close();
  file = path.join(root, "shop.tar.gz");
  const result = await backupCommand([file], from.settings);
  expect(result.output).toMatch(/^Backup written: /);
  expect(result.exitCode).toBe(0);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  for (const p of places) await p.remove();
  await s3?.stop();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

describe(`a backup of a shop on ${source === "pglite" ? "the embedded database" : "PostgreSQL"}`, () => {
  it("holds every table's rows, counted, and every media file, in one file", async () => {
    const manifest = JSON.parse((await readParts(file)).at(-1)!.data.toString("utf8")) as {
      tables: { table: string; rows: number }[];
      media: { key: string; bytes: number }[];
      shopVersion: string;
      migration: { tag: string };
    };
    expect(Object.fromEntries(manifest.tables.map((t) => [t.table, t.rows]))).toEqual(
      Object.fromEntries(Object.entries(original.tables).map(([table, t]) => [table, t.rows])),
    );
    expect(manifest.media.map((m) => m.key).sort()).toEqual(Object.keys(original.media).sort());
    expect(manifest.migration.tag).toBe(shippedMigrations(migrationsFolder()).at(-1)!.tag);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it(`restores into ${other === "pglite" ? "a new data folder" : "an empty PostgreSQL database"}, media into a bucket, with every row and every media byte equal`, async () => {
    const into = await place(other, { storageUrl: bucketUrl });
    const result = await restoreCommand([file], into.settings);
    expect(result.output).toMatch(/^Restored /);
    expect(result.exitCode).toBe(0);
    const restored = await fingerprintOf(into);
    expect(restored.tables).toEqual(original.tables);
    expect(restored.media).toEqual(original.media);

    // A target that holds a shop is refused, and left as it was …
    const refused = await restoreCommand([file], into.settings);
    expect(refused.exitCode).toBe(1);
    expect(refused.output).toMatch(/is not empty: restore into an empty one, or add --replace to replace what it holds\.$/);
    expect(refused.output).not.toContain("\n");
    expect(await fingerprintOf(into)).toEqual(restored);

    // … unless told to replace it: then it is the backup's again, whatever was added since.
    const opened = await into.open();
    await opened.database.db.execute(sql`insert into subscribers (id, email) values ('added-later', 'later@example.pk')`);
    await opened.storage.put("products/1700000000099-extra001-320.webp", Buffer.from("not in the backup"));
    await opened.close();
    const replaced = await restoreCommand([file, "--replace"], into.settings);
    expect(replaced.exitCode).toBe(0);
    expect(await fingerprintOf(into)).toEqual(restored);
  });

  describe("a file a restore refuses, with one line and a non-zero status, leaving the target as it was", () => {
    let filled: ShopPlace;
    let filledBefore: ShopFingerprint;
    let empty: ShopPlace;
    beforeAll(async () => {
      filled = from;
      filledBefore = await fingerprintOf(filled);
      empty = await place(source);
    });

    const variants: [string, () => Promise<string>, RegExp][] = [
      [
        "not a backup (a text file)",
        async () => writeFile("notes.txt", Buffer.from("Shopping list: leather, thread\n")),
        /^notes\.txt is not a backup of this shop: it is not a gzip'd tar file\.$/,
      ],
      [
        "not a backup (another gzip'd tar)",
        async () => {
          const other = path.join(root, "photos.tar.gz");
          await writeParts(other, [{ name: "photo.jpg", data: Buffer.from("jpeg") }]);
          return other;
        },
        /^photos\.tar\.gz is not a backup of this shop: it starts with photo\.jpg\.$/,
      ],
      ["empty", async () => writeFile("empty.tar.gz", Buffer.alloc(0)), /^empty\.tar\.gz is not a backup of this shop: it is empty\.$/],
      [
        "truncated",
        async () => writeFile("cut.tar.gz", fs.readFileSync(file).subarray(0, Math.floor(fs.statSync(file).size * 0.6))),
        /^cut\.tar\.gz is truncated: /,
      ],
      [
        "damaged (a byte changed in the middle)",
        async () => {
          const bytes = fs.readFileSync(file);
          bytes[Math.floor(bytes.length / 2)] ^= 0xff;
          return writeFile("damaged.tar.gz", bytes);
        },
        /^damaged\.tar\.gz is damaged: /,
      ],
      [
        "a part that fails its checksum",
        async () => {
          const parts = await readParts(file);
          const orders = parts.find((p) => p.name === "db/orders.jsonl")!;
          orders.data = Buffer.from(orders.data.toString("utf8").replace('"total":', '"total":1'));
          return writeCopy("tampered.tar.gz", parts);
        },
        /^tampered\.tar\.gz is damaged: db\/orders\.jsonl does not match its SHA-256 in the manifest\.$/,
      ],
      [
        "a missing part",
        async () =>
          writeCopy(
            "short.tar.gz",
            (await readParts(file)).filter((p) => p.name !== "db/stock.jsonl"),
          ),
        /^short\.tar\.gz is damaged: db\/stock\.jsonl, named in its manifest, is missing\.$/,
      ],
      [
        "from a newer release",
        async () => {
          const parts = await readParts(file);
          for (const part of [parts[0], parts.at(-1)!]) {
            const json = JSON.parse(part.data.toString("utf8")) as Record<string, unknown>;
            part.data = Buffer.from(JSON.stringify({ ...json, shopVersion: "99.0.0", migration: { tag: "0099_returns", when: 4102444800000 } }));
          }
          return writeCopy("newer.tar.gz", parts);
        },
        /^newer\.tar\.gz was made by a newer release 99\.0\.0 \(data up to migration 0099_returns\); this is release \d+\.\d+\.\d+ \(migrations up to \d{4}_\w+\): restore it with release 99\.0\.0 or newer\.$/,
      ],
    ];

    it("cut off anywhere", async () => {
      const bytes = fs.readFileSync(file);
      const cut = path.join(root, "cut-anywhere.tar.gz");
      for (let i = 1; i < 40; i++) {
        fs.writeFileSync(cut, bytes.subarray(0, Math.floor((bytes.length * i) / 40)));
        await expect(verifyBackup(cut, shippedMigrations(migrationsFolder()))).rejects.toThrow(
          /^cut-anywhere\.tar\.gz is truncated: it ends in the middle/,
        );
      }
    });

    it.each(variants)("%s", async (_what, make, message) => {
      const bad = await make();
      for (const [target, before] of [
        [filled, filledBefore],
        [empty, undefined],
      ] as const) {
        const result = await restoreCommand([bad], target.settings);
        expect(result.exitCode).toBe(1);
        expect(result.output).toMatch(message);
        expect(result.output).not.toContain("\n");
        if (before) expect(await fingerprintOf(target)).toEqual(before);
        else await expectEmpty(target);
      }
    });
  });
});

describe("a backup from an older release", () => {
  it("is migrated forward: its rows come back in today's schema", async () => {
    const migrations = shippedMigrations(migrationsFolder());
    // Before the trigram search (migration 0006) products had no search text and no words were kept.
    const older = migrations.find((m) => m.tag === "0005_catalog_change_notices")!;
    const database = await openDatabase({ migrate: false });
    const storage = new LocalDiskStorage(fs.mkdtempSync(path.join(root, "old-media-")));
    const oldFile = path.join(root, "older.tar.gz");
    try {
      await database.db.transaction((tx) => applyMigrations(tx, migrations, older.tag));
      await database.db.execute(sql`insert into products (id, name, description) values ('old-1', 'Travel Wallet', 'Slim camel leather')`);
      await database.db.execute(sql`insert into variants (id, product_id, name, price) values ('old-v', 'old-1', 'Camel', 350000)`);
      await storage.put("products/1600000000000-oldimage-320.webp", Buffer.from("old image"));
      await database.db.execute(sql`insert into media (id, variant_id, kind, storage_key, widths, content_type)
        values ('old-m', 'old-v', 'image', 'products/1600000000000-oldimage', '{320}', 'image/webp')`);
      await writeBackup({ db: database.db, kind: "pglite", storage }, fs.createWriteStream(oldFile));
    } finally {
      await database.close();
    }
    const header = JSON.parse((await readParts(oldFile))[0].data.toString("utf8")) as { migration: { tag: string } };
    expect(header.migration.tag).toBe(older.tag);

    const into = await place(source);
    const result = await restoreCommand([oldFile], into.settings);
    expect(result.exitCode).toBe(0);
    const opened = await into.open();
    try {
      const rows = async (query: ReturnType<typeof sql>) => ((await opened.database.db.execute(query)) as { rows: unknown[] }).rows;
      expect(await rows(sql`select id, name, search_text from products`)).toEqual([
        { id: "old-1", name: "Travel Wallet", search_text: "travel wallet\nslim camel leather" },
      ]);
      expect(await rows(sql`select word from search_words order by word`)).toEqual(
        ["camel", "leather", "slim", "travel", "wallet"].map((word) => ({ word })),
      );
      expect(await rows(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).toEqual([{ n: migrations.length }]);
      // The file is only measured: its stream is closed at once, or it would open the file after the folder is gone.
      const restored = await opened.storage.open("products/1600000000000-oldimage-320.webp");
      restored?.stream.destroy();
      expect(restored?.size).toBe(9);
    } finally {
      await opened.close();
    }
  });
});

function writeFile(name: string, data: Buffer): string {
  const target = path.join(root, name);
  fs.writeFileSync(target, data);
  return target;
}

async function writeCopy(name: string, parts: { name: string; data: Buffer }[]): Promise<string> {
  const target = path.join(root, name);
  await writeParts(target, parts);
  return target;
}

/** Nothing was written to a place that was empty: no database, no marker, no media. */
async function expectEmpty(target: ShopPlace) {
  if (target.kind === "pglite") {
    expect(fs.readdirSync(target.env.dataDir)).toEqual([]);
    return;
  }
  const { Client } = await import("pg");
  const client = new Client({ connectionString: target.vars.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query(
      "select relname from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in ('public', 'drizzle')",
    );
    expect(rows).toEqual([]);
  } finally {
    await client.end();
  }
  expect(fs.existsSync(path.join(target.env.dataDir, RESTORE_MARKER_FILE))).toBe(false);
  expect(fs.existsSync(path.join(target.env.dataDir, "uploads"))).toBe(false);
}
