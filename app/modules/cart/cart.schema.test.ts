import { describe, expect, it } from "vitest";
import { parseCartField } from "./cart.schema";

const line = (productQuantity: unknown) => JSON.stringify([{ productID: "p1", productVariantKey: "v1_M", productSize: "M", productQuantity }]);

describe("parseCartField", () => {
  it("reads quantities written as decimal digits", () => {
    expect(parseCartField(line(2))?.[0].productQuantity).toBe(2);
    expect(parseCartField(line("16"))?.[0].productQuantity).toBe(16);
  });

  it("refuses quantities that only Number() would read: hexadecimal, exponents, fractions", () => {
    for (const quantity of ["0x10", "1e1", "0b11", "2.5", "", " ", "Infinity", 0, 100, -1]) {
      expect(parseCartField(line(quantity)), JSON.stringify(quantity)).toBeNull();
    }
  });

  it("refuses a cart naming a product, variant or size with a NUL byte spelt \\u0000", () => {
    for (const key of ["productID", "productVariantKey", "productSize"]) {
      const cart = JSON.stringify([{ productID: "p1", productVariantKey: "v1_M", productSize: "M", productQuantity: 1, [key]: "x\0" }]);
      expect(cart).toContain("\\u0000");
      expect(parseCartField(cart), key).toBeNull();
    }
  });
});
