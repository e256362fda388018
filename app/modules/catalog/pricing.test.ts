import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  discountAmount,
  discountPercent,
  formatAmount,
  formatPrice,
  hasDiscount,
  priceRange,
  TAX_LABEL,
  TAX_RATE_PERCENT,
  taxFor,
  toPaisa,
  totalsFor,
  unitPrice,
} from "./pricing";

// Amounts are paisa: 350000 = PKR 3,500.
const variant = (price: number, inOffer: boolean, discountPrice: number) => ({ price, inOffer, discountPrice });

describe("hasDiscount and unitPrice", () => {
  it.each([
    ["on offer, discount below the price", variant(350000, true, 299000), true, 299000],
    ["not on offer (a discount price alone does nothing)", variant(350000, false, 299000), false, 350000],
    ["on offer with discount price 0", variant(350000, true, 0), false, 350000],
    ["on offer with discount equal to the price", variant(350000, true, 350000), false, 350000],
    ["on offer with discount above the price", variant(350000, true, 400000), false, 350000],
    ["on offer with a one-paisa discount", variant(350000, true, 349999), true, 349999],
  ])("%s", (_label, v, discounted, unit) => {
    expect(hasDiscount(v)).toBe(discounted);
    expect(unitPrice(v)).toBe(unit);
  });
});

describe("discountPercent and discountAmount", () => {
  it("rounds the percent off to a whole number", () => {
    expect(discountPercent(350000, 299000)).toBe(15); // 14.57% → 15
    expect(discountPercent(1850000, 1590000)).toBe(14); // 14.05% → 14
    expect(discountPercent(200000, 100000)).toBe(50);
  });

  it("is null unless both prices are above 0 and the discount is below the price", () => {
    expect(discountPercent(0, 299000)).toBeNull();
    expect(discountPercent(350000, 0)).toBeNull();
    expect(discountPercent(350000, 350000)).toBeNull();
    expect(discountPercent(350000, 400000)).toBeNull();
  });

  it("gives the amount saved per unit, or null when there is no discount", () => {
    expect(discountAmount(350000, 299000)).toBe(51000);
    expect(discountAmount(350000, 0)).toBeNull();
    expect(discountAmount(0, 100)).toBeNull();
    expect(discountAmount(350000, 350000)).toBeNull();
  });
});

describe("tax and totals", () => {
  it("names the tax line once, from the rate: 'Tax (5%)'", () => {
    expect(TAX_LABEL).toBe(`Tax (${TAX_RATE_PERCENT}%)`);
    expect(TAX_LABEL).toBe("Tax (5%)");
  });

  it("charges 5% rounded to the whole rupee", () => {
    expect(taxFor(299000)).toBe(15000); // Rs 149.50 → Rs 150
    expect(taxFor(298900)).toBe(14900); // Rs 149.45 → Rs 149
    expect(taxFor(598000)).toBe(29900);
    expect(taxFor(0)).toBe(0);
    expect(taxFor(100)).toBe(0); // Rs 0.05 → Rs 0
    expect(taxFor(1000)).toBe(100); // Rs 0.50 → Rs 1
  });

  it("adds the lines, free shipping and tax: total = subtotal + tax", () => {
    const totals = totalsFor([
      { unitPrice: 299000, quantity: 2 },
      { unitPrice: 180000, quantity: 1 },
    ]);
    expect(totals).toEqual({ subtotal: 778000, tax: 38900, shipping: 0, total: 816900 });
  });

  it("is all zero for an empty cart", () => {
    expect(totalsFor([])).toEqual({ subtotal: 0, tax: 0, shipping: 0, total: 0 });
  });
});

describe("toPaisa", () => {
  it("converts rupees as typed, with thousands separators, to integer paisa", () => {
    expect(toPaisa("4,500.50")).toBe(450050);
    expect(toPaisa("4 500")).toBe(450000);
    expect(toPaisa(3500)).toBe(350000);
    expect(toPaisa(29.9)).toBe(2990); // 29.9 * 100 = 2989.9999… in floating point
    expect(toPaisa("0.01")).toBe(1);
  });

  it("does not invent a number from text that is not one", () => {
    expect(toPaisa("abc")).toBeNaN();
  });
});

describe("formatting", () => {
  it("shows catalogue prices with two decimals and thousands separators", () => {
    expect(formatPrice(450000)).toBe("PKR 4,500.00");
    expect(formatPrice(450050)).toBe("PKR 4,500.50");
    expect(formatPrice(123456789)).toBe("PKR 1,234,567.89");
    expect(formatPrice(0)).toBe("PKR 0.00");
  });

  it("shows order amounts without trailing zero decimals", () => {
    expect(formatAmount(472500)).toBe("PKR 4,725");
    expect(formatAmount(472550)).toBe("PKR 4,725.5");
    expect(formatAmount(472599)).toBe("PKR 4,725.99");
  });

  it("writes every amount as the en-PK number format does, without loading it in the browser", () => {
    const price = new Intl.NumberFormat("en-PK", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const amount = new Intl.NumberFormat("en-PK", { maximumFractionDigits: 2 });
    const paisa = fc.oneof(
      fc.integer({ min: -1e12, max: 1e12 }),
      fc.integer({ min: -100_000, max: 100_000 }),
      fc.constantFrom(0, 1, 9, 10, 99, 100, 101, 99_999, 100_000, 100_001),
    );
    fc.assert(
      fc.property(paisa, (p) => {
        expect(formatPrice(p)).toBe(`PKR ${price.format(p / 100)}`);
        expect(formatAmount(p)).toBe(`PKR ${amount.format(p / 100)}`);
      }),
      { numRuns: 5000 },
    );
  });
});

describe("priceRange", () => {
  it("is null without variants", () => {
    expect(priceRange([])).toBeNull();
  });

  it("gives min and max price and the lowest discount that really applies", () => {
    expect(
      priceRange([
        variant(350000, true, 299000),
        variant(500000, false, 100000), // not on offer: ignored
        variant(250000, true, 300000), // discount above price: ignored
        variant(400000, true, 320000),
      ]),
    ).toEqual({ min: 250000, max: 500000, lowestDiscount: 299000 });
  });

  it("has no lowest discount when nothing is on offer", () => {
    expect(priceRange([variant(350000, false, 0)])).toEqual({ min: 350000, max: 350000, lowestDiscount: null });
  });
});
