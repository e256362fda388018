import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { postgresPrograms, startOwnPostgres, type OwnPostgres } from "../support/own-postgres";
import { startShopProcess, type ShopProcess } from "../support/shop-process";
import { checkoutForm } from "../support/test-customer";

/*
 * A PostgreSQL outage under load (docs/decisions/0049-database-blinks.md): the production build on
 * a PostgreSQL server of the test's own, with one worker and with two. Shoppers place orders in
 * six loops and browse in another while the server is stopped (`pg_ctl stop -m fast`, as
 * `pg_ctlcluster … stop -m fast` does) for BLINK_SECONDS (10 unless set; the goal is up to 60)
 * and started again. A shopper whose order was not acknowledged sends the same form again (the
 * same idempotency key), as pressing the button again does.
 *
 * During the outage every page not kept in memory answers 503 with the shop's own page and
 * Retry-After, and /readyz says not ready. Afterwards the same
 * processes serve again by themselves, every acknowledged order is in the database exactly once,
 * no order is placed twice, and the stock taken is exactly what those orders hold.
 */
const root = path.resolve(import.meta.dirname, "../..");
const BLINK_SECONDS = Number(process.env.BLINK_SECONDS) || 10;
const LOOPS = 6;

const missing = !postgresPrograms()
  ? "PostgreSQL's programs (initdb, pg_ctl) are not installed (apt-get install -y postgresql-15)"
  : !fs.existsSync(path.join(root, "build", "server", "cluster.js"))
    ? "the production build is missing (npm run build)"
    : null;
test.skip(missing !== null, `Database blink test left out: ${missing}`);

interface Shop extends ShopProcess {
  dataDir: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How many times the shop's log says `line`. */
const timesLogged = (shop: Shop, line: string) => shop.logged(line);

/** The shop on `databaseUrl` with `workers` workers and a data folder of its own; resolves once every worker serves, or at once. */
async function startShop(databaseUrl: string, workers: number, options: { waitUntilServing?: boolean } = {}): Promise<Shop> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-blink-"));
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    WEB_CONCURRENCY: String(workers),
    // Each order comes from an address of its own (X-Forwarded-For), so no per-address limit applies.
    TRUST_PROXY: "1",
    LOG_LEVEL: "info",
  };
  const shop = await startShopProcess(
    env,
    options.waitUntilServing === false ? { until: "started" } : { until: "serving", serving: workers, timeoutMs: 90_000 },
  );
  if (options.waitUntilServing !== false && !shop.ready) throw new Error(`the shop exited while starting: ${shop.log.join("")}`);
  return { ...shop, dataDir };
}

async function stopShop(shop: Shop | undefined) {
  if (!shop) return;
  await shop.stop();
  fs.rmSync(shop.dataDir, { recursive: true, force: true });
}

