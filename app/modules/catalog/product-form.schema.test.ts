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
    expect(parsed.variants[0]).toMatchObject({ name: "Default", price: 125050, discountPrice: 0, inOffer: false, stock: [{ size: "34", qty: 12 }], media: [], uploads: [] });
  });

  it("starts a product's first variant as 'Default' and later ones unnamed, at price 0 with one empty stock row", () => {
    expect(newVariantDefaults(true)).toEqual({ name: "Default", soleColor: "", price: "0", inOffer: false, discountPrice: "0", stock: [{ size: "", qty: "0" }] });
    expect(newVariantDefaults(false).name).toBe("");
    expect(productFormSchema.safeParse({ ...valid, variants: [newVariantDefaults(false)] }).error?.issues[0].message).toBe("Variant name is required");
  });

  it("names every problem by its field", () => {
    const result = productFormSchema.safeParse({ name: "", categoryIds: [], variants: [{ name: "A", price: "abc", stock: [{ size: "", qty: "" }] }] });
    expect(productFormErrors(result.error!)).toEqual({
      name: "Product name is required",
      categoryIds: "Please select at least one category.",
      "variants.0.price": "Price is required",
      "variants.0.stock.0.qty": "Quantity is required",
    });
  });
});
