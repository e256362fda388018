// `npm run bench:backup`: figures of backups and restores (docs/decisions/0050).
//
//   npm run bench:backup                  the embedded database
//   BENCH_DATABASE_URL=postgres://…       also PostgreSQL (a throw-away database is created beside the
//                                         one named in the URL, and dropped afterwards)
//   npm run bench:backup -- --products=10000 --orders=100000
//
// Per database it prints the time and file size of a backup, and the time of a restore into a new
// empty target of the same kind, for the demo shop (with 200 orders) and for the shop grown to
// about 10,000 products and 100,000 orders; then checkout's orders per second (20 at a time,
// placeOrder in this process, as the shop's own process places them) while a backup runs, against
// the same run without one, with the slowest order of each. On the embedded database the backup runs in the same process as the
// orders, as the running shop makes it; on PostgreSQL on a connection of its own.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql, type SQL } from "drizzle-orm";
import { openDatabase, type Database, type Db } from "../app/lib/db.server";
import { seedDemoCatalogue } from "../app/modules/catalog/demo-catalogue.server";
import { createStorage } from "../app/modules/media/storage-factory.server";
import type { FileStorage } from "../app/modules/media/storage.server";
import { placeOrder } from "../app/modules/orders/orders.server";
import { writeBackup } from "../app/modules/backup/backup-writer.server";
import { restoreBackup } from "../app/modules/backup/restore.server";
import { sizeText } from "../app/modules/backup/backup-format";
import { testCustomer } from "../tests/support/fixtures";
import { createScratchPostgres } from "../tests/support/scratch-postgres";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const found = args.find((a) => a.startsWith(`--${name}=`));
  const value = found ? Number(found.split("=")[1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
};
const TARGET_PRODUCTS = option("products", 10_000);
const TARGET_ORDERS = option("orders", 100_000);
const DEMO_ORDERS = 200;
const ORDER_CONCURRENCY = 20;

const cleanups: (() => Promise<void> | void)[] = [];
const work = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-backup-"));
cleanups.push(() => fs.rmSync(work, { recursive: true, force: true }));

type Kind = "pglite" | "postgres";
interface Place {
  kind: Kind;
  dataDir: string;
  url?: string;
}

async function newPlace(kind: Kind): Promise<Place> {
  const dataDir = fs.mkdtempSync(path.join(work, `${kind}-`));
  if (kind === "pglite") return { kind, dataDir };
  const scratch = await createScratchPostgres(process.env.BENCH_DATABASE_URL!, "shop_bench_backup");
  cleanups.push(scratch.drop);
  return { kind, dataDir, url: scratch.url };
}

const storageOf = (place: Place) => createStorage({ kind: "local", root: path.join(place.dataDir, "uploads") });

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as { rows: T[] }).rows;
}

/** Copies every original row of `table` (ids without '-') `copies` times, renaming ids with the copy number (as `npm run bench` grows its shop). */
async function cloneRows(db: Db, table: string, idColumns: string[], copies: number, extra: Record<string, string> = {}) {
  const columns = (
    await rows<{ column_name: string }>(
      db,
      sql`select column_name from information_schema.columns where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER' order by ordinal_position`,
    )
  ).map((r) => r.column_name);
  const select = columns.map((c) => (idColumns.includes(c) ? `t.${c} || '-' || g` : (extra[c] ?? `t.${c}`)));
  await db.execute(
    sql.raw(
      `insert into ${table} (${columns.join(", ")}) select ${select.join(", ")} from ${table} t, generate_series(1, ${copies}) g where t.${idColumns[0]} not like '%-%'`,
    ),
  );
}

async function grow(db: Db) {
  const [{ products }] = await rows<{ products: number }>(db, sql`select count(*)::int as products from products`);
  const productCopies = Math.max(0, Math.ceil(TARGET_PRODUCTS / products) - 1);
  const [{ orders }] = await rows<{ orders: number }>(db, sql`select count(*)::int as orders from orders`);
  const orderCopies = Math.max(0, Math.ceil(TARGET_ORDERS / orders) - 1);
  await db.transaction(async (tx) => {
    await cloneRows(tx, "products", ["id"], productCopies, {
      name: `t.name || ' No. ' || g`,
      code: `case when t.code = '' then '' else t.code || '-' || g end`,
    });
    await cloneRows(tx, "product_categories", ["product_id"], productCopies);
    await cloneRows(tx, "variants", ["id", "product_id"], productCopies);
    await cloneRows(tx, "stock", ["id", "variant_id"], productCopies);
    await cloneRows(tx, "media", ["id", "variant_id"], productCopies);
    await cloneRows(tx, "orders", ["id", "order_number", "idempotency_key"], orderCopies, { created_at: `t.created_at - make_interval(hours => g)` });
    await tx.execute(sql`analyze orders`);
    await cloneRows(tx, "order_items", ["id", "order_id"], orderCopies);
    await cloneRows(tx, "order_history", ["id", "order_id"], orderCopies);
    await cloneRows(tx, "stock_movements", ["id", "order_id"], orderCopies);
  });
  await db.execute(sql`vacuum (analyze)`);
  const [counts] = await rows<{ products: number; orders: number }>(
    db,
    sql`select (select count(*)::int from products) as products, (select count(*)::int from orders) as orders`,
  );
  return counts;
}

async function line(db: Db) {
  const [row] = await rows<{ product: string; variant: string; size: string }>(
    db,
    sql`select v.product_id as product, v.id as variant, s.size from stock s join variants v on v.id = s.variant_id where s.qty > 0 and v.product_id not like '%-%' order by v.id, s.size limit 1`,
  );
  // Enough stock that no run runs out.
  await db.execute(sql`update stock set qty = 10000000 where variant_id = ${row.variant} and size = ${row.size}`);
  return { productID: row.product, productVariantKey: `${row.variant}_${row.size}`, productSize: row.size, productQuantity: 1 };
}

