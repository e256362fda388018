import { describe, expect, it } from "vitest";
import { securityHeaders } from "./middleware/security-headers";

const directive = (csp: string, name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `));

describe("securityHeaders", () => {
  it("lets pages show images and videos from their own origin only, by default", () => {
    const csp = securityHeaders("/", "'nonce-abc'", false)["Content-Security-Policy"];
    expect(directive(csp, "img-src")).toBe("img-src 'self' data: blob:");
    expect(directive(csp, "media-src")).toBe("media-src 'self' blob:");
  });

  it("adds exactly the origins of media kept at the original shop's addresses, to images and videos only", () => {
    const origins = ["https://cdn.example.pk", "https://firebasestorage.googleapis.com"];
    const csp = securityHeaders("/", "'nonce-abc'", true, origins)["Content-Security-Policy"];
    expect(directive(csp, "img-src")).toBe("img-src 'self' data: blob: https://cdn.example.pk https://firebasestorage.googleapis.com");
    expect(directive(csp, "media-src")).toBe("media-src 'self' blob: https://cdn.example.pk https://firebasestorage.googleapis.com");
    expect(directive(csp, "default-src")).toBe("default-src 'self'");
    expect(directive(csp, "connect-src")).toBe("connect-src 'self'");
  });

  it("keeps the windows of signing in, an account, an order's confirmation and the back office apart from other sites' windows, and no storefront page's", () => {
    const coop = (path: string) => securityHeaders(path, "'nonce-abc'", true)["Cross-Origin-Opener-Policy"];
    for (const path of [
      "/admin",
      "/admin/orders",
      "/account",
      "/account/orders/ORD-1",
      "/login",
      "/signup",
      "/signup/confirm",
      "/forgot-password",
      "/reset-password",
      "/confirmorder",
      // As the router reads them: any case, percent-encoded.
      "/LOGIN",
      "/Admin/Orders",
      "/%6Cogin",
      "/account%2Forders",
    ])
      expect(coop(path), path).toBe("same-origin");
    for (const path of [
      "/",
      "/shop",
      "/shop/category/1",
      "/product/1",
      "/cart",
      "/checkout",
      "/track",
      "/about",
      "/contact",
      "/catalog",
      "/administration",
      "/login-help",
    ])
      expect(coop(path), path).toBeUndefined();
  });
});
