import { describe, expect, it } from "vitest";
import { localPath } from "./local-path";

const SHOP = "http://localhost:3000";

describe("localPath", () => {
  it("keeps a path on the shop as it is: query and fragment included", () => {
    expect(localPath("/", SHOP)).toBe("/");
    expect(localPath("/shop?q=belt&sort=price-asc", SHOP)).toBe("/shop?q=belt&sort=price-asc");
    expect(localPath("/admin/products?q=wallet#list", SHOP)).toBe("/admin/products?q=wallet#list");
    expect(localPath("/shop/category/Bags%20%26%20Wallets", SHOP)).toBe("/shop/category/Bags%20%26%20Wallets");
    // A query may hold what a path may not: it never names a host.
    expect(localPath("/shop?q=%2F%2Fevil.example", SHOP)).toBe("/shop?q=%2F%2Fevil.example");
    expect(localPath("/shop?q=a//b", SHOP)).toBe("/shop?q=a//b");
  });

  it("takes an absolute URL (a Referer) of the shop's own origin, as its path", () => {
    expect(localPath("http://localhost:3000/about?x=1", SHOP)).toBe("/about?x=1");
    expect(localPath("HTTP://LOCALHOST:3000/about", SHOP)).toBe("/about");
    expect(localPath("https://shop.example.pk/contact", "https://shop.example.pk")).toBe("/contact");
  });

  it("refuses every other origin", () => {
    for (const candidate of [
      "http://evil.example/",
      "https://localhost:3000/",
      "http://localhost:3001/",
      "http://localhost:3000@evil.example/",
      "https://shop.example.pk.evil.example/",
    ]) {
      expect(localPath(candidate, SHOP), candidate).toBeNull();
    }
  });

  it("refuses addresses a browser reads as another host", () => {
    for (const candidate of [
      "//evil.example",
      "//evil.example:4599/",
      "///evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "\\/evil.example",
      "/%2F%2Fevil.example",
      "/%2f/evil.example",
      "/%5Cevil.example",
      "/%5cevil.example",
      "/%252F%252Fevil.example",
      "/a/..//evil.example",
      "/./%2E%2E//evil.example",
      "/a\\b",
      // A Referer of the shop whose path names another host.
      "http://localhost:3000//evil.example/x",
      "http://localhost:3000/%2F%2Fevil.example/x",
      "http://localhost:3000/\\evil.example/x",
    ]) {
      expect(localPath(candidate, SHOP), candidate).toBeNull();
    }
  });

  it("refuses tabs, newlines and other control characters, raw or encoded", () => {
    for (const candidate of [
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "/shop\u0000",
      "/%09/evil.example",
      "/%0A/evil.example",
      "/ok\u2028",
    ]) {
      expect(localPath(candidate, SHOP), JSON.stringify(candidate)).toBeNull();
    }
  });

  it("refuses what is no http address of the shop at all", () => {
    for (const candidate of [
      "",
      "evil.example",
      "shop",
      "?q=1",
      "#top",
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "data:text/html,x",
      "mailto:a@b.pk",
      "/%E0%A4%A",
      `/${"a".repeat(5000)}`,
      null,
      undefined,
      42,
      ["/shop"],
    ]) {
      expect(localPath(candidate, SHOP), JSON.stringify(candidate)).toBeNull();
    }
  });

  it("refuses a candidate when the shop's origin cannot be read", () => {
    expect(localPath("/shop", "not a url")).toBeNull();
  });
});
