import { describe, expect, it } from "vitest";
import { isActiveLink, NAV_LINKS } from "./nav-links";

describe("isActiveLink", () => {
  it("marks Home only on the home page", () => {
    expect(isActiveLink("/", "/")).toBe(true);
    expect(isActiveLink("/", "/shop")).toBe(false);
    expect(isActiveLink("/", "/about")).toBe(false);
  });

  it("marks Shop on the shop and its category pages, not on the home page", () => {
    expect(isActiveLink("/shop", "/shop")).toBe(true);
    expect(isActiveLink("/shop", "/shop/category/abc123")).toBe(true);
    expect(isActiveLink("/shop", "/")).toBe(false);
    expect(isActiveLink("/shop", "/contact")).toBe(false);
    expect(isActiveLink("/shop", "/shopping")).toBe(false);
  });

  it("marks exactly one link on each storefront page", () => {
    for (const path of ["/", "/shop", "/shop/category/x", "/about", "/contact"]) {
      expect(
        NAV_LINKS.filter((l) => isActiveLink(l.to, path)),
        path,
      ).toHaveLength(1);
    }
  });
});
