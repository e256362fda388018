import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { LocalDiskStorage } from "~/modules/media/storage.server";
import { STAGED_UPLOAD_TTL_MS } from "~/modules/media/staged-uploads.server";
import { fillShop, newPlace, seedFolderFromTemplate, type ShopPlace } from "../../../tests/support/backup-shop";
import { testTarget, useTestDatabase } from "../../../tests/support/test-db";
import { checkDataCommand } from "./backup-command.server";
import { checkData, checkReport } from "./check-data.server";
import { serveShopChannel } from "./shop-channel.server";
import { aStringMatching } from "../../../tests/support/matchers";

/** `npm run check-data`: the shop's rules, each broken once, found, listed, and a non-zero status. */

const getDatabase = useTestDatabase();
let root: string;
let storage: LocalDiskStorage;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "shop-check-data-"));
  storage = new LocalDiskStorage(path.join(root, "uploads"));
  await fillShop(getDatabase().db, storage);
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("checkData", () => {
  it("finds nothing wrong in a shop that keeps its rules, and says what it looked at", async () => {
    const check = await checkData(getDatabase().db, storage);
    expect(check.problems).toEqual([]);
    expect(checkReport(check)).toBe("Checked 4 stock rows, 3 order lines, 1 category, 5 media references and 5 stored files\nNo problems found.");
  });

  it("lists every broken rule, one line each", async () => {
    const { db } = getDatabase();
    const now = Date.now();
    // A form still being filled in has uploaded this one: not an orphan yet.
    await storage.put(`products/${now}-fresh001-320.webp`, Buffer.from("being added"));
    await db.transaction(async (tx) => {
      await tx.execute(sql`alter table stock drop constraint stock_qty_nonnegative`);
      await tx.execute(sql`update stock set qty = -2 where size = '43'`);
      const line = (which: "min" | "max") =>
        sql`(select order_id from order_items where order_id = (select id from orders where order_number = (select ${sql.raw(which)}(order_number) from orders)))`;
      await tx.execute(sql`update order_items set product_name = '' where order_id = ${line("min")}`);
      await tx.execute(sql`update order_items set line_total = line_total + 1 where order_id = ${line("max")}`);
    });
    await storage.delete("products/1700000000001-bag00001-640.webp");
    await storage.put(`products/${now - STAGED_UPLOAD_TTL_MS * 2}-lost0001-320.webp`, Buffer.from("abandoned"));
    try {
      const check = await checkData(db, storage, now);
      expect(check.problems).toEqual([
        "Negative stock: Peshawari Chappal / Brown / size 43 has -2.",
        expect.stringMatching(/^Order ORD-\d+: the line "" has no product name\.$/),
        expect.stringMatching(
          /^Order ORD-\d+: the line "Weekend Bag — ہاتھ سے بنا" has a line total \(\d+\) that is not its unit price times its quantity \(\d+\)\.$/,
        ),
        expect.stringMatching(/^Order ORD-\d+: its subtotal \(\d+\) is not the sum of its lines \(\d+\)\.$/),
        "Missing media file products/1700000000001-bag00001-640.webp (the image of Weekend Bag — ہاتھ سے بنا / Tan).",
        `Orphaned media file products/${now - STAGED_UPLOAD_TTL_MS * 2}-lost0001-320.webp: nothing in the shop refers to it.`,
      ]);
      expect(checkReport(check).split("\n").at(-1)).toBe("6 problems found.");
    } finally {
      await db.transaction(async (tx) => {
        await tx.execute(sql`update stock set qty = 8 where size = '43'`);
        await tx.execute(sql`alter table stock add constraint stock_qty_nonnegative check (qty >= 0)`);
      });
    }
  });
});

describe("npm run check-data", () => {
  let shop: ShopPlace;
  beforeAll(async () => {
    shop = await newPlace(testTarget(), root);
    await seedFolderFromTemplate(shop, inject("pgliteTemplate"));
  });
  afterAll(() => shop.remove());

  it(`checks ${testTarget() === "pglite" ? "the running shop's data through it" : "the database"}, and exits 1 on a problem`, async () => {
    const opened = await shop.open();
    // On the embedded database the running shop holds the folder, and answers the check itself.
    const channel =
      shop.kind === "pglite"
        ? await serveShopChannel(shop.settings.dataDir, { db: opened.database.db, kind: opened.database.kind, storage: opened.storage })
        : undefined;
    try {
      await fillShop(opened.database.db, opened.storage);
      const clean = await checkDataCommand([], shop.settings);
      expect(clean).toEqual({ exitCode: 0, output: aStringMatching(/\nNo problems found\.$/) });
      await opened.storage.delete("products/1700000000002-vid00001.mp4");
      const broken = await checkDataCommand([], shop.settings);
      expect(broken.exitCode).toBe(1);
      expect(broken.output.split("\n").slice(1)).toEqual([
        "PROBLEM Missing media file products/1700000000002-vid00001.mp4 (the video of Peshawari Chappal / Brown).",
        "1 problem found.",
      ]);
    } finally {
      await channel?.close();
      await opened.close();
    }
  });
});
