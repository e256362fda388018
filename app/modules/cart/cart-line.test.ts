import { describe, expect, it } from "vitest";
import { parseVariantKey, variantKey } from "./cart-line";

describe("variantKey", () => {
  it("is the variant id plus the size when the variant has an id", () => {
    expect(variantKey({ id: "aB3dE5", name: "Dark Brown" }, "42")).toBe("aB3dE5_42");
  });

  it("is the colour name with spaces as underscores plus the size without an id", () => {
    expect(variantKey({ name: "Dark Brown" }, "42")).toBe("Dark_Brown_42");
    expect(variantKey({ id: null, name: "Black / Brown Two" }, "One Size")).toBe("Black_/_Brown_Two_One Size");
    expect(variantKey({ id: "", name: "Tan" }, "36")).toBe("Tan_36");
  });

  it("keeps lines for different sizes of one variant apart", () => {
    expect(variantKey({ id: "v1", name: "Black" }, "40")).not.toBe(variantKey({ id: "v1", name: "Black" }, "41"));
  });
});

describe("parseVariantKey", () => {
  it("gives back the variant a key was made from", () => {
    expect(parseVariantKey(variantKey({ id: "aB3dE5", name: "x" }, "42"), "42")).toBe("aB3dE5");
    expect(parseVariantKey(variantKey({ name: "Dark Brown" }, "One Size"), "One Size")).toBe("Dark_Brown");
    expect(parseVariantKey("v1_1_10", "10")).toBe("v1_1");
  });

  it("leaves a key that does not end with the size as it is", () => {
    expect(parseVariantKey("aB3dE5_42", "41")).toBe("aB3dE5_42");
  });
});
