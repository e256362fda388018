import { describe, expect, it } from "vitest";
import { withOneTitle } from "./one-title.server";

describe("withOneTitle", () => {
  it("keeps the last of two titles, the error boundary's, where the first stood no longer", () => {
    const head =
      '<head><meta charset="utf-8"><title>Shop all leather goods | Chamra Leather</title><meta name="description" content="x"><title>Category not found | Chamra Leather</title></head>';
    expect(withOneTitle(head)).toBe(
      '<head><meta charset="utf-8"><meta name="description" content="x"><title>Category not found | Chamra Leather</title></head>',
    );
  });

  it("leaves a head with one title, or none, as it is", () => {
    const one = "<head><title>About Us | Chamra Leather</title></head>";
    expect(withOneTitle(one)).toBe(one);
    expect(withOneTitle("<head></head>")).toBe("<head></head>");
  });
});
