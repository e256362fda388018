import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { png } from "../support/images";
import { createScratchPostgres } from "../support/scratch-postgres";
import { startShopProcess, stopEveryShop, type ShopProcess } from "../support/shop-process";
import { mountTinyDisk, tinyDiskUnavailable, type TinyDisk } from "../support/tiny-disk";
import { checkoutForm } from "../support/test-customer";

/*
 * The production server on a data folder of its own small disk (tmpfs): filled while it runs, then
 * given space again; and started on a full and on a read-only folder. Writes are refused with 503,
 * a message and Retry-After while the folder cannot take them, /readyz says why, everything works
 * again by itself once space is back, and a start on a faulty folder is a listed configuration
 * problem with exit code 1 that leaves no lock behind (docs/decisions/0048-disk-faults.md).
 */
const root = path.resolve(import.meta.dirname, "../..");
const OWNER = { email: "owner@example.pk", password: "Owner-Disk-Ledger-5512" };
const MB = 1024 * 1024;
/** What a shopper reads (app/lib/disk-fault.ts). */
const SHOPPER_TEXT =
  "Sorry, the shop cannot take orders or save anything right now because of a problem on our side. Nothing was saved: please try again later.";

const missing =
  tinyDiskUnavailable() ?? (fs.existsSync(path.join(root, "build", "server", "index.js")) ? null : "the production build is missing (npm run build)");
test.skip(missing !== null, `Disk fault test left out: ${missing}`);

const disks: TinyDisk[] = [];
test.afterAll(async () => {
  await stopEveryShop();
  for (const disk of disks) disk.remove();
});

type Shop = ShopProcess;

/** Starts the production server with its main admin; resolves once it is ready, or once it has exited (`ready: false`). */
const startShop = (env: Record<string, string>) => startShopProcess({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password, ...env });

/** A form post as the shop's own page sends it; `cookie` signs it in. */
function post(shop: Shop, target: string, form: Record<string, string>, cookie = "") {
  return fetch(`${shop.url}${target}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: shop.url, ...(cookie && { cookie }) },
    body: new URLSearchParams(form).toString(),
  });
}

async function logIn(shop: Shop): Promise<string> {
  const answer = await post(shop, "/login", OWNER);
  expect(answer.status).toBe(302);
  return answer.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function upload(shop: Shop, cookie: string, image: Buffer) {
  const answer = await fetch(`${shop.url}/admin/uploads?kind=image`, {
    method: "POST",
    headers: { "content-type": "image/png", origin: shop.url, cookie },
    body: new Uint8Array(image),
  });
  return { status: answer.status, retryAfter: answer.headers.get("retry-after"), body: (await answer.json()) as { ok: boolean; message?: string } };
}

interface Stocked {
  productId: string;
  variantId: string;
  size: string;
}

function orderOf(item: Stocked, key: string) {
  return checkoutForm({
    cart: JSON.stringify([
      { productID: item.productId, productVariantKey: `${item.variantId}_${item.size}`, productSize: item.size, productQuantity: 1 },
    ]),
    idempotencyKey: key,
  });
}

async function readyz(shop: Shop) {
  const answer = await fetch(`${shop.url}/readyz`);
  return { status: answer.status, body: (await answer.json()) as { status: string; folders: string } };
}

/** Reads the embedded database of a stopped shop. */
async function withEmbedded<T>(dataDir: string, read: (db: PGlite) => Promise<T>): Promise<T> {
  const db = new PGlite(path.join(dataDir, "pglite"));
  try {
    return await read(db);
  } finally {
    await db.close();
  }
}

test("embedded: a full data folder refuses writes with 503 and says why, the shop recovers by itself, and a start on a full or read-only folder is a listed problem", async () => {
  test.setTimeout(300_000);
  const disk = mountTinyDisk(160);
  disks.push(disk);
  const dataDir = path.join(disk.dir, "data");

  // The first start creates the database and loads the demo; then a size in stock is looked up.
  const first = await startShop({ DATA_DIR: dataDir });
  expect(first.ready, first.log.join("")).toBe(true);
  expect(await first.stop()).toBe(0);
  const item = await withEmbedded(dataDir, async (db) => {
    const { rows } = await db.query<{ product_id: string; variant_id: string; size: string }>(
      `select v.product_id, v.id as variant_id, s.size from stock s join variants v on v.id = s.variant_id where s.qty >= 5 order by s.id limit 1`,
    );
    return { productId: rows[0].product_id, variantId: rows[0].variant_id, size: rows[0].size };
  });

  const shop = await startShop({ DATA_DIR: dataDir });
  expect(shop.ready, shop.log.join("")).toBe(true);
  const cookie = await logIn(shop);
  const image = await png(64, 48);
  expect((await post(shop, "/checkout", orderOf(item, "disk-fault-before-0001"))).status).toBe(200);

  // Less free than the reserve the embedded database needs: the folder counts as full (the shop
  // looks at its folders at most once a second).
  disk.fill(16 * MB);
  await expect.poll(async () => (await readyz(shop)).status, { timeout: 10_000 }).toBe(503);
  const refused = await post(shop, "/checkout", orderOf(item, "disk-fault-refused-0001"));
  expect(refused.status).toBe(503);
  expect(refused.headers.get("retry-after")).toBe("60");
  expect(await refused.text()).toBe(SHOPPER_TEXT);
  const staffText = new RegExp(
    `^Nothing can be saved right now: the shop's data folder ${dataDir} is full \\(\\d+ MB free; the shop needs at least 32 MB free there\\)`,
  );
  const uploaded = await upload(shop, cookie, image);
  expect(uploaded.status).toBe(503);
  expect(uploaded.retryAfter).toBe("60");
  expect(uploaded.body.message).toMatch(staffText);
  const saved = await post(shop, "/admin/categories", { intent: "add", name: "Wallets on a full disk" }, cookie);
  expect(saved.status).toBe(503);
  expect(await saved.text()).toMatch(staffText);
  const contact = await post(shop, "/contact", {
    name: "Bilal",
    email: "bilal@example.pk",
    subject: "Sizes",
    message: "Do you make belts in size 44?",
  });
  expect(contact.status).toBe(503);
  const notReady = await readyz(shop);
  expect(notReady.status).toBe(503);
  expect(notReady.body.status).toBe("unavailable");
  expect(notReady.body.folders).toMatch(new RegExp(`^the shop's data folder ${dataDir} is full`));
  // Pages are still shown.
  expect((await fetch(`${shop.url}/product/${item.productId}`)).status).toBe(200);

  // Space again: ready within seconds, and orders and uploads are taken, with no restart.
  disk.empty();
  await expect.poll(async () => (await readyz(shop)).status, { timeout: 10_000 }).toBe(200);
  expect((await post(shop, "/checkout", orderOf(item, "disk-fault-after-00001"))).status).toBe(200);
  expect((await upload(shop, cookie, image)).body.ok).toBe(true);
  expect(await shop.stop()).toBe(0);

  // The acknowledged orders are stored, the refused one is not.
  const keys = await withEmbedded(dataDir, async (db) => (await db.query<{ k: string }>(`select idempotency_key as k from orders order by k`)).rows);
  expect(keys.map((r) => r.k)).toEqual(["disk-fault-after-00001", "disk-fault-before-0001"]);

  // A start on a full folder: the listed problem, exit code 1, no lock left behind, no stack trace.
  disk.fill(16 * MB);
  const onFull = await startShop({ DATA_DIR: dataDir });
  expect(onFull.ready).toBe(false);
  expect(onFull.process.exitCode).toBe(1);
  const fullLog = onFull.log.join("");
  expect(fullLog).toMatch(
    new RegExp(
      `The shop cannot start; fix its configuration:\\n  - DATA_DIR: The shop's data folder ${dataDir} is full \\(\\d+ MB free; the shop needs at least 32 MB free there\\)`,
    ),
  );
  expect(fullLog).not.toMatch(/\n\s+at /);
  expect(fs.readdirSync(dataDir).filter((name) => name.startsWith("shop.lock"))).toEqual([]);

  // A start on a read-only folder: the same.
  disk.empty();
  disk.readOnly();
  const onReadOnly = await startShop({ DATA_DIR: dataDir });
  expect(onReadOnly.ready).toBe(false);
  expect(onReadOnly.process.exitCode).toBe(1);
  const readOnlyLog = onReadOnly.log.join("");
  expect(readOnlyLog).toContain(`The shop cannot start; fix its configuration:\n  - DATA_DIR: The shop's data folder ${dataDir} is read-only`);
  expect(readOnlyLog).not.toMatch(/\n\s+at /);
  disk.writable();
  expect(fs.readdirSync(dataDir).filter((name) => name.startsWith("shop.lock"))).toEqual([]);

  // And with the fault gone, the shop starts at once.
  const again = await startShop({ DATA_DIR: dataDir });
  expect(again.ready, again.log.join("")).toBe(true);
  expect(await again.stop()).toBe(0);
});

