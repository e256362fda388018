import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, getTableName, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testTarget, type TestDatabase } from "../../tests/support/test-db";
import { insertProduct } from "../../tests/support/fixtures";
import { createScratchPostgres } from "../../tests/support/scratch-postgres";
import { migrationsFolder, openDatabase, ping, readiness, type Database, type Db } from "./db.server";
import { FolderLockedError } from "./folder-lock.server";
import { media, products, stock, variants } from "./db/tables/catalogue.server";
import { orderItems, orders } from "./db/tables/orders.server";
import { schema } from "./db/schema.server";
import { subscribers } from "./db/tables/messages.server";
import { user } from "./db/tables/accounts.server";
import { TEST_CUSTOMER } from "../../tests/support/test-customer";

const target = testTarget();
let database: TestDatabase;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  await database?.close();
});

/** The Postgres error code of a failed query (drizzle wraps the driver's error as `cause`). */
function pgCode(error: unknown): string | undefined {
  let e = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the statement to be refused");
}

const journal = () => (JSON.parse(fs.readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as { entries: unknown[] }).entries;

async function appliedMigrations(db: Db): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  const rows = (Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows) as { n: number }[];
  return Number(rows[0].n);
}

/** An empty, unmigrated place for a database of the kind under test, opened by `open()`. */
async function freshLocation(): Promise<{ open: () => Promise<Database> }> {
  if (target === "pglite") {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-db-"));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    return { open: () => openDatabase({ dataDir }) };
  }
  const scratch = await createScratchPostgres(process.env.TEST_DATABASE_URL!);
  cleanups.push(scratch.drop);
  return { open: () => openDatabase({ databaseUrl: scratch.url, poolSize: 2 }) };
}

