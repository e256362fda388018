import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth, loadAuthSecret, type Auth } from "~/modules/accounts/auth.server";
import { media, products, stock, variants } from "~/lib/db/tables.server";
import { upsertAccount } from "~/modules/accounts/accounts.server";
import { signIn } from "~/modules/accounts/session.server";
import { getProductDetail } from "~/modules/catalog/catalog.server";
import { PRODUCT_FORM_MESSAGES } from "~/modules/catalog/product-form.schema";
import { signStagedUpload } from "~/modules/media/staged-uploads.server";
import { LocalDiskStorage } from "~/modules/media/storage.server";
import { useTestDatabase, testTarget } from "../../../tests/support/test-db";
import { testContext } from "../../../tests/support/test-context";
import { insertCategory } from "../../../tests/support/fixtures";
import { answer, flashOf } from "../../../tests/support/route-answer";
import { action as uploadAction } from "./uploads";
import { action as newAction, loader as newLoader } from "./products-new";
import { action as editAction, loader as editLoader } from "./products-edit";
import { png, pngClaiming } from "../../../tests/support/images";
import { streamedBody } from "../../../tests/support/streamed-body";
import { routeArgs, type RouteFunction } from "../../../tests/support/route-args";

const testDb = useTestDatabase();
const BASE = "http://localhost:3000";
let auth: Auth;
let root: string;
let storage: LocalDiskStorage;
let adminCookie: string;
let customerCookie: string;
let wallets: string;
let belts: string;

const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

beforeAll(async () => {
  const db = testDb().db;
  auth = createAuth(db, { secret: await loadAuthSecret(db), baseURL: BASE });
  root = fs.mkdtempSync(path.join(os.tmpdir(), "shop-product-form-"));
  storage = new LocalDiskStorage(root);
  await upsertAccount(db, { email: "staff@example.pk", password: "staff-pass", role: "admin" });
  await upsertAccount(db, { email: "buyer@example.pk", password: "buyer-pass", role: "user" });
  adminCookie = cookieOf((await signIn(db, { email: "staff@example.pk", password: "staff-pass" }, auth)).headers);
  customerCookie = cookieOf((await signIn(db, { email: "buyer@example.pk", password: "buyer-pass" }, auth)).headers);
  wallets = await insertCategory(db, "Wallets");
  belts = await insertCategory(db, "Belts");
});
afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

// ------------------------------------------------------------------ helpers

const filesUnder = (folder: string) => (fs.existsSync(path.join(root, folder)) ? fs.readdirSync(path.join(root, folder)).sort() : []);
const exists = (key: string) => fs.existsSync(path.join(root, key));

/** `file` followed by zero bytes up to `size` bytes in all (image readers ignore what follows the image). */
const padded = (file: Buffer, size: number) => Buffer.concat([file, Buffer.alloc(size - file.length)]);

/** The first bytes of an MP4 file: an 'ftyp' box, then some payload. */
const tinyMp4 = () => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom", "ascii"), Buffer.alloc(12), Buffer.alloc(2048, 7)]);

async function upload(kind: string, body: Buffer, cookie = adminCookie) {
  const request = new Request(`${BASE}/admin/uploads?kind=${kind}`, {
    method: "POST",
    body: new Uint8Array(body),
    headers: { cookie, "content-type": "application/octet-stream" },
  });
  return call(uploadAction, request);
}

/** What a loader or action answered (tests/support/route-answer.ts). */
function call(fn: RouteFunction, request: Request, params: Record<string, string> = {}) {
  return answer<any>(() => fn(routeArgs({ request, params, context: testContext(testDb(), { auth, storage }) })));
}

function formRequest(url: string, product: unknown, cookie = adminCookie) {
  const form = new FormData();
  form.set("product", JSON.stringify(product));
  return new Request(`${BASE}${url}`, { method: "POST", body: form, headers: cookie ? { cookie } : {} });
}

function getRequest(url: string, cookie = adminCookie) {
  return new Request(`${BASE}${url}`, { headers: cookie ? { cookie } : {} });
}

async function stagedImage() {
  const uploaded = await upload("image", await png());
  expect(uploaded.status).toBe(200);
  return (uploaded.data as { upload: { token: string; storageKey: string; widths: number[] } }).upload;
}

