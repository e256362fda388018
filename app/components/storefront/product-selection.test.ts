import { describe, expect, it } from "vitest";
import { canAddToCart, cartLineFor, clampQuantity, colourOptions, initialSize, sortedStock, stockFor } from "./product-selection";
import { jsonForScript, productJsonLd } from "./product-json-ld";

const rows = (pairs: [string, number][]) => pairs.map(([size, qty], i) => ({ id: `s${i}`, size, qty }));

describe("product selection rules", () => {
  it("orders sizes numerically and starts on the first size in stock", () => {
    const belt = rows([
      ["36", 6],
      ["32", 0],
      ["40", 1],
      ["34", 0],
      ["38", 3],
    ]);
    expect(sortedStock(belt).map((r) => r.size)).toEqual(["32", "34", "36", "38", "40"]);
    expect(initialSize(belt)).toBe("36");
  });

  it("falls back to the first size when nothing is in stock, and to blank without sizes", () => {
    expect(
      initialSize(
        rows([
          ["44", 0],
          ["42", 0],
        ]),
      ),
    ).toBe("42");
    expect(initialSize([])).toBe("");
  });

  it("keeps the quantity between 1 and the stock", () => {
    expect(clampQuantity(0, 4)).toBe(1);
    expect(clampQuantity(-3, 4)).toBe(1);
    expect(clampQuantity(9, 4)).toBe(4);
    expect(clampQuantity(2.7, 4)).toBe(2);
    expect(clampQuantity(Number.NaN, 4)).toBe(1);
    expect(clampQuantity(3, 0)).toBe(1);
  });

  it("knows the stock of a size and never reports less than none", () => {
    const r = rows([
      ["M", 2],
      ["L", -1],
    ]);
    expect(stockFor(r, "M")).toBe(2);
    expect(stockFor(r, "L")).toBe(0);
    expect(stockFor(r, "XL")).toBe(0);
  });

  it("needs a variant, a size and stock above 0 to add to the cart", () => {
    expect(canAddToCart({}, "32", 1)).toBe(true);
    expect(canAddToCart({}, "", 1)).toBe(true);
    expect(canAddToCart({}, "32", 0)).toBe(false);
    expect(canAddToCart(undefined, "32", 3)).toBe(false);
    expect(canAddToCart({}, null, 3)).toBe(false);
  });

  it("offers one swatch per distinct colour/variant, pointing at its first variant", () => {
    const variants = [
      { id: "a", name: "Black", soleColor: "black" },
      { id: "b", name: "Brown", soleColor: "brown" },
      { id: "c", name: "black", soleColor: "Black" },
      { id: "d", name: "Tan", soleColor: "" },
    ];
    expect(colourOptions(variants).map((o) => [o.index, o.variant.id])).toEqual([
      [0, "a"],
      [1, "b"],
      [3, "d"],
    ]);
  });
});

const variant = {
  id: "v1",
  name: "Brown",
  soleColor: "brown",
  price: 320000,
  inOffer: true,
  discountPrice: 280000,
  images: [{ id: "m1", key: "demo/belt-brown-x", widths: [320, 640, 960], width: 800, height: 800 }],
};

describe("the cart line", () => {
  it("carries exactly the cart line's fields, prices in rupees", () => {
    expect(cartLineFor({ id: "p1", name: "Formal Dress Belt" }, variant, "34", 2)).toEqual({
      productID: "p1",
      productVariantKey: "v1_34",
      productSize: "34",
      productQuantity: 2,
      productName: "Formal Dress Belt",
      productPrice: 3200,
      productDiscountPrice: 2800,
      productImage: "/media/demo/belt-brown-x-640.webp",
      productColor: "brown",
    });
  });

  it("has a null discount when the discount does not apply, and falls back to the name for colour", () => {
    const line = cartLineFor({ id: "p1", name: "Belt" }, { ...variant, inOffer: false, soleColor: "", images: [] }, "", 1);
    expect(line.productDiscountPrice).toBeNull();
    expect(line.productColor).toBe("Brown");
    expect(line.productImage).toBe("/placeholder.svg");
    expect(line.productVariantKey).toBe("v1_");
  });
});

describe("product structured data", () => {
  const product = {
    id: "p1",
    name: "Formal Dress Belt",
    description: "A belt </script><script>alert(1)</script>",
    code: "BT-301",
    rating: 4.3,
    reviewCount: 0,
    variants: [{ ...variant, stock: [{ id: "s", size: "34", qty: 0 }], videos: [] }],
  };

  it("gives the first variant's unit price in PKR, absolute image URLs and availability", () => {
    const ld = productJsonLd(product, "https://chamra.pk");
    expect(ld).toMatchObject({
      "@type": "Product",
      sku: "BT-301",
      image: ["https://chamra.pk/media/demo/belt-brown-x-960.webp"],
      brand: { name: "Chamra Leather" },
      offers: { priceCurrency: "PKR", price: "2800.00", availability: "https://schema.org/OutOfStock", url: "https://chamra.pk/product/p1" },
    });
  });

  it("gives a rating only when there are reviews behind it", () => {
    expect(productJsonLd(product, "https://chamra.pk").aggregateRating).toBeUndefined();
    expect(productJsonLd({ ...product, reviewCount: 3 }, "https://chamra.pk").aggregateRating).toMatchObject({ ratingValue: 4.3, reviewCount: 3 });
  });

  it("cannot close its script element", () => {
    const json = jsonForScript(productJsonLd(product, "https://chamra.pk"));
    expect(json).not.toContain("<");
    const parsed: unknown = JSON.parse(json);
    expect(parsed).toHaveProperty("description", product.description);
  });
});
