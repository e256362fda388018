import { describe, expect, it } from "vitest";
import { mapCategory, mapProduct, mapVariant, mediaUrl } from "./import-mapping";
import { catalogueSizeOf, mapOrder, mapOrderStatus } from "./import-order-mapping";
import { mapRole, mapSubject, mapSubmissionStatus, mapUser, withoutPasswords } from "./import-people-mapping";
import { aStringMatching, anInstanceOf } from "../../../tests/support/matchers";

const now = new Date("2026-01-01T00:00:00Z");
const variant = (over: Record<string, unknown> = {}) => ({
  PTypeName: "Brown",
  PSoleColor: "Brown",
  PPrice: 3500,
  PInOffer: false,
  PDiscountPrice: 0,
  PImgUrls: [],
  PVidUrls: [],
  PStock: [{ Size: "M", Qty: 3 }],
  ...over,
});

describe("mapVariant", () => {
  it("turns rupees into paisa as the back office does, numeric text included", () => {
    const v = mapVariant(variant({ PPrice: "4,500.50", PInOffer: true, PDiscountPrice: 29.9 }), "v");
    expect(v.ok && [v.value.price, v.value.discountPrice]).toEqual([450050, 2990]);
  });

  it("leaves out a variant whose price is not a number or is negative, or whose quantity is negative", () => {
    expect(mapVariant(variant({ PPrice: "abc" }), "v")).toMatchObject({ ok: false, reason: "v: PPrice: is not a number" });
    expect(mapVariant(variant({ PPrice: null }), "v")).toMatchObject({ ok: false });
    expect(mapVariant(variant({ PPrice: -1 }), "v")).toMatchObject({ ok: false, reason: aStringMatching(/price is negative/) });
    expect(mapVariant(variant({ PStock: [{ Size: "S", Qty: -2 }] }), "v")).toMatchObject({
      ok: false,
      reason: aStringMatching(/quantity is negative/),
    });
    expect(mapVariant(variant({ PStock: [{ Size: "S", Qty: 1.5 }] }), "v")).toMatchObject({
      ok: false,
      reason: aStringMatching(/whole number/),
    });
  });

  it("adds up a size written twice and gives a variant without stock rows one empty row, saying so", () => {
    const v = mapVariant(
      variant({
        PStock: [
          { Size: "M", Qty: 2 },
          { Size: " m ", Qty: 3 },
        ],
      }),
      "v",
    );
    expect(v.ok && v.value.stock).toEqual([{ size: "M", qty: 5 }]);
    expect(v.ok && v.adjusted).toEqual(['v: size "m" appears twice: quantities added together']);
    const empty = mapVariant(variant({ PStock: [] }), "v");
    expect(empty.ok && empty.value.stock).toEqual([{ size: "", qty: 0 }]);
  });

  it("keeps one video per variant and only web addresses", () => {
    const v = mapVariant(
      variant({
        PImgUrls: ["https://a.pk/1.jpg", "javascript:alert(1)", "https://a.pk/1.jpg"],
        PVidUrls: ["https://a.pk/1.mp4", "https://a.pk/2.mp4"],
      }),
      "v",
    );
    expect(v.ok && [v.value.images, v.value.videos]).toEqual([["https://a.pk/1.jpg"], ["https://a.pk/1.mp4"]]);
    expect(v.ok && v.adjusted.join("\n")).toMatch(/javascript.*not a web address[\s\S]*2 videos/);
  });

  it("a bad discount price becomes 0; an offer without a real discount is reported as shown at full price", () => {
    const bad = mapVariant(variant({ PInOffer: true, PDiscountPrice: "free" }), "v");
    expect(bad.ok && bad.value.discountPrice).toBe(0);
    expect(bad.ok && bad.adjusted).toHaveLength(2);
  });
});

describe("mapProduct", () => {
  it("skips a product left with no variant, and one without a name", () => {
    expect(mapProduct({ PName: "X", PType: [variant({ PPrice: "x" })] }, now)).toMatchObject({
      ok: false,
      reason: aStringMatching(/^no usable variant/),
    });
    expect(mapProduct({ PName: "X", PType: [] }, now)).toEqual({ ok: false, reason: "no variants" });
    expect(mapProduct({ PType: [variant()] }, now)).toEqual({ ok: false, reason: "PName is missing" });
  });

  it("keeps category ids in order once, the review count, and a rating only from 0 to 5", () => {
    const p = mapProduct(
      { PName: "X", PCategories: ["a", "b", "a", 7], PReviews: [{}, {}], PRating: 6, PDateAdded: "2024-01-01T00:00:00Z", PType: [variant()] },
      now,
    );
    expect(p.ok && [p.value.categoryIds, p.value.reviewCount, p.value.rating, p.value.createdAt.toISOString()]).toEqual([
      ["a", "b"],
      2,
      0,
      "2024-01-01T00:00:00.000Z",
    ]);
  });

  it("dates an undated product at the import, saying so", () => {
    const p = mapProduct({ PName: "X", PType: [variant()] }, now);
    expect(p.ok && p.value.createdAt).toEqual(now);
    expect(p.ok && p.adjusted).toEqual([`PDateAdded missing or unreadable: set to ${now.toISOString()}`]);
  });
});