describe(`database (${target})`, () => {
  it("migrations create every table of the schema", async () => {
    const result = await database.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { table_name: string }[];
    const tables = rows.map((r) => r.table_name);
    for (const table of Object.values(schema)) expect(tables).toContain(getTableName(table));
    expect(await appliedMigrations(database.db)).toBe(journal().length);
  });

  it("the readiness check answers while every pooled connection is busy (PostgreSQL); the embedded database has one connection", async () => {
    const location = await freshLocation();
    const opened = await location.open();
    try {
      if (target === "postgres") {
        // Both pooled connections (poolSize 2) held in open transactions, as a burst of orders holds them.
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        let holding = 0;
        let allHeld!: () => void;
        const held = new Promise<void>((resolve) => (allHeld = resolve));
        const busy = [0, 1].map(() =>
          opened.db.transaction(async (tx) => {
            await tx.execute(sql`select 1`);
            if (++holding === 2) allHeld();
            await released;
          }),
        );
        await held;
        // Through the pool the check would wait until an order finished; through its own connection it answers now.
        expect(await readiness(opened.probe)).toEqual({ database: true, migrations: true });
        release();
        await Promise.all(busy);
      } else {
        expect(opened.probe).toBe(opened.db);
        expect(await readiness(opened.probe)).toEqual({ database: true, migrations: true });
      }
    } finally {
      await opened.close();
    }
  });

  it("opening the database again applies no migration twice and keeps the data", async () => {
    const location = await freshLocation();
    const first = await location.open();
    try {
      await first.db.insert(subscribers).values({ email: "kept@example.pk" });
    } finally {
      await first.close();
    }
    const second = await location.open();
    try {
      expect(await appliedMigrations(second.db)).toBe(journal().length);
      const rows = await second.db.select().from(subscribers);
      expect(rows.map((r) => r.email)).toEqual(["kept@example.pk"]);
    } finally {
      await second.close();
    }
  });

  it("two instances starting at once: one migrates (PostgreSQL) or the second is refused (embedded)", async () => {
    const location = await freshLocation();
    const results = await Promise.allSettled([location.open(), location.open()]);
    const opened = results.filter((r): r is PromiseFulfilledResult<Database> => r.status === "fulfilled").map((r) => r.value);
    try {
      if (target === "postgres") {
        expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
        expect(await appliedMigrations(opened[0].db)).toBe(journal().length);
        await opened[0].db.insert(subscribers).values({ email: "one@example.pk" });
        expect(await opened[1].db.select().from(subscribers)).toHaveLength(1);
      } else {
        expect(opened).toHaveLength(1);
        const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
        expect(refused.reason).toBeInstanceOf(FolderLockedError);
      }
    } finally {
      for (const d of opened) await d.close();
    }
  });

  it("ping answers true while open and false once closed", async () => {
    expect(await ping(database.db)).toBe(true);
    const location = await freshLocation();
    const other = await location.open();
    expect(await ping(other.db)).toBe(true);
    await other.close();
    expect(await ping(other.db)).toBe(false);
  });

  it("money columns keep large paisa amounts exactly", async () => {
    const huge = Number.MAX_SAFE_INTEGER; // far beyond a 32-bit integer
    const p = await insertProduct(database.db, {
      name: "Gold-plated Briefcase",
      variants: [{ name: "Gold", price: huge, inOffer: true, discountPrice: 5_000_000_000_01, stock: [["One Size", 1]] }],
    });
    const [v] = await database.db.select().from(variants).where(eq(variants.id, p.variants[0].id));
    expect(v.price).toBe(huge);
    expect(typeof v.price).toBe("number");
    expect(v.discountPrice).toBe(5_000_000_000_01);
  });

  it("stock can never go below zero", async () => {
    const p = await insertProduct(database.db, { variants: [{ name: "Black", price: 100000, stock: [["42", 2]] }] });
    const stockId = p.variants[0].stock[0].id;
    const refused = await failure(
      database.db
        .update(stock)
        .set({ qty: sql`${stock.qty} - 3` })
        .where(eq(stock.id, stockId)),
    );
    expect(pgCode(refused)).toBe("23514"); // check_violation
    const inserted = await failure(database.db.insert(stock).values({ variantId: p.variants[0].id, size: "43", qty: -1 }));
    expect(pgCode(inserted)).toBe("23514");
    const [row] = await database.db.select().from(stock).where(eq(stock.id, stockId));
    expect(row.qty).toBe(2);
  });

  it("prices can never be negative", async () => {
    const p = await insertProduct(database.db, { variants: [{ name: "Black", price: 100000, stock: [] }] });
    const error = await failure(database.db.update(variants).set({ discountPrice: -1 }).where(eq(variants.id, p.variants[0].id)));
    expect(pgCode(error)).toBe("23514");
  });

  it("an e-mail subscribes once, whatever its letter case", async () => {
    await database.db.insert(subscribers).values({ email: "Ayesha.Khan@Example.pk" });
    const error = await failure(database.db.insert(subscribers).values({ email: "ayesha.khan@example.PK" }));
    expect(pgCode(error)).toBe("23505"); // unique_violation
    const rows = await database.db
      .select()
      .from(subscribers)
      .where(sql`lower(${subscribers.email}) = 'ayesha.khan@example.pk'`);
    expect(rows).toHaveLength(1);
  });

  it("two accounts cannot share an e-mail", async () => {
    await database.db.insert(user).values({ id: "u-1", name: "A", email: "same@example.pk" });
    const error = await failure(database.db.insert(user).values({ id: "u-2", name: "B", email: "same@example.pk" }));
    expect(pgCode(error)).toBe("23505");
  });

  it("deleting a product removes its variants, stock and media but keeps what orders bought", async () => {
    const p = await insertProduct(database.db, {
      name: "Discontinued Wallet",
      variants: [{ name: "Black", price: 350000, stock: [["One Size", 3]], images: ["products/w-1"] }],
    });
    const variantId = p.variants[0].id;
    const [order] = await database.db
      .insert(orders)
      .values({
        orderNumber: `ORD-${Date.now()}`,
        ...TEST_CUSTOMER,
        subtotal: 350000,
        tax: 17500,
        total: 367500,
      })
      .returning();
    await database.db.insert(orderItems).values({
      orderId: order.id,
      productId: p.productId,
      variantId,
      stockId: p.variants[0].stock[0].id,
      productName: "Discontinued Wallet",
      quantity: 1,
      price: 350000,
      unitPrice: 350000,
      lineTotal: 350000,
    });

    await database.db.delete(products).where(eq(products.id, p.productId));

    expect(await database.db.select().from(variants).where(eq(variants.productId, p.productId))).toHaveLength(0);
    expect(await database.db.select().from(stock).where(eq(stock.variantId, variantId))).toHaveLength(0);
    expect(await database.db.select().from(media).where(eq(media.variantId, variantId))).toHaveLength(0);
    const [item] = await database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    // The snapshot stays whole; the product link is cleared, the variant and size ids are kept as plain references.
    expect(item).toMatchObject({
      productName: "Discontinued Wallet",
      productId: null,
      variantId,
      stockId: p.variants[0].stock[0].id,
      lineTotal: 350000,
    });
  });
});
