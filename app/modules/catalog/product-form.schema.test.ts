import { describe, expect, it } from "vitest";
import { newVariantDefaults, productFormErrors, productFormSchema } from "./product-form.schema";

const valid = {
  name: "  Classic Belt ",
  categoryIds: ["c1", "c1", "c2"],
  variants: [{ ...newVariantDefaults(true), price: "1,250.50", discountPrice: "", stock: [{ size: " 34 ", qty: "12" }] }],
};

describe("product form schema", () => {
  it("turns typed rupees into paisa and typed quantities into whole numbers", () => {
    const parsed = productFormSchema.parse(valid);
    expect(parsed.name).toBe("Classic Belt");
    expect(parsed.categoryIds).toEqual(["c1", "c2"]);
    expect(parsed.variants[0]).toMatchObject({
      name: "Default",
      price: 125050,
      discountPrice: 0,
      inOffer: false,
      stock: [{ size: "34", qty: 12 }],
      media: [],
      uploads: [],
    });
  });

  it("starts a product's first variant as 'Default' and later ones unnamed, at price 0 with one empty stock row", () => {
    // What the new-product form holds before anything is typed in a variant, read as the server reads it.
    const untouched = productFormSchema.parse({ name: "Belt", categoryIds: ["c1"], variants: [newVariantDefaults(true)] });
    expect(untouched.variants).toEqual([
      expect.objectContaining({ name: "Default", soleColor: "", price: 0, discountPrice: 0, inOffer: false, stock: [{ size: "", qty: 0 }] }),
    ]);
    const second = productFormSchema.safeParse({ ...valid, variants: [valid.variants[0], newVariantDefaults(false)] });
    expect(productFormErrors(second.error!)).toEqual({ "variants.1.name": "Variant name is required" });
    const named = productFormSchema.parse({ ...valid, variants: [valid.variants[0], { ...newVariantDefaults(false), name: "Black" }] });
    expect(named.variants[1]).toMatchObject({ name: "Black", price: 0, stock: [{ size: "", qty: 0 }] });
  });

  it("names every problem by its field", () => {
    const result = productFormSchema.safeParse({
      name: "",
      categoryIds: [],
      variants: [{ name: "A", price: "abc", stock: [{ size: "", qty: "" }] }],
    });
    expect(productFormErrors(result.error!)).toEqual({
      name: "Product name is required",
      categoryIds: "Please select at least one category.",
      "variants.0.price": "Price is required",
      "variants.0.stock.0.qty": "Quantity is required",
    });
  });

  it("refuses a size repeated in a variant, letter case and spaces aside, on the repeating row, alongside other errors", () => {
    const variant = (stock: unknown[], extra = {}) => ({ ...valid, variants: [{ ...valid.variants[0], stock, ...extra }] });
    const repeated = productFormSchema.safeParse(
      variant([
        { size: "M", qty: 1 },
        { size: "L", qty: 1 },
        { size: " m ", qty: 2 },
      ]),
    );
    expect(productFormErrors(repeated.error!)).toEqual({ "variants.0.stock.2.size": "Each size can appear only once in a variant." });
    const withOthers = productFormSchema.safeParse(
      variant(
        [
          { size: "", qty: "" },
          { size: " ", qty: 1 },
        ],
        { price: "" },
      ),
    );
    expect(productFormErrors(withOthers.error!)).toEqual({
      "variants.0.price": "Price is required",
      "variants.0.stock.0.qty": "Quantity is required",
      "variants.0.stock.1.size": "Each size can appear only once in a variant.",
    });
    // The same size in two variants is fine.
    const twoVariants = { ...valid, variants: [valid.variants[0], { ...valid.variants[0], name: "Black" }] };
    expect(productFormSchema.safeParse(twoVariants).success).toBe(true);
  });

  it("reads a kept row's loaded quantity as a whole number, and anything else as missing", () => {
    const loaded = (loadedQty: unknown) =>
      productFormSchema.parse({ ...valid, variants: [{ ...valid.variants[0], stock: [{ id: "s1", size: "34", qty: "12", loadedQty }] }] }).variants[0]
        .stock[0].loadedQty;
    expect(loaded(10)).toBe(10);
    expect(loaded("10")).toBe(10);
    expect(loaded(0)).toBe(0);
    for (const garbled of [undefined, null, "", "ten", -1, 1.5, 2_000_000, [], {}]) expect(loaded(garbled)).toBeUndefined();
  });
});
