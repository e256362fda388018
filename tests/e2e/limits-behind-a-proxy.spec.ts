import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { PROXIED_PUBLIC_URL } from "../support/e2e-servers";
import { checkoutForm } from "../support/test-customer";

/*
 * Every limit of the shop, walked to its refusal, as a page post (the form without scripts) and as
 * a `.data` request (the form with them): each refusal is a 429 with a Retry-After of whole seconds
 * and its message (docs/decisions/0046). Against the server behind a proxy (TRUST_PROXY=1), so
 * that each walk has a client address of its own (X-Forwarded-For); its checkout limits are set
 * low (tests/support/e2e-servers.ts), so that walking them takes a few units of stock.
 */
const PUBLIC = PROXIED_PUBLIC_URL;
const CALL = "\\+92 300 1234567";
/** How many requests a walk may take before its limit must have answered 429. */
const MOST = 40;

type Mode = "page" | "data";
type Fields = Record<string, string>;

let addresses = 0;
/** A client address of its own for every walk (TEST-NET-3 and 2). */
function nextAddress(): string {
  const n = addresses++;
  return `${n < 250 ? "203.0.113" : "198.51.100"}.${(n % 250) + 1}`;
}

function post(request: APIRequestContext, mode: Mode, path: string, fields: Fields, address: string): Promise<APIResponse> {
  return request.post(mode === "data" ? `${path}.data` : path, {
    headers: {
      "X-Forwarded-For": address,
      "X-Forwarded-Proto": "https",
      "X-Forwarded-Host": new URL(PUBLIC).host,
      Origin: PUBLIC,
      "Content-Type": "application/x-www-form-urlencoded",
      ...(mode === "page" && { Accept: "text/html" }),
    },
    data: new URLSearchParams(fields).toString(),
    maxRedirects: 0,
  });
}

/**
 * Sends `fields(i)` until the shop answers 429 (at most MOST times; nothing before it may be a
 * 429 or a 5xx), then checks the refusal: Retry-After, and the message in the page or the data.
 */
async function walk(request: APIRequestContext, mode: Mode, path: string, fields: (i: number) => Fields, message: RegExp, address = nextAddress()) {
  for (let i = 0; i < MOST; i++) {
    const response = await post(request, mode, path, fields(i), address);
    const status = response.status();
    expect(status, `${mode} ${path} #${i + 1}`).toBeLessThan(500);
    if (status !== 429) continue;
    const retryAfter = response.headers()["retry-after"];
    expect(retryAfter, `${mode} ${path}: Retry-After`).toMatch(/^[1-9]\d*$/);
    expect(await response.text(), `${mode} ${path}: message`).toMatch(message);
    return;
  }
  throw new Error(`${mode} ${path}: no 429 within ${MOST} requests`);
}

let seq = 0;
const unique = () => `${Date.now().toString(36)}-${seq++}`;
const phoneOf = (n: number) => `0355${String(n).padStart(7, "0")}`;

/** A cart line of a demo product found by its name, by its variant's name (the shop takes either). */
async function lineOf(request: APIRequestContext, product: string, variant: string) {
  const page = await (await request.get(`/shop?q=${encodeURIComponent(product)}`, { headers: { "X-Forwarded-For": nextAddress() } })).text();
  const id = new RegExp(`href="/product/([^"?#/]+)"[^>]*>(?:(?!</a>).)*${product}`, "s").exec(page)?.[1];
  expect(id, `the demo product ${product}`).toBeTruthy();
  return (quantity: number) => ({ productID: id!, productVariantKey: `${variant}_One Size`, productSize: "One Size", productQuantity: quantity });
}

function orderOf(lines: object[], who: { phone: string; email: string }): Fields {
  return checkoutForm({ ...who, cart: JSON.stringify(lines), idempotencyKey: randomUUID() });
}