async function placeOrders(db: Db, count: number, key: string) {
  const lines = [await line(db)];
  let next = 0;
  await Promise.all(
    Array.from({ length: ORDER_CONCURRENCY }, async () => {
      while (next < count) {
        const i = next++;
        await placeOrder(db, { customer: testCustomer(), lines, idempotencyKey: `${key}-${i}` });
      }
    }),
  );
}

async function timeBackup(database: Database, storage: FileStorage, file: string) {
  const started = performance.now();
  await writeBackup({ db: database.db, kind: database.kind, storage }, fs.createWriteStream(file));
  return { seconds: (performance.now() - started) / 1000, bytes: fs.statSync(file).size };
}

async function timeRestore(kind: Kind, file: string) {
  const into = await newPlace(kind);
  const started = performance.now();
  await restoreBackup(
    file,
    into.url
      ? { kind: "postgres", url: into.url, storage: { kind: "local", root: path.join(into.dataDir, "uploads") } }
      : { kind: "pglite", dataDir: into.dataDir, storage: { kind: "local", root: path.join(into.dataDir, "uploads") } },
  );
  const seconds = (performance.now() - started) / 1000;
  fs.rmSync(into.dataDir, { recursive: true, force: true });
  return seconds;
}

/**
 * Orders per second of ORDER_CONCURRENCY shoppers while `during` runs, and over as long again
 * without it. Each order is its own task, as a request is (see backup-during-checkout's test).
 */
async function checkoutDuring(db: Db, during: () => Promise<unknown>) {
  const lines = [await line(db)];
  const shoppers = (stop: () => boolean, key: string) => {
    let placed = 0;
    let slowest = 0;
    const done = Promise.all(
      Array.from({ length: ORDER_CONCURRENCY }, async (_, n) => {
        for (let i = 0; !stop(); i++) {
          const started = performance.now();
          await placeOrder(db, { customer: testCustomer(), lines, idempotencyKey: `${key}-${n}-${i}` });
          slowest = Math.max(slowest, performance.now() - started);
          placed++;
          await new Promise((resolve) => setImmediate(resolve));
        }
      }),
    );
    return { done, placed: () => placed, slowest: () => slowest };
  };
  let running = true;
  const started = performance.now();
  const withBackup = shoppers(() => !running, "during");
  await during();
  running = false;
  const seconds = (performance.now() - started) / 1000;
  await withBackup.done;
  const duringRate = withBackup.placed() / seconds;
  const until = performance.now() + seconds * 1000;
  const without = shoppers(() => performance.now() >= until, "without");
  await without.done;
  return {
    duringRate,
    withoutRate: without.placed() / seconds,
    seconds,
    slowestDuring: withBackup.slowest() / 1000,
    slowestWithout: without.slowest() / 1000,
  };
}

async function measure(kind: Kind) {
  const label = kind === "pglite" ? "embedded database" : "PostgreSQL";
  console.log(`\n== ${label}`);
  const place = await newPlace(kind);
  const storage = storageOf(place);
  const database = await openDatabase({ databaseUrl: place.url, dataDir: place.dataDir });
  try {
    await seedDemoCatalogue(database.db, storage);
    await placeOrders(database.db, DEMO_ORDERS, "demo");
    const demo = await timeBackup(database, storage, path.join(work, `${kind}-demo.tar.gz`));
    console.log(`demo shop (${DEMO_ORDERS} orders): backup ${demo.seconds.toFixed(1)} s, ${sizeText(demo.bytes)}`);
    console.log(
      `demo shop: restore into a new ${kind === "pglite" ? "data folder" : "database"} ${(await timeRestore(kind, path.join(work, `${kind}-demo.tar.gz`))).toFixed(1)} s`,
    );

    const counts = await grow(database.db);
    const largeFile = path.join(work, `${kind}-large.tar.gz`);
    const large = await timeBackup(database, storage, largeFile);
    console.log(`${counts.products} products, ${counts.orders} orders: backup ${large.seconds.toFixed(1)} s, ${sizeText(large.bytes)}`);
    console.log(`${counts.products} products, ${counts.orders} orders: restore ${(await timeRestore(kind, largeFile)).toFixed(1)} s`);

    // On PostgreSQL the backup reads on a connection of its own, as `npm run backup` does.
    const reader = kind === "postgres" ? await openDatabase({ databaseUrl: place.url, migrate: false, poolSize: 1 }) : database;
    try {
      const checkout = await checkoutDuring(database.db, () => timeBackup(reader, storage, path.join(work, `${kind}-during.tar.gz`)));
      console.log(
        `checkout, ${ORDER_CONCURRENCY} at a time, over ${checkout.seconds.toFixed(1)} s: ${checkout.duringRate.toFixed(0)} orders/s during a backup ` +
          `(slowest order ${checkout.slowestDuring.toFixed(2)} s), ${checkout.withoutRate.toFixed(0)} orders/s without (slowest ${checkout.slowestWithout.toFixed(2)} s)`,
      );
    } finally {
      if (reader !== database) await reader.close();
    }
  } finally {
    await database.close();
  }
}

try {
  await measure("pglite");
  if (process.env.BENCH_DATABASE_URL) await measure("postgres");
  else console.log("\nBENCH_DATABASE_URL is not set: PostgreSQL was left out.");
} finally {
  for (const fn of cleanups.reverse()) await fn();
}
process.exit(0);
