import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { sql } from "drizzle-orm";
import { parseEnv, type Env } from "~/config.server";
import { openDatabase, type Database, type Db } from "~/lib/db.server";
import { createStorage } from "~/modules/media/storage-factory.server";
import { newId } from "~/lib/ids";
import { appSettings } from "~/lib/db/tables/site.server";
import { categories, media } from "~/lib/db/tables/catalogue.server";
import { contactSubmissions, mailOutbox, subscribers } from "~/lib/db/tables/messages.server";
import { user } from "~/lib/db/tables/accounts.server";
import { placeOrder } from "~/modules/orders/orders.server";
import type { FileStorage } from "~/modules/media/storage.server";
import { shopTables, tableLines } from "~/modules/backup/shop-tables.server";
import type { ShopSettings } from "~/modules/backup/backup-command.server";
import { insertCategory, insertProduct, testCustomer } from "./fixtures";
import { createScratchPostgres } from "./scratch-postgres";

/**
 * A small shop with something in every table that matters and values that are easy to get wrong
 * on the way through a backup: quotes, backslashes, new lines, non-Latin text, microseconds,
 * amounts beyond 2^53, arrays, nulls, a computed column, media in several folders.
 */
export async function fillShop(db: Db, storage: FileStorage, options: { outboxRows?: number } = {}) {
  const categoryId = await insertCategory(db, `Bags "quoted" \\ back\nslash — چمڑا`);
  await db
    .update(categories)
    .set({ imageKey: "category_images/1700000000000-cat00001" })
    .where(sql`id = ${categoryId}`);
  await storage.put("category_images/1700000000000-cat00001-320.webp", randomBytes(3000));
  await storage.put("category_images/1700000000000-cat00001-640.webp", randomBytes(7000));
  const bag = await insertProduct(db, {
    name: "Weekend Bag — ہاتھ سے بنا",
    description: "Full-grain leather.\nTab\there, emoji 👜, a \\ backslash and 'quotes'",
    categoryIds: [categoryId],
    createdAt: new Date("2025-03-01T10:11:12.345Z"),
    variants: [
      { name: "Tan", price: 1_250_000, stock: [["", 40]], images: ["products/1700000000001-bag00001"] },
      { name: "Black", price: 1_300_000, inOffer: true, discountPrice: 1_100_000, stock: [["", 25]] },
    ],
  });
  await storage.put("products/1700000000001-bag00001-320.webp", randomBytes(5000));
  await storage.put("products/1700000000001-bag00001-640.webp", randomBytes(12_000));
  const [shoeVariant] = (
    await insertProduct(db, {
      name: "Peshawari Chappal",
      categoryIds: [categoryId],
      variants: [
        {
          name: "Brown",
          price: 650_000,
          stock: [
            ["42", 10],
            ["43", 8],
          ],
        },
      ],
    })
  ).variants;
  await db.insert(media).values({
    variantId: shoeVariant.id,
    kind: "video",
    position: 1,
    storageKey: "products/1700000000002-vid00001.mp4",
    widths: [],
    contentType: "video/mp4",
  });
  await storage.put("products/1700000000002-vid00001.mp4", randomBytes(40_000));
  await db.execute(sql`update products set rating = 4.7, review_count = 12 where id = ${bag.productId}`);

  for (let i = 0; i < 3; i++) {
    await placeOrder(db, {
      customer: testCustomer({ firstName: i === 0 ? "عائشہ" : `Buyer ${i}`, notes: "Leave at the gate\nafter 5 pm" }),
      lines: [{ productID: bag.productId, productVariantKey: `${bag.variants[0].id}_`, productSize: "", productQuantity: 1 + i }],
      idempotencyKey: `fill-${i}-${newId()}`,
    });
  }
  await db.insert(subscribers).values([{ email: "one@example.pk" }, { email: "Two@Example.pk" }]);
  await db.insert(contactSubmissions).values({ name: "Bilal", email: "bilal@example.pk", message: "Do you ship to Karachi?\n\nThanks", read: true });
  await db
    .insert(user)
    .values({ id: newId(), name: "Owner", email: "owner@example.pk", role: "main-admin", createdAt: new Date("2025-01-01T00:00:00.123456Z") });
  await db.insert(appSettings).values({ key: "huge_number_test", value: "9007199254740993" });
  // Money far beyond what JavaScript numbers hold exactly: kept as the database wrote it.
  await db.execute(sql`update variants set price = 9007199254740993 where product_id = ${bag.productId} and name = 'Black'`);
  const outboxRows = options.outboxRows ?? 0;
  for (let i = 0; i < outboxRows; i += 500) {
    const rows = Array.from({ length: Math.min(500, outboxRows - i) }, (_, j) => ({
      to: `reader${i + j}@example.pk`,
      subject: `News ${i + j}`,
      text: "x".repeat(1000),
      status: "sent" as const,
    }));
    await db.insert(mailOutbox).values(rows);
  }
  return { categoryId, bag };
}

