import { describe, expect, it } from "vitest";
import { securityHeaders } from "./middleware/security-headers";

const directive = (csp: string, name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `));

describe("securityHeaders", () => {
  it("lets pages show images and videos from their own origin only, by default", () => {
    const csp = securityHeaders("'nonce-abc'", false)["Content-Security-Policy"];
    expect(directive(csp, "img-src")).toBe("img-src 'self' data: blob:");
    expect(directive(csp, "media-src")).toBe("media-src 'self' blob:");
  });

  it("adds exactly the origins of media kept at the original shop's addresses, to images and videos only", () => {
    const origins = ["https://cdn.example.pk", "https://firebasestorage.googleapis.com"];
    const csp = securityHeaders("'nonce-abc'", true, origins)["Content-Security-Policy"];
    expect(directive(csp, "img-src")).toBe("img-src 'self' data: blob: https://cdn.example.pk https://firebasestorage.googleapis.com");
    expect(directive(csp, "media-src")).toBe("media-src 'self' blob: https://cdn.example.pk https://firebasestorage.googleapis.com");
    expect(directive(csp, "default-src")).toBe("default-src 'self'");
    expect(directive(csp, "connect-src")).toBe("connect-src 'self'");
  });
});
