import { describe, expect, it } from "vitest";
import { formatRating, isFeatured, isNew, isOnOffer, sortSizes, swatchTone } from "./product-rules";

const DAY = 24 * 60 * 60 * 1000;
const now = new Date("2025-06-15T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

describe("isNew (NEW badge: added under 30 days ago)", () => {
  it("is new when added today or 29 days ago", () => {
    expect(isNew(now, now)).toBe(true);
    expect(isNew(daysAgo(29), now)).toBe(true);
    expect(isNew(new Date(now.getTime() - 30 * DAY + 1000), now)).toBe(true);
  });

  it("is not new at 30 days or older", () => {
    expect(isNew(daysAgo(30), now)).toBe(false);
    expect(isNew(daysAgo(400), now)).toBe(false);
  });

  it("accepts ISO text as stored dates are", () => {
    expect(isNew(daysAgo(3).toISOString(), now)).toBe(true);
    expect(isNew(daysAgo(31).toISOString(), now)).toBe(false);
  });

  it("is not new for a date in the future or a date that is not one", () => {
    expect(isNew(new Date(now.getTime() + DAY), now)).toBe(false);
    expect(isNew("not a date", now)).toBe(false);
    expect(isNew("", now)).toBe(false);
  });
});

describe("isOnOffer and isFeatured", () => {
  it("a product is featured when at least one variant's discount really applies", () => {
    expect(
      isFeatured([
        { price: 350000, inOffer: false, discountPrice: 0 },
        { price: 350000, inOffer: true, discountPrice: 299000 },
      ]),
    ).toBe(true);
  });

  it("is not featured when offers do not apply", () => {
    expect(isFeatured([])).toBe(false);
    expect(
      isFeatured([
        { price: 350000, inOffer: true, discountPrice: 0 },
        { price: 350000, inOffer: true, discountPrice: 350000 },
        { price: 350000, inOffer: false, discountPrice: 299000 },
      ]),
    ).toBe(false);
    expect(isOnOffer({ price: 350000, inOffer: true, discountPrice: 400000 })).toBe(false);
  });
});

describe("swatchTone", () => {
  it("gives each common leather colour its own tone, whatever its letter case or spacing", () => {
    expect(swatchTone("red")).toBe("#b91c1c");
    expect(swatchTone("Brown")).toBe("#6b3f1d");
    expect(swatchTone(" NAVY ")).toBe("#1e2a4a");
    expect(swatchTone("Olive")).toBe("#5f6b2a");
    expect(swatchTone("dark_brown")).toBe("#3f2412");
    const names = ["red", "blue", "green", "black", "white", "brown", "tan", "navy", "olive", "maroon", "mustard", "cognac", "beige", "grey"];
    const tones = names.map(swatchTone);
    expect(new Set(tones).size).toBe(names.length);
    expect(tones).not.toContain(null);
  });

  it("takes the tone of the last colour word in a longer name", () => {
    // Each compared with the colour word's own tone, which must exist (two nulls would also be equal).
    for (const [name, colour] of [
      ["Croc Black", "black"],
      ["Vintage Tan Matte", "tan"],
      ["Classic Brown", "brown"],
    ]) {
      expect(swatchTone(colour), colour).toMatch(/^#[0-9a-f]{6}$/);
      expect(swatchTone(name), name).toBe(swatchTone(colour));
    }
    expect(swatchTone("Tan Croc Black")).not.toBe(swatchTone("tan"));
  });

  it("has no tone for names that are not colours, so they show as words", () => {
    expect(swatchTone("Plain")).toBeNull();
    expect(swatchTone("Embossed")).toBeNull();
    expect(swatchTone("")).toBeNull();
    expect(swatchTone("constructor")).toBeNull();
    expect(swatchTone("toString hasOwnProperty")).toBeNull();
  });
});

describe("sortSizes", () => {
  const sizes = (list: string[]) => sortSizes(list, (s) => s);

  it("sorts numeric sizes as numbers, not as text", () => {
    expect(sizes(["42", "9", "40", "10", "44"])).toEqual(["9", "10", "40", "42", "44"]);
    expect(sizes(["36", "32", "40", "34", "38"])).toEqual(["32", "34", "36", "38", "40"]);
    expect(sizes(["8.5", "8", "10"])).toEqual(["8", "8.5", "10"]);
  });

  it("puts numeric sizes first and keeps the others in their original order", () => {
    expect(sizes(["XL", "40", "S", "38", "M"])).toEqual(["38", "40", "XL", "S", "M"]);
    expect(sizes(["One Size"])).toEqual(["One Size"]);
  });

  it("sorts the items by the size they carry and leaves the input alone", () => {
    const stock = [
      { size: "10", qty: 1 },
      { size: "9", qty: 2 },
    ];
    expect(sortSizes(stock, (s) => s.size).map((s) => s.qty)).toEqual([2, 1]);
    expect(stock[0].size).toBe("10");
  });
});

describe("formatRating", () => {
  it("shows whole numbers without decimals, others with one", () => {
    expect(formatRating(4)).toBe("4");
    expect(formatRating(0)).toBe("0");
    expect(formatRating(4.5)).toBe("4.5");
    expect(formatRating(4.25)).toBe("4.3");
    expect(formatRating(3.84)).toBe("3.8");
    expect(formatRating(4.96)).toBe("5");
  });
});
