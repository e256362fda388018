import http from "node:http";
import { expect, test } from "@playwright/test";
import { rawRequest } from "../support/raw-http";

/*
 * Every redirect stays on the shop (docs/decisions/0045): whatever path, encoding or Referer a
 * request carries, a Location is a path on the shop's own origin — never `//host`, `/\host`, or
 * a form of them that decodes so. Sent raw, as no browser would send them.
 */

let agent: http.Agent;
test.beforeAll(() => {
  agent = new http.Agent({ keepAlive: false });
});
test.afterAll(() => agent.destroy());

/** A Location a browser resolves to a page of the shop, however often it is decoded. */
function expectOnTheShop(location: string | undefined, origin: string) {
  if (location === undefined) return;
  expect(location, location).toMatch(/^\/(?![/\\])/);
  expect(new URL(location, origin).origin, location).toBe(origin);
  let decoded = location;
  for (let i = 0; i < 3; i++) decoded = decodeURIComponent(decoded);
  expect(decoded, location).not.toMatch(/^\/[/\\]|[\\\t\n\r]/);
}

test("an address with an empty query is sent to its own path, and only to a path on the shop", async ({ baseURL }) => {
  const port = Number(new URL(baseURL!).port);
  const origin = new URL(baseURL!).origin;
  const get = (path: string) => rawRequest(port, { method: "GET", path, headers: {} }, agent);

  const plain = await get("/shop?");
  expect(plain.status).toBe(302);
  expect(plain.headers.location).toBe("/shop");

  for (const path of [
    "//evil.example:4599/?",
    "//evil.example/?",
    "///evil.example/?",
    "/\\evil.example/?",
    "/%2F%2Fevil.example/?",
    "/%2f/evil.example/?",
    "/%5Cevil.example/?",
    "/%252F%252Fevil.example/?",
    "/%09/evil.example/?",
  ]) {
    const answer = await get(path);
    expect(answer.status, path).toBeLessThan(500);
    expectOnTheShop(answer.headers.location, origin);
    // None of these is a page of the shop: it is answered where it was asked, not sent on.
    expect(answer.headers.location, path).toBeUndefined();
  }
});

test("the newsletter form without scripts goes back to the shop page it came from, never off-site", async ({ baseURL }) => {
  const port = Number(new URL(baseURL!).port);
  const origin = new URL(baseURL!).origin;
  // An empty e-mail: answered with its message, so these requests subscribe no one.
  const subscribe = (referer: string) =>
    rawRequest(
      port,
      {
        method: "POST",
        path: "/subscribe",
        headers: {
          Host: new URL(origin).host,
          Origin: origin,
          "Content-Type": "application/x-www-form-urlencoded",
          "Sec-Fetch-Mode": "navigate",
          Referer: referer,
        },
        body: Buffer.from("email="),
      },
      agent,
    );

  const back = await subscribe(`${origin}/about?from=footer`);
  expect(back.status).toBe(303);
  expect(back.headers.location).toBe("/about?from=footer");

  for (const referer of [
    `${origin}//evil.example/x`,
    `${origin}/%2F%2Fevil.example/x`,
    `${origin}/%5Cevil.example/x`,
    `${origin}/\\evil.example/x`,
    "http://evil.example/about",
    "https://evil.example//x",
    "//evil.example/x",
    "javascript:alert(1)",
  ]) {
    const answer = await subscribe(referer);
    expect(answer.status, referer).toBe(303);
    expectOnTheShop(answer.headers.location, origin);
    expect(answer.headers.location, referer).toBe("/");
  }
});
