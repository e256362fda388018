import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { placeOrder } from "~/modules/orders/orders.server";
import { newPlace, seedFolderFromTemplate, type ShopPlace } from "../../../tests/support/backup-shop";
import { readParts, rowsOf } from "../../../tests/support/backup-files";
import { insertProduct, testCustomer } from "../../../tests/support/fixtures";
import { testTarget } from "../../../tests/support/test-db";
import { serveShopChannel } from "./shop-channel.server";

/*
 * `npm run backup` of a running shop while shoppers check out: checkout goes on, and every order
 * is in the backup whole (its lines, its stock movements, its history, the stock it took) or not
 * at all. On the embedded database the running shop makes the backup (it holds the folder).
 */

const repo = path.resolve(import.meta.dirname, "../../..");
const root = fs.mkdtempSync(path.join(os.tmpdir(), "shop-backup-live-"));
const places: ShopPlace[] = [];

afterAll(async () => {
  for (const p of places) await p.remove();
  fs.rmSync(root, { recursive: true, force: true });
});

const STOCK = 100_000;
/** Shoppers checking out at once, each one order after another. */
const SHOPPERS = 3;

describe(`a backup of a running shop on ${testTarget() === "pglite" ? "the embedded database" : "PostgreSQL"}`, () => {
  it("lets checkout go on, and holds each order placed meanwhile wholly or not at all", async () => {
    const shop = await newPlace(testTarget(), root);
    places.push(shop);
    await seedFolderFromTemplate(shop, inject("pgliteTemplate"));
    const opened = await shop.open();
    const channel =
      shop.kind === "pglite"
        ? await serveShopChannel(shop.settings.dataDir, { db: opened.database.db, kind: opened.database.kind, storage: opened.storage })
        : undefined;
    const { db } = opened.database;
    try {
      const bag = await insertProduct(db, { name: "Weekend Bag", variants: [{ name: "Tan", price: 1_250_000, stock: [["", STOCK]] }] });
      const shoe = await insertProduct(db, { name: "Chappal", variants: [{ name: "Brown", price: 650_000, stock: [["42", STOCK]] }] });
      const lines = [
        { productID: bag.productId, productVariantKey: `${bag.variants[0].id}_`, productSize: "", productQuantity: 1 },
        { productID: shoe.productId, productVariantKey: `${shoe.variants[0].id}_42`, productSize: "42", productQuantity: 2 },
      ];

      const file = path.join(root, "live.tar.gz");
      const child = spawn(process.execPath, ["--import", "tsx", path.join(repo, "scripts/backup.ts"), file], {
        cwd: repo,
        env: { ...process.env, ...shop.vars, NODE_ENV: "test" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      let running = true;
      const exited = new Promise<number | null>((resolve) =>
        child.once("exit", (code) => {
          running = false;
          resolve(code);
        }),
      );

      const placed: string[] = [];
      const shopper = async (n: number) => {
        for (let i = 0; running; i++) {
          const order = await placeOrder(db, { customer: testCustomer(), lines, idempotencyKey: `live-${n}-${i}` });
          placed.push(order.orderNumber);
          // Each checkout is a request of its own, which arrives between the server's other work (an
          // unbroken chain of promises would never let this process answer the backup's request).
          await new Promise((resolve) => setImmediate(resolve));
        }
      };
      const shoppers = Promise.all(Array.from({ length: SHOPPERS }, (_, n) => shopper(n)));
      expect(await exited).toBe(0);
      await shoppers;
      expect(output).toMatch(/Backup written: /);
      if (shop.kind === "pglite") expect(output).toContain("The shop is running on this data folder: it makes the backup");

      // Checkout went on while the backup ran.
      expect(placed.length).toBeGreaterThan(0);

      const parts = await readParts(file);
      const orders = rowsOf<{ id: string; order_number: string }>(parts, "orders");
      const items = rowsOf<{ order_id: string; stock_id: string; quantity: number }>(parts, "order_items");
      const movements = rowsOf<{ order_id: string | null; stock_id: string; delta: number; reason: string }>(parts, "stock_movements");
      const history = rowsOf<{ order_id: string }>(parts, "order_history");
      const stock = rowsOf<{ id: string; qty: number }>(parts, "stock");

      const inBackup = new Set(orders.map((o) => o.id));
      expect(orders.every((o) => placed.includes(o.order_number))).toBe(true);
      for (const order of orders) {
        expect(items.filter((i) => i.order_id === order.id)).toHaveLength(2);
        expect(movements.filter((m) => m.order_id === order.id && m.reason === "order")).toHaveLength(2);
        expect(history.filter((h) => h.order_id === order.id)).toHaveLength(1);
      }
      // Nothing of an order that is not in it.
      expect(items.filter((i) => !inBackup.has(i.order_id))).toEqual([]);
      expect(movements.filter((m) => m.order_id !== null && !inBackup.has(m.order_id))).toEqual([]);
      expect(history.filter((h) => !inBackup.has(h.order_id))).toEqual([]);
      // The stock is what those orders, and only they, took.
      for (const row of stock) {
        const taken = items.filter((i) => i.stock_id === row.id).reduce((sum, i) => sum + i.quantity, 0);
        expect(row.qty).toBe(STOCK - taken);
        expect(movements.filter((m) => m.stock_id === row.id).reduce((sum, m) => sum + m.delta, 0)).toBe(-taken);
      }
    } finally {
      await channel?.close();
      await opened.close();
    }
  });
});
