import { describe, expect, it } from "vitest";
import { pageCountOf, pageOf } from "./paging";

describe("paging", () => {
  it("counts at least one page, and a partly filled last page as a page", () => {
    expect([pageCountOf(0, 25), pageCountOf(25, 25), pageCountOf(26, 25)]).toEqual([1, 1, 2]);
  });

  it("shows the first page for nonsense and the last for a page past the end", () => {
    expect(pageOf(26, undefined, 25)).toEqual({ total: 26, page: 1, pageCount: 2, pageSize: 25, offset: 0 });
    expect(pageOf(26, 0, 25).page).toBe(1);
    expect(pageOf(26, 9, 25)).toMatchObject({ page: 2, offset: 25 });
    expect(pageOf(0, 3, 10)).toMatchObject({ page: 1, pageCount: 1, offset: 0 });
  });
});
