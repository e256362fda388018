import { expect, test } from "@playwright/test";

// The browser-test server trusts no proxy (TRUST_PROXY unset): forwarded headers change nothing.
test("without TRUST_PROXY a client cannot escape login limits by sending X-Forwarded-For", async ({ request, baseURL }) => {
  const email = `spoofer-${Date.now()}@example.pk`;
  const attempt = (address: string) =>
    request.post("/login", {
      headers: { Origin: baseURL!, "X-Forwarded-For": address, "Content-Type": "application/x-www-form-urlencoded" },
      data: new URLSearchParams({ email, password: "wrong-password" }).toString(),
      maxRedirects: 0,
    });
  for (let i = 0; i < 5; i++) expect((await attempt(`198.51.100.${i + 1}`)).status()).toBe(401);
  expect((await attempt("198.51.100.200")).status()).toBe(429);
});

test("without TRUST_PROXY a forwarded https scheme does not change the shop's origin", async ({ request, baseURL }) => {
  const response = await request.post("/login", {
    headers: {
      Origin: "https://evil.example",
      "X-Forwarded-Proto": "https",
      "X-Forwarded-Host": "evil.example",
      "Content-Type": "application/x-www-form-urlencoded",
    },
    data: "email=a%40b.pk&password=x",
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  expect(baseURL).toMatch(/^http:\/\/localhost/);
});
