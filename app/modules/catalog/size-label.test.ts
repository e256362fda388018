import { describe, expect, it } from "vitest";
import { sizeDetail, sizeLabel } from "./size-label";

describe("size labels", () => {
  it("a blank size reads 'One Size'; any other as typed", () => {
    expect(sizeLabel("")).toBe("One Size");
    expect(sizeLabel("  ")).toBe("One Size");
    expect(sizeLabel("42")).toBe("42");
    expect(sizeLabel("One Size")).toBe("One Size");
  });

  it("an item in one size has no size among its details: never 'Size One Size'", () => {
    for (const size of ["", "  ", null, undefined, "One Size", "one size", "ONE SIZE", " One  Size ", "One-Size", "onesize"]) {
      expect(sizeDetail(size), JSON.stringify(size)).toBe("");
      expect(sizeDetail(size, "size"), JSON.stringify(size)).toBe("");
    }
  });

  it("any other size is named, capitalised or within a sentence", () => {
    expect(sizeDetail("34")).toBe("Size 34");
    expect(sizeDetail(" XL ")).toBe("Size XL");
    expect(sizeDetail("34", "size")).toBe("size 34");
    expect(sizeDetail("One Size Fits Most")).toBe("Size One Size Fits Most");
    expect(sizeDetail("Someone's size")).toBe("Size Someone's size");
  });
});
