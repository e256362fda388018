import fs from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, media } from "~/lib/db/tables/catalogue.server";
import { orderItems } from "~/lib/db/tables/orders.server";
import { LocalDiskStorage } from "~/modules/media/storage.server";
import { sweepOrphanUploads } from "~/modules/media/upload-sweep.server";
import { testTarget, useTestDatabase } from "../../../tests/support/test-db";
import { runImport } from "./import.server";
import type { ExportData } from "./export-file.server";
import { aStringMatching } from "../../../tests/support/matchers";

const testDb = useTestDatabase();

// A local server standing in for the original shop's file storage (127.0.0.1 only).
let server: http.Server;
let base = "";
let tmp = "";
const hits: Record<string, number> = {};
let inFlight = 0;
let mostAtOnce = 0;

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), "import-media-"));
  const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#6b3f1d" } })
    .png()
    .toBuffer();
  const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypmp42"), Buffer.alloc(64)]);
  server = http.createServer((req, res) => {
    const url = req.url ?? "";
    hits[url] = (hits[url] ?? 0) + 1;
    // Answers in progress (the one that never answers is left out: its end is seen late, after
    // the downloader has already given up on it and started the next).
    if (url !== "/slow.jpg") {
      inFlight++;
      mostAtOnce = Math.max(mostAtOnce, inFlight);
      res.on("close", () => inFlight--);
    }
    const send = (status: number, body: Buffer | string, type = "application/octet-stream") =>
      setTimeout(() => res.writeHead(status, { "content-type": type }).end(body), 20);
    if (url.startsWith("/wallet.png")) return send(200, png, "image/png");
    if (url.startsWith("/tote.png")) return send(200, png, "image/png");
    if (url === "/clip.mp4") return send(200, mp4, "video/mp4");
    if (url === "/not-an-image.jpg") return send(200, "<html>login</html>", "text/html");
    if (url === "/huge.jpg") return send(200, Buffer.alloc(300_000, 1), "image/jpeg");
    if (url === "/slow.jpg") return; // never answers
    send(404, "not found", "text/plain");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await fs.rm(tmp, { recursive: true, force: true });
});

function exportOf(): ExportData {
  return {
    categories: { cat1: { CategoryName: "Wallets", CatImgUrl: `${base}/wallet.png?token=c`, DateCreated: "2024-01-01T00:00:00Z" } },
    products: {
      p1: {
        PName: "Bifold",
        PCategories: ["cat1"],
        PDateAdded: "2024-01-02T00:00:00Z",
        PType: [
          {
            PTypeName: "Brown",
            PPrice: 3500,
            PStock: [{ Size: "", Qty: 4 }],
            PImgUrls: [
              `${base}/wallet.png?token=p`,
              `${base}/missing.jpg`,
              `${base}/not-an-image.jpg`,
              `${base}/huge.jpg`,
              `${base}/slow.jpg`,
              `${base}/tote.png`,
            ],
            PVidUrls: [`${base}/clip.mp4`],
          },
        ],
      },
    },
    orders: {
      o1: {
        orderId: "ORD-1704153600000",
        createdAt: "2024-01-02T00:00:00Z",
        status: "completed",
        customer: { firstName: "Ali", lastName: "Raza", email: "ali@example.pk", phone: "03001234567" },
        shippingAddress: { streetAddress: "1 Main", city: "Multan", state: "Punjab", zipCode: "60000" },
        items: [
          { productID: "p1", productName: "Bifold", productImage: `${base}/wallet.png?token=p`, productQuantity: 1, productPrice: 3500 },
          { productID: "p1", productName: "Bifold", productImage: `${base}/missing.jpg`, productSize: "X", productQuantity: 1, productPrice: 3500 },
        ],
      },
    },
  };
}

describe(`importing with --media download (${testTarget()})`, () => {
  it("stores what can be fetched through the shop's upload path, reports the rest, and keeps the records", async () => {
    const storage = new LocalDiskStorage(tmp);
    const summary = await runImport(testDb().db, exportOf(), {
      media: "download",
      storage,
      download: { concurrency: 2, timeoutMs: 1500, maxBytes: { image: 200_000 } },
    });
    expect(summary.counts.products).toMatchObject({ imported: 1, skipped: 0 });
    expect(summary.counts.orders).toMatchObject({ imported: 1, skipped: 0 });

    const failed = Object.fromEntries(summary.downloads.failed.map((f) => [f.url.replace(base, ""), f.reason]));
    expect(failed).toEqual({
      "/missing.jpg": "the server answered 404",
      "/not-an-image.jpg": aStringMatching(/not an image/),
      "/huge.jpg": "The image is larger than 10 MB.",
      "/slow.jpg": "no answer within 1.5 s",
    });
    expect(summary.downloads.stored).toBe(5); // category image, two product images, the video, one order line
    const notes = summary.adjusted.map((a) => `${a.collection}/${a.id}: ${a.reason}`).join("\n");
    expect(notes).toContain(`products/p1: Brown: image ${base}/missing.jpg could not be stored (the server answered 404): left out`);
    expect(notes).toContain(`orders/o1: line 1: image ${base}/missing.jpg could not be stored`);

    // Nothing is shown from elsewhere: the policy needs no other origin.
    expect(summary.mediaOrigins).toEqual([]);

    const [category] = await testDb().db.select().from(categories);
    expect(category.imageKey).toMatch(/^category_images\//);
    expect(await storage.open(`${category.imageKey}-640.webp`)).not.toBeNull();

    const rows = await testDb().db.select().from(media).orderBy(media.position);
    expect(rows.map((r) => [r.kind, r.contentType])).toEqual([
      ["image", "image/webp"],
      ["image", "image/webp"],
      ["video", "video/mp4"],
    ]);
    expect(rows[0].widths).toEqual([320, 640]);
    for (const r of rows) expect(r.storageKey).toMatch(/^products\//);
    expect(await storage.open(rows[2].storageKey)).not.toBeNull();

    // An order line's picture is its own file, out of the product folder the upload sweep clears.
    const items = await testDb().db.select().from(orderItems).orderBy(orderItems.size);
    expect(items.map((i) => i.productImage)).toEqual([expect.stringMatching(/^\/media\/order_images\/\d+-\w+-320\.webp$/), ""]);
    expect(await storage.open(items[0].productImage.slice("/media/".length))).not.toBeNull();
    expect(await sweepOrphanUploads(testDb().db, storage, Date.now() + 30 * 24 * 3600 * 1000)).toMatchObject({ deleted: [] });

    // One fetch per address and use (product, order line); never more than two at once.
    expect(hits["/wallet.png?token=p"]).toBe(2);
    expect(hits["/missing.jpg"]).toBe(2);
    expect(mostAtOnce).toBeLessThanOrEqual(2);
  });

  it("a second run fetches nothing and changes nothing", async () => {
    const before = { ...hits };
    const again = await runImport(testDb().db, exportOf(), { media: "download", storage: new LocalDiskStorage(tmp), download: { timeoutMs: 1500 } });
    expect(again.counts.products).toMatchObject({ imported: 0, updated: 0, unchanged: 1 });
    expect(again.counts.categories).toMatchObject({ imported: 0, updated: 0, unchanged: 1 });
    expect(hits).toEqual(before);
    const [category] = await testDb().db.select().from(categories).where(eq(categories.name, "Wallets"));
    expect(category.imageKey).toMatch(/^category_images\//);
  });
});
