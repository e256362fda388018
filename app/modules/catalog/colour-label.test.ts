import { describe, expect, it } from "vitest";
import { colourLabel } from "./colour-label";

describe("colourLabel", () => {
  it("capitalises each word as the product page names colours, and keeps the rest as typed", () => {
    expect(colourLabel("brown")).toBe("Brown");
    expect(colourLabel(" dark brown ")).toBe("Dark Brown");
    expect(colourLabel("black/tan")).toBe("Black/Tan");
    expect(colourLabel("Navy")).toBe("Navy");
    expect(colourLabel("oxblood-red")).toBe("Oxblood-Red");
    expect(colourLabel("")).toBe("");
  });
});
