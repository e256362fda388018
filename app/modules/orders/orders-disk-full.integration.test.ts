import path from "node:path";
import { count, eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/lib/db.server";
import { orders } from "~/lib/db/tables/orders.server";
import { stock } from "~/lib/db/tables/catalogue.server";
import { toHttp } from "~/lib/errors";
import { SHOPPER_DISK_FAULT_MESSAGE } from "~/lib/disk-fault";
import { insertProduct, testCustomer } from "../../../tests/support/fixtures";
import { mountTinyDisk, tinyDiskUnavailable, type TinyDisk } from "../../../tests/support/tiny-disk";
import { placeOrder } from "./orders.server";

/*
 * Orders on the embedded database while its disk fills up (a disk of its own, tmpfs): an order the
 * disk cannot take is refused as a disk fault (503, "nothing was saved"), never as "busy", and no
 * order the shop acknowledged is missing once space is back.
 */
const unavailable = tinyDiskUnavailable();
const disks: TinyDisk[] = [];
const opened: Database[] = [];
afterAll(async () => {
  for (const database of opened) await database.close().catch(() => {});
  for (const disk of disks) disk.remove();
});

describe("orders on a disk that fills up", () => {
  it.skipIf(unavailable)(
    `refuses the order the disk cannot take as a disk fault, and keeps every order it acknowledged${unavailable ? ` (left out: ${unavailable})` : ""}`,
    async () => {
      const disk = mountTinyDisk(64);
      disks.push(disk);
      const dataDir = path.join(disk.dir, "data");
      let database = await openDatabase({ dataDir });
      opened.push(database);
      const p = await insertProduct(database.db, { name: "Bridle Belt", variants: [{ name: "Tan", price: 450000, stock: [["36", 5000]] }] });
      const line = { productID: p.productId, productVariantKey: `${p.variants[0].id}_36`, productSize: "36", productQuantity: 1 };
      disk.fill();

      const acknowledged: string[] = [];
      let refusal: unknown;
      for (let n = 0; n < 500 && !refusal; n++) {
        const key = `disk-full-${n}`;
        try {
          await placeOrder(database.db, { customer: testCustomer(), lines: [line], idempotencyKey: key });
          acknowledged.push(key);
        } catch (error) {
          refusal = { key, error };
        }
      }
      expect(refusal, "the disk never refused an order").toBeDefined();
      const { key: refusedKey, error } = refusal as { key: string; error: unknown };
      expect(toHttp(error)).toEqual({ status: 503, message: SHOPPER_DISK_FAULT_MESSAGE, code: "UNAVAILABLE" });

      // Space again (the database reopened, as after a restart): every acknowledged order is there
      // with its stock taken, the refused one is not.
      disk.empty();
      await database.close();
      database = await openDatabase({ dataDir });
      opened.push(database);
      const [{ n }] = await database.db.select({ n: count() }).from(orders);
      expect(n).toBe(acknowledged.length);
      const stored = await database.db
        .select({ key: orders.idempotencyKey })
        .from(orders)
        .where(inArray(orders.idempotencyKey, [refusedKey]));
      expect(stored).toEqual([]);
      const [left] = await database.db.select({ qty: stock.qty }).from(stock).where(eq(stock.id, p.variants[0].stock[0].id));
      expect(left.qty).toBe(5000 - acknowledged.length);
      // And orders are taken again.
      await placeOrder(database.db, { customer: testCustomer(), lines: [line], idempotencyKey: "disk-full-after" });
    },
  );
});