export interface ShopFingerprint {
  tables: Record<string, { rows: number; sha256: string }>;
  media: Record<string, string>;
}

/** Rows and a SHA-256 of the content of every table (as row_to_json writes it, in UTC), and a SHA-256 of every stored file. */
export async function fingerprint(db: Db, storage: FileStorage): Promise<ShopFingerprint> {
  const tables: ShopFingerprint["tables"] = {};
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    for (const table of await shopTables(tx)) {
      const hash = createHash("sha256");
      let rows = 0;
      for await (const lines of tableLines(tx, table)) {
        rows += lines.length;
        for (const line of lines) hash.update(`${line}\n`);
      }
      tables[table.name] = { rows, sha256: hash.digest("hex") };
    }
  });
  const files: ShopFingerprint["media"] = {};
  for (const key of await storage.listAll()) {
    const file = await storage.open(key);
    files[key] = createHash("sha256")
      .update(await buffer(file!.stream))
      .digest("hex");
  }
  return { tables, media: files };
}

/** A place a shop lives: an embedded data folder or a PostgreSQL database, with its media storage; for backup and restore tests. */
export interface ShopPlace {
  kind: "pglite" | "postgres";
  env: Env;
  /** What the backup commands read of `env`. */
  settings: ShopSettings;
  /** The variables a command run as a child process needs to find the same place. */
  vars: Record<string, string>;
  /** Opens the shop's database (migrating it, as a start does) and storage. */
  open(): Promise<{ database: Database; storage: FileStorage; close(): Promise<void> }>;
  /** Removes the place. */
  remove(): Promise<void>;
}

/**
 * A new, empty place in `root`: an embedded data folder, or (postgres) a scratch database on the
 * server at TEST_DATABASE_URL with its local media folder in `root`. `storageUrl` puts the media
 * in a bucket instead.
 */
export async function newPlace(kind: "pglite" | "postgres", root: string, options: { storageUrl?: string } = {}): Promise<ShopPlace> {
  const dataDir = fs.mkdtempSync(path.join(root, `${kind}-`));
  let url: string | undefined;
  let drop = async () => {};
  if (kind === "postgres") {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error("a PostgreSQL place needs TEST_DATABASE_URL");
    const scratch = await createScratchPostgres(serverUrl, "shop_backup");
    url = scratch.url;
    drop = scratch.drop;
  }
  const vars: Record<string, string> = { DATA_DIR: dataDir, BACKUP_DIR: path.join(root, "backups") };
  if (url) vars.DATABASE_URL = url;
  if (options.storageUrl) vars.STORAGE_URL = options.storageUrl;
  const env = parseEnv(vars);
  return {
    kind,
    env,
    settings: { databaseUrl: env.DATABASE_URL, dataDir: env.dataDir, backupDir: env.backupDir, storage: env.storage },
    vars,
    async open() {
      const storage = createStorage(env.storage);
      const database = await openDatabase({ databaseUrl: url, dataDir });
      return {
        database,
        storage,
        close: async () => {
          if ("destroy" in storage && typeof storage.destroy === "function") (storage as { destroy(): void }).destroy();
          await database.close();
        },
      };
    },
    async remove() {
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Gives an embedded place a migrated, empty database copied from the integration tests' template
 * (tests/support/pglite-template.ts): seconds faster than creating one.
 */
export async function seedFolderFromTemplate(place: ShopPlace, template: string): Promise<void> {
  if (place.kind !== "pglite" || !template) return;
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const client = new PGlite(path.join(place.env.dataDir, "pglite"), {
    extensions: { pg_trgm },
    loadDataDir: new Blob([fs.readFileSync(template)]),
  });
  await client.waitReady;
  await client.close();
}