for (const mode of ["page", "data"] as const) {
  test.describe(`every 429 carries Retry-After and its message (${mode === "page" ? "page post" : ".data request"})`, () => {
    test("login: 5 failures per account and address", async ({ request }) => {
      const email = `walker-${unique()}@example.pk`;
      await walk(
        request,
        mode,
        "/login",
        () => ({ email, password: "wrong-password" }),
        /Too many failed attempts\. Please wait \d+ seconds? and try again\./,
      );
    });

    test("signup: per address", async ({ request }) => {
      await walk(
        request,
        mode,
        "/signup",
        (i) => ({ email: `signup-${unique()}-${i}@example.pk`, password: "password", firstName: "Walker", lastName: "Limits", gender: "female" }),
        /Too many sign-ups from your network\. Please wait \d+ minutes? and try again\./,
      );
    });

    test("contact: per address", async ({ request }) => {
      await walk(
        request,
        mode,
        "/contact",
        () => ({ name: "Walker", email: "walker@example.pk", subject: "other", message: "Hello" }),
        new RegExp(`Too many messages from your network in a short time\\. Please wait \\d+ minutes? and try again, or call us on ${CALL}\\.`),
      );
    });

    test("newsletter: per address", async ({ request }) => {
      const message = /Too many sign-ups from your network in a short time\. Please wait \d+ minutes? and try again\./;
      const email = (i: number) => ({ email: `news-${unique()}-${i}@example.pk` });
      if (mode === "data") return walk(request, mode, "/subscribe", email, message);
      // The footer's form without scripts goes back to the page it was sent from, which shows the
      // refusal; the same post from a script is answered with the 429 itself.
      const address = nextAddress();
      let flash = "";
      for (let i = 0; i < MOST && !message.test(flash); i++) {
        const response = await post(request, "page", "/subscribe", email(i), address);
        expect(response.status()).toBe(303);
        const cookie = response.headersArray().find((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("flash="));
        flash = decodeURIComponent(cookie?.value.slice("flash=".length).split(";")[0] ?? "");
      }
      expect(flash).toMatch(message);
      const scripted = await request.post("/subscribe", {
        headers: { "X-Forwarded-For": address, Origin: PUBLIC, "Content-Type": "application/x-www-form-urlencoded" },
        data: new URLSearchParams(email(MOST)).toString(),
      });
      expect(scripted.status()).toBe(429);
      expect(scripted.headers()["retry-after"]).toMatch(/^[1-9]\d*$/);
      expect(await scripted.text()).toMatch(message);
    });

    test("forgot password: per e-mail and address", async ({ request }) => {
      const email = `forgot-${unique()}@example.pk`;
      await walk(
        request,
        mode,
        "/forgot-password",
        () => ({ email }),
        /Too many requests for a password link\. Please wait \d+ minutes? and try again\./,
      );
    });

    test("order tracking: per address", async ({ request }) => {
      await walk(
        request,
        mode,
        "/track",
        () => ({ orderNumber: "ORD-1700000000000", phone: "03001234567" }),
        /Too many look-ups from your network in a short time\. Please wait \d+ minutes? and try again\./,
      );
    });

    test("checkout: orders per address, per phone or e-mail and address, items per address and per phone a day", async ({ request }) => {
      const pouch = await lineOf(request, "Coin Pouch", "Olive");
      const holder = await lineOf(request, "Slim Card Holder", "Tan");
      const n = mode === "page" ? 0 : 100;
      // Orders per address: a new phone and e-mail each time.
      await walk(
        request,
        mode,
        "/checkout",
        (i) => orderOf([pouch(1)], { phone: phoneOf(n + i), email: `walk-${unique()}@example.pk` }),
        new RegExp(`Too many orders from your network in a short time\\. Please wait \\d+ minutes?, or call us on ${CALL} to place your order\\.`),
      );
      // Orders per phone number and address.
      const contact = { phone: phoneOf(n + 50), email: `walk-contact-${unique()}@example.pk` };
      await walk(
        request,
        mode,
        "/checkout",
        () => orderOf([pouch(1)], contact),
        new RegExp(
          `Too many orders from this phone number or e-mail in a short time\\. Please wait \\d+ minutes?, or call us on ${CALL} to place a larger order\\.`,
        ),
      );
      // Items per address a day.
      await walk(
        request,
        mode,
        "/checkout",
        (i) => orderOf([holder(4)], { phone: phoneOf(n + 60 + i), email: `walk-items-${unique()}@example.pk` }),
        new RegExp(`Too many items ordered from your network today\\. Please wait \\d+ hours, or call us on ${CALL} to place your order\\.`),
      );
      // Items per phone number a day.
      const phone = phoneOf(n + 70);
      await walk(
        request,
        mode,
        "/checkout",
        (i) => orderOf([holder(i === 0 ? 4 : 1)], { phone, email: `walk-phone-${unique()}@example.pk` }),
        new RegExp(`Too many items ordered with this phone number today\\. Please wait \\d+ hours, or call us on ${CALL} to place a larger order\\.`),
      );
    });
  });
}
