import { ROLES, type FuzzRequest, type Role, type ShopFacts } from "./malformed-requests";
import { FORM_ACTIONS as ACTIONS } from "../support/form-actions";
import { checkoutForm } from "../support/test-customer";

type Case = Omit<FuzzRequest, "role" | "expect"> & { expect?: number | Partial<Record<Role, number>> };

/**
 * Requests that once got a server error, kept word for word and sent as every role on every run,
 * besides the generated ones.
 */

export function regressionCases(f: ShopFacts, realImage: Uint8Array): FuzzRequest[] {
  const out: Case[] = [];
  // A PNG whose header reads well but whose data is damaged: its re-encoding threw a 500 (seed 3).
  const badChecksum = Buffer.from(realImage);
  badChecksum[29] ^= 0xff;
  for (const [why, body] of [
    ["a PNG with a wrong header checksum", badChecksum],
    ["a PNG cut short", Buffer.from(realImage.subarray(0, Math.floor(realImage.length * 0.6)))],
  ] as const) {
    out.push({
      target: "POST /admin/uploads",
      kind: "action",
      method: "POST",
      path: "/admin/uploads?kind=image",
      headers: { Origin: f.origin, "Content-Type": "image/png" },
      body,
      shape: "raw",
      why,
      expect: { anonymous: 302, customer: 302, admin: 400, "main admin": 400 },
    });
  }
  // Bodies over the limits: any form over 12 MB (413 before anything reads it), and a category
  // form over its own limit for a 10 MB image (400 with that reason, once staff are known).
  const big = Buffer.alloc(12 * 1024 * 1024 + 1, "m");
  big.write("message=");
  out.push({
    target: "POST /contact",
    kind: "action",
    method: "POST",
    path: "/contact",
    headers: { Origin: f.origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: big,
    shape: "form",
    why: "a form over 12 MB",
    expect: 413,
  });
  const image = Buffer.concat([
    Buffer.from(
      `--zz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nadd\r\n--zz\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    Buffer.alloc(11 * 1024 * 1024, 7),
    Buffer.from("\r\n--zz--\r\n"),
  ]);
  out.push({
    target: "POST /admin/categories",
    kind: "action",
    method: "POST",
    path: "/admin/categories?intent=add",
    headers: { Origin: f.origin, "Content-Type": "multipart/form-data; boundary=zz" },
    body: image,
    shape: "form",
    why: "a category form with an 11 MB file and no name",
    expect: { anonymous: 302, customer: 302, admin: 400, "main admin": 400 },
  });
  // JSON in a form field spelling a NUL byte as \u0000, which the field check cannot see: it
  // reached the database from the cart's product ids (500, seed 12).
  const nulCart = JSON.stringify([
    { ...f.cartLine, productQuantity: 1 },
    { productID: "\0", productVariantKey: "\0_M", productSize: "M", productQuantity: 1 },
  ]);
  const form = (fields: Record<string, string>) => Buffer.from(new URLSearchParams(fields).toString());
  const urlencoded = { Origin: f.origin, "Content-Type": "application/x-www-form-urlencoded" };
  out.push({
    target: "POST /cart",
    kind: "action",
    method: "POST",
    path: "/cart",
    headers: urlencoded,
    body: form({ cart: nulCart }),
    shape: "form",
    why: "a cart naming a product id \\u0000",
    expect: 400,
  });
  out.push({
    target: "POST /checkout",
    kind: "action",
    method: "POST",
    path: "/checkout",
    headers: urlencoded,
    body: form(checkoutForm({ cart: nulCart, idempotencyKey: "fuzz-nul-cart-0000000" })),
    shape: "form",
    why: "checkout with a cart naming a product id \\u0000",
    expect: 400,
  });
  for (const [why, change] of [
    ["a category id \\u0000", (p: Record<string, unknown>) => (p.categoryIds = ["\0"])],
    ["a product name with \\u0000", (p: Record<string, unknown>) => (p.name = "Fuzz\0Satchel")],
  ] as const) {
    const product: Record<string, unknown> = {
      name: "Fuzz Satchel",
      categoryIds: [f.categoryIds[0]],
      variants: [{ name: "Default", price: "4500", stock: [{ size: "M", qty: "3" }] }],
    };
    change(product);
    out.push({
      target: "POST /admin/products/new",
      kind: "action",
      method: "POST",
      path: "/admin/products/new",
      headers: urlencoded,
      body: form({ product: JSON.stringify(product) }),
      shape: "form",
      why: `a product form with ${why}`,
      expect: { anonymous: 302, customer: 302, admin: 400, "main admin": 400 },
    });
  }
  // The addresses: a NUL byte reached the database (500/503).
  for (const path of ["/product/%00", "/shop?q=%00", "/shop/category/a%00", "/shop?q=wallet%00", "/admin/orders?q=%00", "/product/%E0%A4%A"]) {
    out.push({
      target: `GET ${path}`,
      kind: "route",
      method: "GET",
      path,
      headers: {},
      shape: "none",
      why: "issue: NUL or undecodable address",
      expect: 400,
    });
  }
  // Issue 30's open redirects: an empty query after a path naming another host answered
  // `302 Location: //evil.example:4599/`; the newsletter form without scripts followed a Referer
  // whose path names another host. The suite checks every Location stays on the shop.
  for (const path of ["//evil.example:4599/?", "/%2F%2Fevil.example/?", "/%5Cevil.example/?", "/%09/evil.example/?"]) {
    out.push({ target: `GET ${path}`, kind: "route", method: "GET", path, headers: {}, shape: "none", why: "issue 30: a path naming another host" });
  }
  for (const referer of [`${f.origin}//evil.example/x`, `${f.origin}/%2F%2Fevil.example/x`, "http://evil.example/about"]) {
    out.push({
      target: "POST /subscribe",
      kind: "action",
      method: "POST",
      path: "/subscribe",
      headers: { ...urlencoded, "Sec-Fetch-Mode": "navigate", Referer: referer },
      body: form({ email: "" }),
      shape: "form",
      why: `issue 30: the newsletter form without scripts, from ${referer}`,
      expect: 303,
    });
  }
  // Beyond Node's 16 KB of request headers: the HTTP server refuses it before the shop sees it.
  out.push({
    target: "GET /shop",
    kind: "route",
    method: "GET",
    path: `/shop?q=${"q".repeat(17_000)}`,
    headers: {},
    shape: "none",
    why: "an address over 16 KB",
    expect: 431,
  });
  // The checkout with a NUL byte in a field.
  out.push({
    target: "POST /checkout",
    kind: "action",
    method: "POST",
    path: "/checkout",
    headers: { Origin: f.origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: Buffer.from(
      "firstName=a%00b&lastName=Khan&email=nul%40example.pk&phone=03001234567&streetAddress=1+Road&city=Lahore&state=Punjab&zipCode=54000&cart=%5B%5D&idempotencyKey=0123456789abcdef0123",
    ),
    shape: "form",
    fields: [{ name: "firstName", value: "a\0b" }],
    why: "issue: firstName=a%00b",
    expect: 400,
  });
  // The bodies that are not forms, to every action: 500 before the boundary.
  const bodies: { headers: Record<string, string>; body?: string; shape: FuzzRequest["shape"]; why: string; expect: number }[] = [
    { headers: { "Content-Type": "application/json" }, body: '{"email":"a@b.pk"}', shape: "not-a-form", why: "issue: JSON body", expect: 415 },
    { headers: { "Content-Type": "text/plain" }, body: "email=a@b.pk", shape: "not-a-form", why: "issue: text/plain body", expect: 415 },
    { headers: {}, body: undefined, shape: "not-a-form", why: "issue: no body", expect: 415 },
    {
      headers: { "Content-Type": "multipart/form-data; boundary=zz" },
      body: '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\nno end',
      shape: "broken-multipart",
      why: "issue: broken multipart",
      expect: 400,
    },
  ];
  for (const path of ACTIONS) {
    for (const b of bodies) {
      out.push({
        target: `POST ${path}`,
        kind: "action",
        method: "POST",
        path,
        headers: { Origin: f.origin, ...b.headers },
        body: b.body === undefined ? undefined : Buffer.from(b.body),
        shape: b.shape,
        why: b.why,
        expect: b.expect,
      });
    }
  }
  return ROLES.flatMap((role) => out.map((r) => ({ ...r, role, expect: typeof r.expect === "object" ? r.expect[role] : r.expect })));
}
