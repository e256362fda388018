import net from "node:net";
import { expect, test } from "@playwright/test";

test.describe("what every response tells the browser", () => {
  test("a page carries a nonce-based policy that forbids framing and sniffing", async ({ request }) => {
    const response = await request.get("/shop");
    const headers = response.headers();
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}'/);
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    // A new nonce for every page.
    const again = (await request.get("/shop")).headers()["content-security-policy"];
    expect(again).not.toBe(headers["content-security-policy"]);
  });

  test("scripts are cached for a year without a date, sent compressed, and carry a strict policy too", async ({ request }) => {
    // The framework chunk: the largest script every page loads, named in the page as sent (preloaded
    // from the head, or, on a page whose scripts start after its first paint, in the list of what
    // to load then).
    const html = await (await request.get("/")).text();
    const src = /(\/assets\/framework-[^" ]+\.js)/.exec(html)?.[1];
    expect(src).toMatch(/^\/assets\/framework-.+\.js$/);
    const response = await request.get(src!, { headers: { "Accept-Encoding": "br, gzip" } });
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers["cache-control"]).toContain("immutable");
    // Never asked about again, so nothing to compare a date with: no Last-Modified to download.
    expect(headers["last-modified"]).toBeUndefined();
    expect(headers["content-encoding"]).toMatch(/^(br|gzip)$/);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  });

  test("a script this release does not have: a page's import gets a script that opens a page of this release, never kept; anything else a 404", async ({
    request,
  }) => {
    // What a tab opened before a release asks for (tests/deploy/open-tab-across-a-release.spec.ts, decision 0073).
    const imported = await request.get("/assets/about-OfAnEarlierRelease.js", { headers: { "Sec-Fetch-Dest": "script" } });
    expect(imported.status()).toBe(200);
    expect(imported.headers()["content-type"]).toMatch(/^text\/javascript/);
    expect(imported.headers()["cache-control"]).toBe("no-store");
    expect(await imported.text()).toContain("__reactRouterDataRouter");
    // Typed in, fetched by a crawler, or not a script: not found.
    expect((await request.get("/assets/about-OfAnEarlierRelease.js")).status()).toBe(404);
    expect((await request.get("/assets/app-OfAnEarlierRelease.css", { headers: { "Sec-Fetch-Dest": "script" } })).status()).toBe(404);
  });

  test("the health check says the process is up; the readiness check that the database answers, migrated", async ({ request }) => {
    const health = await request.get("/healthz");
    expect(health.status()).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok" });
    expect(health.headers()["x-content-type-options"]).toBe("nosniff");
    const ready = await request.get("/readyz");
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready", database: "up", migrations: "applied" });
  });
});

test("a form post larger than any form needs is refused before it is read", async ({ request, baseURL }) => {
  const response = await request.post("/contact", {
    headers: { Origin: baseURL!, "Content-Type": "application/x-www-form-urlencoded" },
    data: `name=A&email=a%40example.pk&message=${"x".repeat(13 * 1024 * 1024)}`,
  });
  expect(response.status()).toBe(413);
  expect(await response.text()).toBe("The request is too large (at most 12 MB).");
});

for (const framing of ["Content-Length", "chunked"] as const) {
  test(`a too-large form sent slowly (${framing}) is read to its end and answered 413, not cut off while it is sent`, async ({ baseURL }) => {
    const url = new URL(baseURL!);
    const size = 12 * 1024 * 1024 + 1;
    const chunked = framing === "chunked";
    const outcome = await new Promise<{ answer: string; error?: string; sent: number }>((resolve) => {
      const socket = net.connect(Number(url.port), url.hostname);
      let answer = "";
      let error: string | undefined;
      let sent = 0;
      socket.on("data", (data) => (answer += data.toString("latin1")));
      socket.on("error", (e) => (error = e.message));
      socket.on("close", () => resolve({ answer, error, sent }));
      // Sent in pieces: with chunked framing the size is known only as the pieces come.
      const send = (piece: Buffer) =>
        socket.write(chunked ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")]) : piece);
      socket.write(
        `POST /contact HTTP/1.1\r\nHost: ${url.host}\r\nOrigin: ${url.origin}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
          (chunked ? "Transfer-Encoding: chunked\r\n" : `Content-Length: ${size}\r\n`) +
          "Connection: close\r\n\r\n",
      );
      send(Buffer.from("message="));
      sent = "message=".length;
      // The rest in 1 MB pieces 100 ms apart: over a second, as a phone on a slow network sends it.
      const timer = setInterval(() => {
        if (socket.destroyed) return clearInterval(timer);
        const piece = Math.min(1024 * 1024, size - sent);
        send(Buffer.alloc(piece, "m"));
        sent += piece;
        if (sent >= size) {
          clearInterval(timer);
          if (chunked) socket.write("0\r\n\r\n");
        }
      }, 100);
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.sent).toBe(size);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(outcome.answer).toContain("The request is too large (at most 12 MB).");
  });
}

test("a connection a proxy keeps open is not closed under it after a few idle seconds", async ({ baseURL }) => {
  // A proxy (deploy/Caddyfile, deploy/nginx.conf) reuses its connections to the shop for up to 30 s.
  // Were the shop to close one after 5 idle seconds, as Node does by default, a shopper's order sent
  // on it at that moment would fail, and the proxy would count the instance as down.
  const url = new URL(baseURL!);
  const socket = net.connect(Number(url.port), url.hostname);
  let received = "";
  let closed = false;
  socket.on("data", (data) => (received += data.toString("latin1")));
  socket.on("close", () => (closed = true));
  const ask = (path: string) => socket.write(`GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`);
  try {
    ask("/healthz");
    await expect.poll(() => received).toContain('"status":"ok"');
    received = "";
    // Idle for longer than Node's default of 5 s, then the next request on the same connection.
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    expect(closed).toBe(false);
    ask("/readyz");
    await expect.poll(() => received).toContain('"status":"ready"');
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
  } finally {
    socket.destroy();
  }
});

test("the storefront's pages and checkout run without breaking their own content security policy", async ({ page }) => {
  // Every violation the browser reports, including ones a script catches and carries on from.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`));
  });
  const violations = () => page.evaluate(() => (window as unknown as { violations: string[] }).violations);
  for (const path of ["/", "/shop", "/shop?q=belt", "/cart", "/checkout", "/contact", "/track"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(await violations(), path).toEqual([]);
  }
  await page.goto("/shop");
  await page.getByRole("link", { name: "Formal Dress Belt" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Formal Dress Belt" })).toBeVisible();
  expect(await violations()).toEqual([]);
});