describe("statuses, subjects and roles", () => {
  it("maps order statuses, reporting any word that is not the shop's", () => {
    expect(mapOrderStatus("Shipped")).toEqual({ status: "shipped" });
    expect(mapOrderStatus("delivered")).toEqual({ status: "completed", note: 'status "delivered" taken as "completed"' });
    expect(mapOrderStatus("on hold")).toEqual({ status: "confirmed", note: 'unknown status "on hold": set to "confirmed"' });
  });

  it("maps submission statuses by the read flag when unknown", () => {
    expect(mapSubmissionStatus("replied", true)).toEqual({ status: "replied" });
    expect(mapSubmissionStatus("", false)).toEqual({ status: "new" });
    expect(mapSubmissionStatus("weird", true)).toEqual({ status: "read", note: 'unknown status "weird": set to "read"' });
  });

  it("takes subjects by value or label", () => {
    expect(mapSubject("Custom Order")).toEqual({ subject: "custom-order" });
    expect(mapSubject("order_support")).toEqual({ subject: "order-support" });
    expect(mapSubject("Gifts")).toMatchObject({ subject: "other", note: anInstanceOf(String) });
  });

  it("takes roles, spelling variants of main admin included", () => {
    expect(mapRole("")).toEqual({ role: "user" });
    expect(mapRole("main_admin").role).toBe("main-admin");
    expect(mapRole("root")).toMatchObject({ role: "user", note: anInstanceOf(String) });
  });
});

describe("users", () => {
  it("drops every password field before anything reads the record", () => {
    expect(withoutPasswords({ Email: "a@b.pk", Password: "x", password: "y", adminPass: "z", pwd: "w" })).toEqual({ Email: "a@b.pk" });
    const u = mapUser({ Email: " Sana@Example.PK ", Role: "main-admin", Gender: "Female", Password: "Karachi$Main99" }, now);
    expect(u.ok && u.value).toMatchObject({ email: "sana@example.pk", role: "main-admin", gender: "female", numberCode: "+92" });
    expect(JSON.stringify(u)).not.toContain("Karachi$Main99");
  });
});

describe("orders", () => {
  const base = {
    orderId: "ORD-1",
    createdAt: "2024-06-01T00:00:00Z",
    items: [{ productName: "Wallet", productQuantity: 2, productPrice: 3500, productDiscountPrice: 2990 }],
  };

  it("keeps the snapshot and the totals, computing missing totals from the lines with the shop's tax rule", () => {
    const o = mapOrder(base, now);
    expect(o.ok && o.value.items[0]).toMatchObject({ price: 350000, discountPrice: 299000, unitPrice: 299000, lineTotal: 598000 });
    expect(o.ok && [o.value.subtotal, o.value.tax, o.value.total, o.value.status, o.value.country]).toEqual([
      598000,
      29900,
      627900,
      "confirmed",
      "Pakistan",
    ]);
    expect(o.ok && o.adjusted.filter((a) => a.includes("computed from the lines"))).toHaveLength(3);
  });

  it("numbers an order without a number from its time", () => {
    const o = mapOrder({ ...base, orderId: "" }, now);
    expect(o.ok && o.value.orderNumber).toBe(`ORD-${Date.parse("2024-06-01T00:00:00Z")}`);
  });

  it("drops a broken line and skips an order with none left", () => {
    expect(mapOrder({ ...base, items: [{ productName: "X", productQuantity: 0, productPrice: 1 }] }, now)).toMatchObject({ ok: false });
  });
});

describe("categories and media addresses", () => {
  it("reads a category, leaving out an image that is not a web address", () => {
    const c = mapCategory({ CategoryName: "Bags", CatImgUrl: "bags.png", DateCreated: { _seconds: 1, _nanoseconds: 0 }, ProductCount: 9 }, now);
    expect(c.ok && c.value).toEqual({ name: "Bags", imageUrl: null, createdAt: new Date(1000) });
  });

  it("accepts http and https only", () => {
    expect(mediaUrl("https://a.pk/x.jpg")).toBe("https://a.pk/x.jpg");
    expect(mediaUrl("data:image/png;base64,xx")).toBeNull();
    expect(mediaUrl("/local/path.jpg")).toBeNull();
  });
});

describe("the catalogue size an imported order line was sold from", () => {
  const sizes = [
    { productId: "tote", variantName: "Tan", size: "M", stockId: "tote-tan-m" },
    { productId: "tote", variantName: "Tan", size: "L", stockId: "tote-tan-l" },
    { productId: "tote", variantName: "Chocolate", size: "M", stockId: "tote-chocolate-m" },
    { productId: "wallet", variantName: "Brown", size: "", stockId: "wallet-brown" },
    { productId: "belt", variantName: "Default", size: "34", stockId: "belt-34" },
  ];

  it("is the line's size of the variant named as its colour, whatever the letter case and spaces", () => {
    expect(catalogueSizeOf(sizes, { productId: "tote", color: "Tan", size: "M" })).toBe("tote-tan-m");
    expect(catalogueSizeOf(sizes, { productId: "tote", color: " chocolate", size: "m " })).toBe("tote-chocolate-m");
    expect(catalogueSizeOf(sizes, { productId: "wallet", color: "Brown", size: "" })).toBe("wallet-brown");
  });

  it("is the only variant with the size when the colour names none, and none when several could be it", () => {
    expect(catalogueSizeOf(sizes, { productId: "belt", color: "", size: "34" })).toBe("belt-34");
    expect(catalogueSizeOf(sizes, { productId: "tote", color: "Red", size: "L" })).toBe("tote-tan-l");
    expect(catalogueSizeOf(sizes, { productId: "tote", color: "Red", size: "M" })).toBeNull();
  });

  it("is none for a product gone from the catalogue or a size it no longer has", () => {
    expect(catalogueSizeOf(sizes, { productId: null, color: "Tan", size: "M" })).toBeNull();
    expect(catalogueSizeOf(sizes, { productId: "tote", color: "Tan", size: "XL" })).toBeNull();
    expect(catalogueSizeOf(sizes, { productId: "gone", color: "Tan", size: "M" })).toBeNull();
  });
});