/** The shop's processes: the primary's pid and its children's. */
function processesOf(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`;
  const children = fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim().split(/\s+/).filter(Boolean).map(Number) : [];
  return [pid, ...children].sort();
}

interface Answer {
  status: number;
  headers: Headers;
  body: string;
}

/** One request; a connection that fails (the port closed) is answered with status 0. */
async function ask(url: string, init: RequestInit = {}): Promise<Answer> {
  try {
    const response = await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(20_000) });
    return { status: response.status, headers: response.headers, body: await response.text() };
  } catch {
    return { status: 0, headers: new Headers(), body: "" };
  }
}

for (const workers of [1, 2]) {
  test(`with ${workers} worker${workers === 1 ? "" : "s"}, a ${BLINK_SECONDS} s PostgreSQL stop under load loses no acknowledged order, answers 503 meanwhile and recovers by itself`, async () => {
    test.setTimeout(180_000 + BLINK_SECONDS * 1000);
    let own: OwnPostgres | undefined;
    let shop: Shop | undefined;
    let database: pg.Client | undefined;
    try {
      own = await startOwnPostgres();
      shop = await startShop(own.url, workers);
      const { url } = shop;
      const pids = processesOf(shop.process.pid!);
      expect(pids.length).toBe(workers === 1 ? 1 : 1 + workers);

      // A belt with plenty of stock.
      database = new pg.Client({ connectionString: own.url });
      await database.connect();
      const suffix = randomUUID().slice(0, 8);
      const [categoryId, productId, variantId, stockId] = ["cat", "prd", "var", "stk"].map((p) => `${p}-${suffix}`);
      const STOCK = 100_000;
      await database.query(`insert into categories (id, name) values ($1, $2)`, [categoryId, `Belts ${suffix}`]);
      await database.query(`insert into products (id, name) values ($1, $2)`, [productId, `Blink Belt ${suffix}`]);
      await database.query(`insert into product_categories (product_id, category_id) values ($1, $2)`, [productId, categoryId]);
      await database.query(`insert into variants (id, product_id, name, price) values ($1, $2, 'Black', 450000)`, [variantId, productId]);
      await database.query(`insert into stock (id, variant_id, size, qty) values ($1, $2, '34', $3)`, [stockId, variantId, STOCK]);
      await database.end();
      database = undefined;

      // Six shoppers ordering, one at a time each, and one browsing the home page and searches.
      let stopLoops = false;
      const acknowledged = new Map<string, number>();
      const statuses: Record<string, number> = {};
      const count = (what: string, status: number) => void (statuses[`${what} ${status}`] = (statuses[`${what} ${status}`] ?? 0) + 1);
      let address = 0;
      const checkoutLoop = async (loop: number) => {
        for (let n = 0; !stopLoops; n++) {
          const key = `blink-${suffix}-${loop}-${n}-${randomUUID().slice(0, 8)}`;
          const quantity = 1 + (n % 3);
          const form = new URLSearchParams(
            checkoutForm({
              email: `blink-${loop}-${n}@example.pk`,
              phone: `0300-${String(1_000_000 + loop * 10_000 + n).slice(-7)}`,
              cart: JSON.stringify([{ productID: productId, productVariantKey: `${variantId}_34`, productSize: "34", productQuantity: quantity }]),
              idempotencyKey: key,
            }),
          ).toString();
          // Not acknowledged: the shopper presses Place Order again, with the same form.
          for (let attempt = 0; ; attempt++) {
            address++;
            const answer = await ask(`${url}/checkout`, {
              method: "POST",
              body: form,
              headers: {
                "content-type": "application/x-www-form-urlencoded",
                origin: url,
                accept: "text/html",
                "x-forwarded-for": `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
              },
            });
            count("checkout", answer.status);
            if (answer.status === 200) {
              acknowledged.set(key, quantity);
              break;
            }
            if (answer.status !== 503) throw new Error(`checkout answered ${answer.status}: ${answer.body.slice(0, 300)}`);
            expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
            await sleep(300);
          }
        }
      };
      const browseLoop = async () => {
        for (let n = 0; !stopLoops; n++) {
          const page = n % 2 ? "/" : `/shop?q=${encodeURIComponent(`belt ${suffix} ${n}`)}`;
          const answer = await ask(`${url}${page}`, { headers: { accept: "text/html" } });
          count(n % 2 ? "home" : "search", answer.status);
          await sleep(50);
        }
      };
      const loops = Promise.all([...Array.from({ length: LOOPS }, (_, loop) => checkoutLoop(loop)), browseLoop()]);
      loops.catch(() => {});

      await sleep(3000);
      const before = acknowledged.size;
      expect(before, "orders are placed before the outage").toBeGreaterThan(0);

      own.stop();
      const stoppedAt = Date.now();
      // Not ready, and every page not kept answers 503 with the shop's own page and Retry-After.
      await expect.poll(async () => (await ask(`${url}/readyz`)).status, { timeout: 10_000 }).toBe(503);
      const page = await ask(`${url}/shop?q=${encodeURIComponent(`outage ${suffix}`)}`, { headers: { accept: "text/html" } });
      expect(page.status).toBe(503);
      expect(Number(page.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(page.body).toContain("We'll be right back");
      expect(page.body).toContain("The shop is briefly unavailable. Please try again in a minute.");
      expect(page.body).toContain("Chamra Leather");
      // A script's data request gets the words alone (the page's error boundary shows them).
      const data = await ask(`${url}/shop.data?q=${encodeURIComponent(`outage data ${suffix}`)}`);
      expect(data.status).toBe(503);
      expect(data.headers.get("x-remix-response")).toBeNull();
      expect(data.body).toBe("The shop is briefly unavailable. Please try again in a minute.");
      // A form sent by the page's scripts reaches its action, which answers in the form, so the
      // page and what was typed stay.
      const scripted = await ask(`${url}/checkout.data`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: url },
        body: new URLSearchParams(
          checkoutForm({
            email: "scripted@example.pk",
            phone: "0300-7654321",
            cart: JSON.stringify([{ productID: productId, productVariantKey: `${variantId}_34`, productSize: "34", productQuantity: 1 }]),
            idempotencyKey: `blink-${suffix}-scripted-${randomUUID().slice(0, 8)}`,
          }),
        ).toString(),
      });
      expect(scripted.status).toBe(503);
      expect(scripted.headers.get("x-remix-response")).toBe("yes");
      expect(scripted.body).toContain("The shop is briefly unavailable. Please try again in a minute.");
      // A form sent without scripts gets the page, which says what to do.
      const sent = await ask(`${url}/contact`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: url, accept: "text/html" },
        body: "name=Ali&email=ali%40example.pk&subject=other&message=Hello",
      });
      expect(sent.status).toBe(503);
      expect(sent.body).toContain("send it again in a minute");
      await sleep(Math.max(0, BLINK_SECONDS * 1000 - (Date.now() - stoppedAt)));
      const duringOutage = acknowledged.size;

      own.start();
      const startedAt = Date.now();
      // Ready again by itself, with the same processes.
      await expect.poll(async () => (await ask(`${url}/readyz`)).status, { timeout: 60_000 }).toBe(200);
      const recoveredMs = Date.now() - startedAt;
      await expect.poll(async () => (await ask(`${url}/shop?q=${encodeURIComponent(`after ${suffix}`)}`)).status, { timeout: 15_000 }).toBe(200);
      await expect.poll(() => acknowledged.size, { timeout: 30_000, message: "orders are acknowledged again" }).toBeGreaterThan(duringOutage + LOOPS);
      await sleep(2000);
      stopLoops = true;
      await loops;
      expect(processesOf(shop.process.pid!), `the shop's processes were not replaced:\n${shop.log.join("")}`).toEqual(pids);

      // Every acknowledged order exactly once; none placed that was not acknowledged; stock to the unit.
      database = new pg.Client({ connectionString: own.url });
      await database.connect();
      const { rows } = await database.query<{ key: string; n: number }>(
        `select idempotency_key as key, count(*)::int as n from orders where idempotency_key like $1 group by idempotency_key`,
        [`blink-${suffix}-%`],
      );
      const placed = new Map(rows.map((r) => [r.key, r.n]));
      expect(
        [...placed.values()].filter((n) => n !== 1),
        "no order placed twice",
      ).toEqual([]);
      expect(
        [...acknowledged.keys()].filter((key) => !placed.has(key)),
        "acknowledged orders lost",
      ).toEqual([]);
      expect(
        [...placed.keys()].filter((key) => !acknowledged.has(key)),
        "orders placed but never acknowledged",
      ).toEqual([]);
      const { rows: stock } = await database.query<{ qty: number }>(`select qty from stock where id = $1`, [stockId]);
      const taken = [...acknowledged.values()].reduce((sum, q) => sum + q, 0);
      expect(stock[0].qty).toBe(STOCK - taken);

      const fiveHundreds = Object.entries(statuses).filter(([what]) => / (0|5\d\d)$/.test(what) && !what.endsWith(" 503"));
      expect(fiveHundreds, "no 500s and no refused connections").toEqual([]);
      console.log(
        `${workers} worker(s), ${BLINK_SECONDS} s stop: ${acknowledged.size} orders acknowledged (${before} before the stop), ` +
          `ready ${recoveredMs} ms after the start; answers: ${JSON.stringify(statuses)}`,
      );
    } finally {
      await database?.end().catch(() => {});
      await stopShop(shop);
      own?.destroy();
    }
  });
}