/** Stock rows as the edit form sends them back: each with the quantity it was loaded with. */
const asLoaded = (rows: { id: string; size: string; qty: number }[]) => rows.map((s) => ({ ...s, loadedQty: s.qty }));

const productCount = async () => Number((await testDb().db.select({ n: count() }).from(products))[0].n);

// ------------------------------------------------------------------ tests

describe(`adding and editing a product (${testTarget()})`, () => {
  let productId: string;
  let imageKey: string;

  it("adds a product with two variants, sizes and an image, in paisa, shown on the storefront", async () => {
    const image = await stagedImage();
    imageKey = image.storageKey;
    expect(image.storageKey).toMatch(/^products\/\d+-[A-Za-z0-9]{8}$/);
    const result = await call(
      newAction,
      formRequest("/admin/products/new", {
        name: "Heritage Bifold",
        code: "HB-01",
        description: "Hand-stitched.",
        categoryIds: [wallets, belts],
        variants: [
          {
            name: "Brown",
            soleColor: "brown",
            price: "4,500",
            inOffer: true,
            discountPrice: "3999.50",
            stock: [
              { size: "S", qty: "3" },
              { size: "M", qty: "5" },
            ],
            media: [],
            uploads: [{ token: image.token, kind: "image" }],
          },
          {
            name: "Black",
            soleColor: "black",
            price: 4200,
            inOffer: false,
            discountPrice: "",
            stock: [{ size: "", qty: 0 }],
            media: [],
            uploads: [],
          },
        ],
      }),
    );
    expect(result.status).toBe(302);
    expect(result.location).toMatch(/^\/admin\/products\/[A-Za-z0-9]+\/view$/);
    expect(flashOf(result) ?? "").toContain(PRODUCT_FORM_MESSAGES.added);
    productId = result.location!.split("/")[3];

    const detail = await getProductDetail(testDb().db, productId);
    expect(detail).toMatchObject({ name: "Heritage Bifold", code: "HB-01", description: "Hand-stitched." });
    expect(detail.categories.map((c) => c.name)).toEqual(["Wallets", "Belts"]);
    expect(detail.variants).toHaveLength(2);
    expect(detail.variants[0]).toMatchObject({ name: "Brown", price: 450000, inOffer: true, discountPrice: 399950 });
    expect(detail.variants[0].stock.map((s) => [s.size, s.qty])).toEqual([
      ["S", 3],
      ["M", 5],
    ]);
    expect(detail.variants[0].images).toEqual([expect.objectContaining({ key: image.storageKey, widths: [320, 640], width: 800, height: 600 })]);
    expect(detail.variants[1]).toMatchObject({ name: "Black", price: 420000, discountPrice: 0, stock: [{ size: "", qty: 0 }], images: [] });
    for (const w of image.widths) expect(exists(`${image.storageKey}-${w}.webp`)).toBe(true);
  });

  it("opens the product for editing, and sends an unknown id back to the list with 'Product not found!'", async () => {
    const loaded = await call(editLoader, getRequest(`/admin/products/${productId}/edit`), { id: productId });
    expect(loaded.status).toBe(200);
    const editing = await (loaded.data as { editing: Promise<{ product: { name: string } }> }).editing;
    expect(editing.product.name).toBe("Heritage Bifold");

    for (const id of ["no-such-product", "x".repeat(300), "../../../etc"]) {
      const missing = await call(editLoader, getRequest(`/admin/products/${id}/edit`), { id });
      expect(missing.status).toBe(302);
      expect(missing.location).toBe("/admin/products");
      expect(flashOf(missing) ?? "").toContain("Product not found!");
    }
  });

  it("a failing save changes nothing and deletes no file", async () => {
    const before = await getProductDetail(testDb().db, productId);
    const [brown, black] = before.variants;
    const result = await call(
      editAction,
      formRequest(`/admin/products/${productId}/edit`, {
        name: "Renamed but refused",
        code: "HB-01",
        description: "",
        categoryIds: [wallets],
        variants: [
          // The image is removed here…
          {
            id: brown.id,
            name: "Brown",
            soleColor: "brown",
            price: 4500,
            inOffer: false,
            discountPrice: 0,
            stock: asLoaded(brown.stock),
            media: [],
            uploads: [],
          },
          // …but this stock row belongs to the other variant, so the whole save is refused.
          {
            id: black.id,
            name: "Black",
            soleColor: "black",
            price: 4200,
            inOffer: false,
            discountPrice: 0,
            stock: [{ id: brown.stock[0].id, size: "S", qty: 1, loadedQty: 3 }],
            media: [],
            uploads: [],
          },
        ],
      }),
      { id: productId },
    );
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({ ok: false, message: PRODUCT_FORM_MESSAGES.updateFailed });
    expect(await getProductDetail(testDb().db, productId)).toEqual(before);
    expect(exists(`${imageKey}-320.webp`)).toBe(true);
  });

  it("edits in place: renames, changes a size's quantity, keeps stock ids, removes the image only after the save", async () => {
    const before = await getProductDetail(testDb().db, productId);
    const [brown, black] = before.variants;
    const newImage = await stagedImage();
    const result = await call(
      editAction,
      formRequest(`/admin/products/${productId}/edit`, {
        name: "Heritage Bifold II",
        code: "HB-02",
        description: "Hand-stitched, again.",
        categoryIds: [belts],
        variants: [
          {
            id: brown.id,
            name: "Brown",
            soleColor: "brown",
            price: "4500",
            inOffer: true,
            discountPrice: "3999.5",
            stock: [
              { id: brown.stock[0].id, size: "S", qty: "7", loadedQty: brown.stock[0].qty },
              { id: brown.stock[1].id, size: "M", qty: "5", loadedQty: brown.stock[1].qty },
              { size: "L", qty: "2" },
            ],
            media: [],
            uploads: [],
          },
          {
            id: black.id,
            name: "Black",
            soleColor: "black",
            price: 4200,
            inOffer: false,
            discountPrice: 0,
            stock: [{ id: black.stock[0].id, size: "", qty: 1, loadedQty: black.stock[0].qty }],
            media: [],
            uploads: [{ token: newImage.token, kind: "image" }],
          },
        ],
      }),
      { id: productId },
    );
    expect(result.status).toBe(302);
    expect(result.location).toBe(`/admin/products/${productId}/view`);
    expect(flashOf(result) ?? "").toContain("Product updated successfully!");

    const after = await getProductDetail(testDb().db, productId);
    expect(after.name).toBe("Heritage Bifold II");
    expect(after.categories.map((c) => c.name)).toEqual(["Belts"]);
    expect(after.variants.map((v) => v.id)).toEqual([brown.id, black.id]);
    expect(after.variants[0].stock.map((s) => [s.id, s.size, s.qty])).toEqual([
      [brown.stock[0].id, "S", 7],
      [brown.stock[1].id, "M", 5],
      [expect.any(String), "L", 2],
    ]);
    expect(after.variants[1].stock).toEqual([{ id: black.stock[0].id, size: "", qty: 1 }]);
    expect(after.variants[0].images).toEqual([]);
    expect(after.variants[1].images.map((i) => i.key)).toEqual([newImage.storageKey]);
    expect(exists(`${imageKey}-320.webp`)).toBe(false);
    expect(exists(`${imageKey}-640.webp`)).toBe(false);
    expect(exists(`${newImage.storageKey}-320.webp`)).toBe(true);
    const [row] = await testDb().db.select({ updatedAt: products.updatedAt }).from(products).where(eq(products.id, productId));
    expect(row.updatedAt).toBeInstanceOf(Date);
  });

  it("removing a whole variant removes its stock, media rows and, after the save, its files", async () => {
    const before = await getProductDetail(testDb().db, productId);
    const [brown, black] = before.variants;
    const blackImage = black.images[0].key;
    const result = await call(
      editAction,
      formRequest(`/admin/products/${productId}/edit`, {
        name: before.name,
        code: before.code,
        description: before.description,
        categoryIds: [belts],
        variants: [
          {
            id: brown.id,
            name: "Brown",
            soleColor: "brown",
            price: 4500,
            inOffer: false,
            discountPrice: 0,
            stock: asLoaded(brown.stock),
            media: [],
            uploads: [],
          },
        ],
      }),
      { id: productId },
    );
    expect(result.status).toBe(302);
    const db = testDb().db;
    expect(await db.select().from(variants).where(eq(variants.id, black.id))).toEqual([]);
    expect(await db.select().from(stock).where(eq(stock.variantId, black.id))).toEqual([]);
    expect(await db.select().from(media).where(eq(media.variantId, black.id))).toEqual([]);
    expect(exists(`${blackImage}-320.webp`)).toBe(false);
  });

  it("accepts one MP4 video per variant, stored as one file with its extension", async () => {
    const uploaded = await upload("video", tinyMp4());
    expect(uploaded.status).toBe(200);
    const video = (uploaded.data as { upload: { token: string; storageKey: string; contentType: string } }).upload;
    expect(video.storageKey).toMatch(/^products\/\d+-[A-Za-z0-9]{8}\.mp4$/);
    expect(video.contentType).toBe("video/mp4");
    const before = await getProductDetail(testDb().db, productId);
    const brown = before.variants[0];
    const save = (uploads: unknown[]) =>
      call(
        editAction,
        formRequest(`/admin/products/${productId}/edit`, {
          name: before.name,
          categoryIds: [belts],
          variants: [{ id: brown.id, name: "Brown", price: 4500, inOffer: false, stock: asLoaded(brown.stock), media: [], uploads }],
        }),
        { id: productId },
      );
    const second = await upload("video", tinyMp4());
    const refused = await save([
      { token: video.token, kind: "video" },
      { token: (second.data as { upload: { token: string } }).upload.token, kind: "video" },
    ]);
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ errors: { "variants.0.uploads": "Only 1 video per variant." } });
    expect((await save([{ token: video.token, kind: "video" }])).status).toBe(302);
    expect((await getProductDetail(testDb().db, productId)).variants[0].videos).toEqual([
      expect.objectContaining({ key: video.storageKey, contentType: "video/mp4" }),
    ]);
  });

  it("refuses a forged, tampered, expired or already used upload reference", async () => {
    const before = await getProductDetail(testDb().db, productId);
    const brown = before.variants[0];
    const forged = signStagedUpload("not-the-shop-secret", {
      kind: "image",
      storageKey: "demo/anything",
      widths: [320],
      width: 1,
      height: 1,
      contentType: "image/webp",
    });
    const image = await stagedImage();
    const [payload, mac] = image.token.split(".");
    const tamperedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, "base64url").toString()), storageKey: "demo/someone-else" }),
    ).toString("base64url");
    const reused = before.variants[0].videos[0];
    const mediaRows = await testDb().db.select().from(media).orderBy(asc(media.id));
    const secret = await loadAuthSecret(testDb().db);
    const replay = signStagedUpload(secret, {
      kind: "video",
      storageKey: reused.key,
      widths: [],
      width: null,
      height: null,
      contentType: "video/mp4",
    });
    // A real upload of this shop, signed a day and a moment ago: its reference has expired.
    const { token: _fresh, ...staged } = (await upload("image", await png())).data.upload;
    const expired = signStagedUpload(secret, staged, Date.now() - 24 * 60 * 60 * 1000 - 1);
    for (const token of [forged, `${tamperedPayload}.${mac}`, "garbage", replay, expired]) {
      const result = await call(
        editAction,
        formRequest(`/admin/products/${productId}/edit`, {
          name: before.name,
          categoryIds: [belts],
          variants: [
            {
              id: brown.id,
              name: "Brown",
              price: 4500,
              stock: asLoaded(brown.stock),
              media: [],
              uploads: [{ token, kind: token === replay ? "video" : "image" }],
            },
          ],
        }),
        { id: productId },
      );
      expect(result.status).toBe(400);
      expect(result.data).toMatchObject({ ok: false, message: PRODUCT_FORM_MESSAGES.updateFailed });
    }
    expect(await testDb().db.select().from(media).orderBy(asc(media.id))).toEqual(mediaRows);
    expect(exists(reused.key)).toBe(true);
  });

  it('answers the exact save-failure texts (docs/product.md "Texts that must stay exact") and keeps nothing half-saved', async () => {
    const before = await productCount();
    const empty = await call(newAction, formRequest("/admin/products/new", { name: " ", categoryIds: [], variants: [] }));
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({
      ok: false,
      errors: {
        name: "Product name is required",
        categoryIds: "Please select at least one category.",
        variants: "Please add at least one Product Type/Variant.",
      },
    });
    const bad = await call(
      newAction,
      formRequest("/admin/products/new", {
        name: "Belt",
        categoryIds: [belts],
        variants: [
          { name: "", price: "", discountPrice: "-1", inOffer: false, stock: [] },
          {
            name: "Tan",
            price: "-5",
            stock: [
              { size: "32", qty: "1.5" },
              { size: "34", qty: "-1" },
            ],
          },
        ],
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      errors: {
        "variants.0.name": "Variant name is required",
        "variants.0.price": "Price is required",
        "variants.0.discountPrice": "Discount price must be 0 or more",
        "variants.0.stock": "A variant must keep at least one stock row.",
        "variants.1.price": "Price must be 0 or more",
        "variants.1.stock.0.qty": "Quantity must be a whole number",
        "variants.1.stock.1.qty": "Quantity must be 0 or more",
      },
    });
    const tooMany = await call(
      newAction,
      formRequest("/admin/products/new", {
        name: "Belt",
        categoryIds: [belts],
        variants: [
          { name: "Tan", price: 1, stock: [{ size: "", qty: 0 }], uploads: Array.from({ length: 6 }, () => ({ token: "t", kind: "image" })) },
        ],
      }),
    );
    expect(tooMany.data).toMatchObject({ errors: { "variants.0.uploads": "Up to 5 new images per variant." } });
    const unknownCategory = await call(
      newAction,
      formRequest("/admin/products/new", {
        name: "Belt",
        categoryIds: ["nope"],
        variants: [{ name: "Tan", price: 1, stock: [{ size: "", qty: 0 }] }],
      }),
    );
    expect(unknownCategory.status).toBe(400);
    expect(unknownCategory.data).toMatchObject({ ok: false, message: "Error adding product or updating categories. Check console for details." });
    const notJson = new FormData();
    notJson.set("product", "{not json");
    const garbled = await call(
      newAction,
      new Request(`${BASE}/admin/products/new`, { method: "POST", body: notJson, headers: { cookie: adminCookie } }),
    );
    expect(garbled.status).toBe(400);
    expect(await productCount()).toBe(before);
  });
});

