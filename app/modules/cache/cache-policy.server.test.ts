import { describe, expect, it } from "vitest";
import { isAccountPath, isBackOfficePath, privateCachePolicy } from "./cache-policy.server";

const SESSION = "better-auth.session_token=abc.def";

describe("cache policy of pages that are not public", () => {
  it("knows the back office's paths, pages and data alike", () => {
    for (const path of [
      "/admin",
      "/admin/",
      "/admin/orders",
      "/admin.data",
      "/admin/orders.data",
      "/admin/events",
      "/admin/uploads",
      "/admin/managesubscriptions.csv",
    ]) {
      expect(isBackOfficePath(path), path).toBe(true);
    }
    for (const path of ["/", "/administrator", "/shop", "/_root.data", "/product/admin", "/login"]) expect(isBackOfficePath(path), path).toBe(false);
  });

  it("the back office is never stored, whoever asks and whatever the route said", () => {
    expect(privateCachePolicy("/admin/orders", undefined, new Headers())).toBe("no-store");
    expect(privateCachePolicy("/admin/orders.data", SESSION, new Headers({ "Cache-Control": "public, max-age=60" }))).toBe("no-store");
  });

  it("an answer to a signed-in browser, or one setting a cookie, is private unless it has its own policy", () => {
    expect(privateCachePolicy("/about", SESSION, new Headers())).toBe("private, no-cache");
    expect(privateCachePolicy("/about", `theme=dark; __Secure-${SESSION}`, new Headers())).toBe("private, no-cache");
    expect(privateCachePolicy("/login", undefined, new Headers({ "Set-Cookie": "flash=; Max-Age=0" }))).toBe("private, no-cache");
    expect(privateCachePolicy("/about", undefined, new Headers())).toBeNull();
    expect(privateCachePolicy("/about", "theme=dark", new Headers())).toBeNull();
    expect(privateCachePolicy("/assets/app.js", SESSION, new Headers({ "Cache-Control": "public, max-age=31536000, immutable" }))).toBeNull();
  });

  it("a customer's account pages (orders, addresses) are stored by no cache, the browser's included, whatever the route said", () => {
    for (const path of ["/account", "/account/", "/account/orders", "/account/orders/ORD-1763900000000", "/account.data", "/account/orders.data"]) {
      expect(isAccountPath(path), path).toBe(true);
      expect(privateCachePolicy(path, SESSION, new Headers({ "Cache-Control": "public, max-age=60" })), path).toBe("private, no-store");
      expect(privateCachePolicy(path, undefined, new Headers()), path).toBe("private, no-store");
    }
    for (const path of ["/accounts", "/", "/product/account", "/checkout"]) expect(isAccountPath(path), path).toBe(false);
  });
});
