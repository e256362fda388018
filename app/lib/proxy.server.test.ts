import { describe, expect, it } from "vitest";
import { atOrigin, clientAddress, publicOrigin } from "./proxy.server";

describe("clientAddress", () => {
  it("is the connecting peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddress("203.0.113.9", "::ffff:10.0.0.2", 0)).toBe("10.0.0.2");
    expect(clientAddress(undefined, "2001:db8::1", 0)).toBe("2001:db8::1");
  });

  it("behind one trusted proxy is the address that proxy received the request from", () => {
    expect(clientAddress("203.0.113.9", "127.0.0.1", 1)).toBe("203.0.113.9");
    // A client that sends its own X-Forwarded-For cannot choose its address: the proxy appends.
    expect(clientAddress("198.51.100.1, 203.0.113.9", "127.0.0.1", 1)).toBe("203.0.113.9");
  });

  it("behind two trusted proxies skips both", () => {
    expect(clientAddress("198.51.100.1, 203.0.113.9, 10.0.0.5", "127.0.0.1", 2)).toBe("203.0.113.9");
    // Fewer entries than trusted hops: the leftmost is the best there is.
    expect(clientAddress("203.0.113.9", "127.0.0.1", 3)).toBe("203.0.113.9");
  });

  it("falls back to the peer when a trusted proxy sent no header or no address", () => {
    expect(clientAddress(undefined, "127.0.0.1", 1)).toBe("127.0.0.1");
    expect(clientAddress("not-an-address", "127.0.0.1", 1)).toBe("127.0.0.1");
  });
});

describe("publicOrigin", () => {
  const url = new URL("http://10.0.0.2:3000/login?x=1");
  const forwarded = new Headers({ "x-forwarded-proto": "https", "x-forwarded-host": "shop.example.pk" });

  it("is PUBLIC_URL's origin when set, whatever the request or the headers say", () => {
    expect(publicOrigin(url, forwarded, { publicUrl: "https://shop.example.pk/", trustProxy: 0 })).toBe("https://shop.example.pk");
    expect(publicOrigin(url, new Headers({ "x-forwarded-proto": "http" }), { publicUrl: "https://shop.example.pk", trustProxy: 1 })).toBe(
      "https://shop.example.pk",
    );
  });

  it("ignores forwarded headers without trusted proxies", () => {
    expect(publicOrigin(url, forwarded, { trustProxy: 0 })).toBe("http://10.0.0.2:3000");
  });

  it("believes X-Forwarded-Proto and X-Forwarded-Host from trusted proxies", () => {
    expect(publicOrigin(url, forwarded, { trustProxy: 1 })).toBe("https://shop.example.pk");
    expect(publicOrigin(url, new Headers({ "x-forwarded-proto": "https" }), { trustProxy: 1 })).toBe("https://10.0.0.2:3000");
    expect(publicOrigin(url, new Headers({ "x-forwarded-proto": "gopher" }), { trustProxy: 1 })).toBe("http://10.0.0.2:3000");
  });
});

describe("atOrigin", () => {
  it("readdresses a form post, keeping its method, headers and body", async () => {
    const original = new Request("http://10.0.0.2:3000/login?next=%2Fadmin", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://shop.example.pk" },
      body: "email=a%40b.pk&password=x",
    });
    const moved = atOrigin(original, "https://shop.example.pk");
    expect(moved.url).toBe("https://shop.example.pk/login?next=%2Fadmin");
    expect(moved.method).toBe("POST");
    expect(moved.headers.get("origin")).toBe("https://shop.example.pk");
    expect(await moved.text()).toBe("email=a%40b.pk&password=x");
  });

  it("returns the same request when it is already at that origin", () => {
    const request = new Request("https://shop.example.pk/");
    expect(atOrigin(request, "https://shop.example.pk")).toBe(request);
  });
});