describe(`product media uploads are checked by content (${testTarget()})`, () => {
  it("refuses a text file named .jpg, a pixel flood, an oversize image and a non-video named .mp4, storing nothing", async () => {
    const before = filesUnder("products");
    const cases: [string, Buffer, string][] = [
      [
        "image",
        Buffer.from("just some text pretending to be a photo\n".repeat(40)),
        "The file is not an image we can read (JPEG, PNG, WebP, GIF or AVIF).",
      ],
      ["image", pngClaiming(20000, 20000), "The file is not an image we can read (JPEG, PNG, WebP, GIF or AVIF)."],
      ["image", padded(await png(64, 64), 10 * 1024 * 1024 + 1), "The image is larger than 10 MB."],
      [
        "video",
        Buffer.from("not a video at all, only text in a file called clip.mp4\n".repeat(40)),
        "The file is not a video we can play (MP4 or WebM).",
      ],
      ["video", await png(64, 64), "The file is not a video we can play (MP4 or WebM)."],
      ["image", Buffer.alloc(0), "The file is empty."],
    ];
    for (const [kind, body, message] of cases) {
      const uploaded = await upload(kind, body);
      expect(uploaded.status).toBe(400);
      expect(uploaded.data).toEqual({ ok: false, message });
    }
    expect((await upload("script", Buffer.from("x"))).status).toBe(400);
    expect(filesUnder("products")).toEqual(before);
  });

  it("takes an image of exactly 10 MB", async () => {
    const uploaded = await upload("image", padded(await png(64, 64), 10 * 1024 * 1024));
    expect(uploaded.status).toBe(200);
    expect(uploaded.data).toMatchObject({ ok: true, upload: { kind: "image", width: 64, height: 64 } });
  });

  it("stops reading a streamed upload (no Content-Length) as soon as it passes the limit", async () => {
    const before = filesUnder("products");
    for (const [kind, limit, message] of [
      ["image", 10 * 1024 * 1024, "The image is larger than 10 MB."],
      ["video", 100 * 1024 * 1024, "The video is larger than 100 MB."],
    ] as const) {
      const body = streamedBody(limit + 50 * 1024 * 1024);
      const request = new Request(`${BASE}/admin/uploads?kind=${kind}`, {
        method: "POST",
        body: body.stream,
        headers: { cookie: adminCookie, "content-type": "application/octet-stream" },
        duplex: "half",
      } as RequestInit);
      expect(request.headers.get("content-length")).toBeNull();
      const uploaded = await call(uploadAction, request);
      expect(uploaded.status).toBe(400);
      expect(uploaded.data).toEqual({ ok: false, message });
      // Read up to the limit and a few chunks the stream buffers ahead, not the 50 MB behind.
      expect(body.pulled()).toBeGreaterThan(limit);
      expect(body.pulled()).toBeLessThanOrEqual(limit + 4 * 1024 * 1024);
    }
    expect(filesUnder("products")).toEqual(before);
  });

  it("refuses an upload whose declared length is over the limit without reading it", async () => {
    const body = streamedBody(11 * 1024 * 1024);
    const request = new Request(`${BASE}/admin/uploads?kind=image`, {
      method: "POST",
      body: body.stream,
      headers: { cookie: adminCookie, "content-type": "application/octet-stream", "content-length": String(11 * 1024 * 1024) },
      duplex: "half",
    } as RequestInit);
    expect(await call(uploadAction, request)).toMatchObject({ status: 400, data: { ok: false, message: "The image is larger than 10 MB." } });
    // At most the one chunk a stream buffers when it is made; never the body.
    expect(body.pulled()).toBeLessThanOrEqual(1024 * 1024);
  });

  it("accepts a WebM by its EBML header", async () => {
    const webm = Buffer.concat([
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]),
      Buffer.from("webm", "ascii"),
      Buffer.alloc(512, 1),
    ]);
    const uploaded = await upload("video", webm);
    expect(uploaded.status).toBe(200);
    expect((uploaded.data as { upload: { storageKey: string; contentType: string } }).upload).toMatchObject({
      storageKey: expect.stringMatching(/\.webm$/),
      contentType: "video/webm",
    });
  });
});

