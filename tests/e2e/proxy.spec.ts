import { expect, test } from "@playwright/test";
import { OWNER } from "../support/e2e";
import { PROXIED_PUBLIC_URL } from "../support/e2e-servers";

/*
 * The shop as it runs behind one TLS-terminating reverse proxy: PUBLIC_URL=https://shop.example.pk,
 * TRUST_PROXY=1 (see tests/support/e2e-servers.ts). The proxy talks plain HTTP to the shop; these requests
 * play its part, sending what a proxy sends: the browser's headers plus X-Forwarded-*.
 */
const PUBLIC = PROXIED_PUBLIC_URL;

function proxied(address: string, extra: Record<string, string> = {}) {
  return { "X-Forwarded-For": address, "X-Forwarded-Proto": "https", "X-Forwarded-Host": new URL(PUBLIC).host, ...extra };
}

function form(values: Record<string, string>) {
  return new URLSearchParams(values).toString();
}

test("a form posted from the https:// shop through the proxy is answered, not refused", async ({ request }) => {
  const response = await request.post("/login", {
    headers: proxied("203.0.113.10", { Origin: PUBLIC, "Content-Type": "application/x-www-form-urlencoded" }),
    data: form({ email: "nobody@example.pk", password: "not-the-password" }),
    maxRedirects: 0,
  });
  expect(response.status()).toBe(401);
  expect(await response.text()).toContain("Invalid email or password.");
});

test("staff sign in through the proxy and get a secure session cookie", async ({ request }) => {
  const response = await request.post("/login", {
    headers: proxied("203.0.113.11", { Origin: PUBLIC, "Content-Type": "application/x-www-form-urlencoded" }),
    data: form({ email: OWNER.email, password: OWNER.password }),
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toBe("/admin");
  const cookies = response
    .headersArray()
    .filter((h) => h.name.toLowerCase() === "set-cookie")
    .map((h) => h.value);
  const session = cookies.find((c) => c.includes("session_token"));
  expect(session).toMatch(/^__Secure-/);
  expect(session).toMatch(/; Secure/i);
  expect(session).toMatch(/; HttpOnly/i);
  // The one-time "Login successful!" travels in a cookie that is Secure too.
  expect(cookies.find((c) => c.startsWith("flash="))).toMatch(/; Secure/i);
});

test("with PUBLIC_URL set, a post from any other origin is refused", async ({ request, baseURL }) => {
  for (const origin of ["https://evil.example", baseURL!, "http://shop.example.pk"]) {
    const response = await request.post("/login", {
      headers: proxied("203.0.113.12", { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" }),
      data: form({ email: OWNER.email, password: OWNER.password }),
      maxRedirects: 0,
    });
    expect(response.status(), origin).toBe(403);
  }
});

test("pages name the public https:// address in their canonical link and sitemap", async ({ request }) => {
  const page = await (await request.get("/shop", { headers: proxied("203.0.113.13") })).text();
  expect(page).toContain(`<link rel="canonical" href="${PUBLIC}/shop"/>`);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`${PUBLIC}/sitemap.xml`);
});

test("health and readiness answer without a session", async ({ request }) => {
  const health = await request.get("/healthz");
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: "ok" });
  const ready = await request.get("/readyz");
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toMatchObject({ status: "ready", database: "up", migrations: "applied" });
  expect(ready.headers()["cache-control"]).toBe("no-store");
});

test("login limits count the shopper's address the proxy saw, not the proxy's", async ({ request }) => {
  const email = `limited-${Date.now()}@example.pk`;
  const attempt = (address: string) =>
    request.post("/login", {
      headers: proxied(address, { Origin: PUBLIC, "Content-Type": "application/x-www-form-urlencoded" }),
      data: form({ email, password: "wrong-password" }),
      maxRedirects: 0,
    });
  for (let i = 0; i < 5; i++) expect((await attempt("198.51.100.7")).status()).toBe(401);
  expect((await attempt("198.51.100.7")).status()).toBe(429);
  // Another shopper behind the same proxy is not held up by the first one's failures.
  expect((await attempt("198.51.100.8")).status()).toBe(401);
  // A client cannot choose its address by sending its own X-Forwarded-For: the proxy appends.
  expect((await attempt("203.0.113.99, 198.51.100.7")).status()).toBe(429);
});

test("behind the proxy, /cart and /checkout draw each shopper's own cart, and no cache may keep them", async ({ request }) => {
  const shop = await (await request.get("/shop?q=Coin%20Pouch", { headers: proxied("203.0.113.20") })).text();
  const productId = /href="\/product\/([A-Za-z0-9]+)"/.exec(shop)![1];
  // The cookie the browser mirrors its cart into (docs/decisions/0062): the item and how many.
  const cart = (quantity: number) => `cart=1|${productId}:Olive_One%20Size:One%20Size:${quantity}`;
  for (const path of ["/cart", "/checkout"]) {
    // Two shoppers in turn, then one without a cart, all through the one proxy.
    for (const [address, cookie, quantity] of [
      ["203.0.113.21", cart(2), "2"],
      ["203.0.113.22", cart(5), "5"],
      ["203.0.113.21", cart(2), "2"],
      ["203.0.113.23", "", null],
    ] as const) {
      const response = await request.get(path, { headers: proxied(address, { Cookie: cookie }) });
      expect(response.status()).toBe(200);
      expect(response.headers()["cache-control"], path).toBe("private, no-store");
      expect(response.headers()["x-cache"], path).toBeUndefined();
      const page = await response.text();
      if (quantity === null) expect(page, path).not.toContain("Coin Pouch");
      else
        expect(page, `${path} ${address}`).toMatch(
          new RegExp(`${quantity}(<!-- -->)? × (<!-- -->)?Coin Pouch|Quantity of Coin Pouch" aria-live="polite">${quantity}<`),
        );
    }
  }
});