test("PostgreSQL: a full data folder refuses uploads and says so, while orders are still taken", async () => {
  test.skip(!process.env.TEST_DATABASE_URL, "TEST_DATABASE_URL is not set (a PostgreSQL server is needed)");
  test.setTimeout(180_000);
  const scratch = await createScratchPostgres(process.env.TEST_DATABASE_URL!, "shop_disk");
  const database = new pg.Client({ connectionString: scratch.url });
  try {
    const disk = mountTinyDisk(48);
    disks.push(disk);
    const dataDir = path.join(disk.dir, "data");
    const shop = await startShop({ DATA_DIR: dataDir, DATABASE_URL: scratch.url });
    expect(shop.ready, shop.log.join("")).toBe(true);
    await database.connect();
    const item = { productId: "prd-disk", variantId: "var-disk", size: "34" };
    await database.query(`insert into products (id, name) values ($1, 'Disk Belt')`, [item.productId]);
    await database.query(`insert into variants (id, product_id, name, price) values ($1, $2, 'Black', 450000)`, [item.variantId, item.productId]);
    await database.query(`insert into stock (id, variant_id, size, qty) values ('stk-disk', $1, '34', 10)`, [item.variantId]);
    const cookie = await logIn(shop);
    const image = await png(64, 48);

    disk.fill(16 * MB);
    await expect.poll(async () => (await readyz(shop)).status, { timeout: 10_000 }).toBe(503);
    const uploaded = await upload(shop, cookie, image);
    expect(uploaded.status).toBe(503);
    expect(uploaded.body.message).toMatch(new RegExp(`^Nothing can be saved right now: the shop's media folder ${dataDir}/uploads is full`));
    // The order goes to PostgreSQL, its mail waits in the outbox table: taken as usual.
    expect((await post(shop, "/checkout", orderOf(item, "disk-fault-postgres-01"))).status).toBe(200);
    const notReady = await readyz(shop);
    expect(notReady.status).toBe(503);
    expect(notReady.body.folders).toMatch(/is full/);

    disk.empty();
    await expect.poll(async () => (await readyz(shop)).status, { timeout: 10_000 }).toBe(200);
    expect((await upload(shop, cookie, image)).body.ok).toBe(true);
    expect(await shop.stop()).toBe(0);
  } finally {
    await database.end().catch(() => {});
    await scratch.drop();
  }
});