describe(`only staff reach the product editor (${testTarget()})`, () => {
  it("refuses anonymous visitors (to /login) and customers (to /) on every loader, action and the upload route, creating nothing", async () => {
    const [p] = await testDb().db.select({ id: products.id, name: products.name }).from(products).limit(1);
    const productsBefore = await productCount();
    const filesBefore = filesUnder("products");
    const valid = { name: "Intruder", categoryIds: [belts], variants: [{ name: "X", price: 1, stock: [{ size: "", qty: 1 }] }] };
    for (const [cookie, to] of [
      ["", "/login"],
      [customerCookie, "/"],
    ] as const) {
      expect(await call(newLoader, getRequest("/admin/products/new", cookie))).toMatchObject({ status: 302, location: to });
      expect(await call(newAction, formRequest("/admin/products/new", valid, cookie))).toMatchObject({ status: 302, location: to });
      expect(await call(editLoader, getRequest(`/admin/products/${p.id}/edit`, cookie), { id: p.id })).toMatchObject({ status: 302, location: to });
      expect(await call(editAction, formRequest(`/admin/products/${p.id}/edit`, valid, cookie), { id: p.id })).toMatchObject({
        status: 302,
        location: to,
      });
      expect(await upload("image", await png(), cookie)).toMatchObject({ status: 302, location: to });
    }
    expect(await productCount()).toBe(productsBefore);
    expect((await testDb().db.select({ name: products.name }).from(products).where(eq(products.id, p.id)))[0].name).toBe(p.name);
    expect(filesUnder("products")).toEqual(filesBefore);
  });
});
