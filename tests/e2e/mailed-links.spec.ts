import http from "node:http";
import { expect, test } from "@playwright/test";
import { mailTo, OWNER } from "../support/e2e";
import { startOwnServer } from "../support/e2e-servers";
import { checkoutForm } from "../support/test-customer";

/*
 * Every link the shop mails is built from its configuration (PUBLIC_URL, else http://localhost:PORT,
 * docs/decisions/0045): a request naming another host — in Host, or in X-Forwarded-Host and
 * -Proto, believed or not — never decides where a password link or an order's tracking link points.
 * Each test reads the mail the server actually wrote.
 */

/** Whatever a client can send to name a host of its choosing. */
const FORGED = { Host: "evil.example", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" };

/** A form post exactly as given (no Origin: a script or curl sends none), its whole answer read. */
function postAs(port: number, path: string, fields: Record<string, string>, headers: Record<string, string>) {
  const body = Buffer.from(new URLSearchParams(fields).toString());
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path,
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(body.length), ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString("utf8") }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** Every web address in a mail's text, each of which must be on `origin`. */
function expectLinksOn(text: string, origin: string) {
  const links = text.match(/https?:\/\/[^\s)>]+/g) ?? [];
  expect(links.length, text).toBeGreaterThan(0);
  for (const link of links) expect(new URL(link).origin, link).toBe(origin);
  expect(text).not.toContain("evil.example");
}

test("a password link asked for with a forged Host or X-Forwarded-Host points at the shop's own address", async ({ baseURL }) => {
  // The request: a staff member's e-mail, from curl, with another Host.
  const answer = await postAs(Number(new URL(baseURL!).port), "/forgot-password", { email: OWNER.email }, FORGED);
  expect(answer.status).toBe(200);
  const mail = await mailTo(baseURL!, OWNER.email, "Reset your Chamra Leather password");
  expect(mail.text).toMatch(/\/reset-password\?token=/);
  expectLinksOn(mail.text, new URL(baseURL!).origin);
});

test("an order placed with a forged Host gets a confirmation whose tracking link points at the shop", async ({ page, baseURL }) => {
  // A coin pouch: the belt's stock is counted by the product, checkout and page-cache tests.
  await page.goto("/shop?q=Coin%20Pouch");
  await page.getByRole("link", { name: "Coin Pouch" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Coin Pouch" })).toBeVisible();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("link", { name: /^Cart, 1 item/ })).toBeVisible();
  const cart = await page.evaluate(() => window.localStorage.getItem("shoppingCart") ?? "[]");
  const email = `steered-${Date.now()}@example.pk`;
  const answer = await postAs(
    Number(new URL(baseURL!).port),
    "/checkout.data",
    checkoutForm({ email, phone: `0334${String(Date.now() % 10_000_000).padStart(7, "0")}`, cart, idempotencyKey: `steered-${Date.now()}-0000` }),
    FORGED,
  );
  expect(answer.status, answer.body.slice(0, 300)).toBe(200);
  const orderNumber = /ORD-\d{13}/.exec(answer.body)?.[0];
  expect(orderNumber, answer.body.slice(0, 300)).toBeTruthy();
  const mail = await mailTo(baseURL!, email, `Order Confirmed! ${orderNumber}`);
  expect(mail.text).toMatch(/Track your order: \S+\/track/);
  expectLinksOn(mail.text, new URL(baseURL!).origin);
});

test.describe("behind a trusted proxy without PUBLIC_URL", () => {
  let shop: Awaited<ReturnType<typeof startOwnServer>> | undefined;
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    shop = await startOwnServer({ TRUST_PROXY: "1" });
  });
  test.afterAll(async () => {
    await shop?.stop();
  });

  test("a password link asked for through the proxy with another forwarded host still points at localhost:PORT", async () => {
    const { port, baseURL } = shop!;
    const forwarded = { ...FORGED, "X-Forwarded-For": "203.0.113.40" };
    expect((await postAs(port, "/forgot-password", { email: OWNER.email }, forwarded)).status).toBe(200);
    const mail = await mailTo(baseURL, OWNER.email, "Reset your Chamra Leather password");
    expectLinksOn(mail.text, `http://localhost:${port}`);
  });

  test("over https through the proxy, the flash cookie is Secure", async () => {
    const { port } = shop!;
    const proxied = { "X-Forwarded-Proto": "https", "X-Forwarded-Host": `localhost:${port}`, "X-Forwarded-For": "203.0.113.41" };
    const answer = await postAs(
      port,
      "/login",
      { email: OWNER.email, password: OWNER.password },
      { ...proxied, Origin: `https://localhost:${port}` },
    );
    expect(answer.status).toBe(302);
    const flash = (answer.headers["set-cookie"] ?? []).find((c) => c.startsWith("flash="));
    expect(flash).toMatch(/; Secure/i);
  });
});
