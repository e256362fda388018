import { describe, expect, it } from "vitest";
import { pageNumbers } from "./page-numbers";

describe("pageNumbers", () => {
  it("offers every page of a short list", () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("offers the ends and the neighbourhood of the current page of a long list, with gaps", () => {
    expect(pageNumbers(1, 20)).toEqual([1, 2, 3, null, 20]);
    expect(pageNumbers(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
    expect(pageNumbers(20, 20)).toEqual([1, null, 18, 19, 20]);
    expect(pageNumbers(4, 20)).toEqual([1, 2, 3, 4, 5, 6, null, 20]);
  });
});
