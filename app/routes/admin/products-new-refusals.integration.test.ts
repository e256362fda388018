import { describe, expect, it } from "vitest";
import { testTarget } from "../../../tests/support/test-db";
import { action as uploadAction } from "./uploads";
import { action as newAction } from "./products-new";
import { png, pngClaiming } from "../../../tests/support/images";
import { streamedBody } from "../../../tests/support/streamed-body";
import {
  BASE,
  adminCookie,
  belts,
  filesUnder,
  padded,
  upload,
  call,
  formRequest,
  productCount,
  useProductEditor,
} from "../../../tests/support/product-editor";
import { dataWith } from "../../../tests/support/route-answer";
import { aStringMatching } from "../../../tests/support/matchers";

useProductEditor();

describe(`adding and editing a product (${testTarget()})`, () => {
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
    expect(dataWith(uploaded, "upload").upload).toMatchObject({
      storageKey: aStringMatching(/\.webm$/),
      contentType: "video/webm",
    });
  });
});
