import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loadAuthSecret } from "~/modules/accounts/auth.server";
import { media, products, stock, variants } from "~/lib/db/tables/catalogue.server";
import { getProductDetail } from "~/modules/catalog/catalog.server";
import { PRODUCT_FORM_MESSAGES } from "~/modules/catalog/product-form.schema";
import { signStagedUpload } from "~/modules/media/staged-uploads.server";
import { testTarget } from "../../../tests/support/test-db";
import { dataWith, flashOf } from "../../../tests/support/route-answer";
import { action as newAction, loader as newLoader } from "./products-new";
import { action as editAction, loader as editLoader } from "./products-edit";
import { png } from "../../../tests/support/images";
import {
  testDb,
  customerCookie,
  wallets,
  belts,
  filesUnder,
  exists,
  tinyMp4,
  upload,
  call,
  formRequest,
  getRequest,
  stagedImage,
  asLoaded,
  productCount,
  useProductEditor,
} from "../../../tests/support/product-editor";

useProductEditor();

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
    const editing = await dataWith(loaded, "editing").editing;
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
    const video = dataWith(uploaded, "upload").upload;
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
      { token: dataWith(second, "upload").upload.token, kind: "video" },
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
    const { token: _fresh, ...staged } = dataWith(await upload("image", await png()), "upload").upload;
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
