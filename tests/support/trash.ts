import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import type { Db } from "~/lib/db.server";
import { media, stockMovements } from "~/lib/db/tables/catalogue.server";
import { orderItems, orders } from "~/lib/db/tables/orders.server";
import { trash } from "~/lib/db/tables/site.server";
import { LocalDiskStorage } from "~/modules/media/storage.server";
import { insertCategory, insertProduct } from "./fixtures";
import { answer } from "./route-answer";
import { requestAs, setUpVisitors, type Visitors } from "./staff";
import { testContext } from "./test-context";
import { useTestDatabase, type TestDatabase } from "./test-db";
import { action as trashAction, loader as trashLoader } from "~/routes/admin/trash";
import { routeArgs, type RouteFunction } from "./route-args";
import { TEST_CUSTOMER } from "./test-customer";

/*
 * The Trash's integration tests (app/modules/trash/trash.integration.test.ts): a test database with
 * visitors of every role, media storage in a folder of its own, the requests the back office's
 * routes take, and a product rich enough to show a restore is exact.
 */

let database: () => TestDatabase;
const testDb = () => database();
export let visitors: Visitors;
let root: string;
export let storage: LocalDiskStorage;

/**
 * Registers the file's own database, visitors and storage: called once at the top of each test
 * file, so that every file gets its own whether or not the test runner gives it its own copy of
 * this module (docs/testing.md).
 */
export function useTrash() {
  const own = useTestDatabase();
  beforeAll(async () => {
    database = own;
    visitors = await setUpVisitors(testDb());
    root = fs.mkdtempSync(path.join(os.tmpdir(), "shop-trash-test-"));
    storage = new LocalDiskStorage(root);
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
}

export const db = (): Db => testDb().db;
const context = () => testContext(testDb(), { auth: visitors.auth, storage });
type Role = "anonymous" | "customer" | "admin" | "mainAdmin";
export const post = <R>(route: RouteFunction<R>, who: Role, at: string, form: Record<string, string>, params: Record<string, string> = {}) =>
  answer(() => route(routeArgs({ request: requestAs(visitors[who], at, form), params, context: context() })));
export const trashPage = (who: Role, query = "") =>
  answer(() => trashLoader(routeArgs({ request: requestAs(visitors[who], `/admin/trash${query}`), params: {}, context: context() })));
export const trashDo = (who: Role, form: Record<string, string>) => post(trashAction, who, "/admin/trash", form);
export const fileExists = (key: string) => fs.existsSync(path.join(root, key));

/** Every row of the tables the Trash touches (sessions aside), as the database writes it, sorted. */
const TABLES = [
  "products",
  "variants",
  "stock",
  "media",
  "product_categories",
  "categories",
  "stock_movements",
  "orders",
  "order_items",
  "subscribers",
  "contact_submissions",
  "user",
  "account",
];
export async function everyRow(): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of TABLES) {
    const result = (await db().execute(sql.raw(`select to_jsonb(t)::text as row from "${table}" t order by 1`))) as {
      rows: { row: string }[];
    };
    out[table] = result.rows.map((r) => r.row);
  }
  return out;
}

/** The entry of the Trash holding this item. */
export async function entryOf(itemId: string) {
  const [entry] = await db().select().from(trash).where(eq(trash.itemId, itemId));
  return entry;
}

/** A product with two variants, sizes, an image and a video in storage, two categories, a stock movement and an order line. */
export async function richProduct(name: string) {
  const [bags, gifts] = [await insertCategory(db(), `${name} Bags`), await insertCategory(db(), `${name} Gifts`)];
  const p = await insertProduct(db(), {
    name,
    description: `${name}, hand-stitched`,
    categoryIds: [gifts, bags],
    variants: [
      {
        name: "Tan",
        price: 650000,
        inOffer: true,
        discountPrice: 600000,
        stock: [
          ["S", 2],
          ["M", 5],
        ],
      },
      { name: "Black", price: 700000, stock: [["", 3]] },
    ],
  });
  const slug = name.replace(/\W/g, "").toLowerCase();
  const imageKey = `products/1700000000000-${slug}`;
  const videoKey = `products/1700000000000-${slug}.mp4`;
  await db()
    .insert(media)
    .values([
      {
        variantId: p.variants[0].id,
        kind: "image",
        position: 0,
        storageKey: imageKey,
        widths: [320, 640],
        width: 900,
        height: 900,
        contentType: "image/webp",
      },
      { variantId: p.variants[0].id, kind: "video", position: 1, storageKey: videoKey, widths: [], contentType: "video/mp4" },
    ]);
  const files = [`${imageKey}-320.webp`, `${imageKey}-640.webp`, videoKey];
  for (const key of files) await storage.put(key, Buffer.from(`bytes of ${key}`));
  await db().insert(stockMovements).values({ stockId: p.variants[0].stock[1].id, delta: 5, reason: "adjust", changedBy: "someone" });
  const [order] = await db()
    .insert(orders)
    .values({
      orderNumber: `ORD-${slug}-${Date.now()}`,
      ...TEST_CUSTOMER,
      subtotal: 600000,
      tax: 0,
      total: 600000,
    })
    .returning();
  await db().insert(orderItems).values({
    orderId: order.id,
    productId: p.productId,
    variantId: p.variants[0].id,
    stockId: p.variants[0].stock[0].id,
    productName: name,
    quantity: 1,
    price: 650000,
    discountPrice: 600000,
    unitPrice: 600000,
    lineTotal: 600000,
  });
  return { ...p, categoryIds: [gifts, bags], files, orderId: order.id };
}