test("a shop started while PostgreSQL is down waits for it, and a worker that stops during an outage is replaced once it is back", async () => {
  test.setTimeout(180_000);
  let own: OwnPostgres | undefined;
  let shop: Shop | undefined;
  try {
    own = await startOwnPostgres();
    own.stop();
    // Started during the outage: it waits (it used to stop at once), saying so.
    shop = await startShop(own.url, 2, { waitUntilServing: false });
    await expect.poll(() => timesLogged(shop!, "the database cannot be reached yet: waiting"), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    await sleep(3000);
    expect(shop.process.exitCode, shop.log.join("")).toBeNull();
    own.start();
    await expect.poll(() => timesLogged(shop!, '"shop is serving"'), { timeout: 60_000 }).toBe(2);
    await expect.poll(async () => (await ask(`${shop!.url}/readyz`)).status).toBe(200);

    // A worker killed during an outage is replaced; the replacement waits, then serves.
    own.stop();
    await expect.poll(async () => (await ask(`${shop!.url}/readyz`)).status, { timeout: 10_000 }).toBe(503);
    const [, killed] = processesOf(shop.process.pid!);
    process.kill(killed, "SIGKILL");
    await expect.poll(() => timesLogged(shop!, "a worker stopped: starting another"), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => processesOf(shop!.process.pid!).length, { timeout: 15_000 }).toBe(3);
    await sleep(3000);
    expect(shop.process.exitCode, shop.log.join("")).toBeNull();
    expect(timesLogged(shop, '"shop is serving"')).toBe(2);
    own.start();
    await expect.poll(() => timesLogged(shop!, '"shop is serving"'), { timeout: 60_000 }).toBe(3);
    await expect.poll(async () => (await ask(`${shop!.url}/shop`)).status, { timeout: 15_000 }).toBe(200);
  } finally {
    await stopShop(shop);
    own?.destroy();
  }
});
