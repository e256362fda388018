import { expect, test, type Page } from "@playwright/test";
import { logIn } from "../support/e2e";

/** The Cache-Control of the next `.data` request for `path`, made by following a side-menu link. */
async function dataResponseOf(page: Page, path: string, link: string) {
  const response = page.waitForResponse((r) => new URL(r.url()).pathname === `${path}.data` && r.request().method() === "GET");
  await page.getByRole("navigation", { name: "Admin" }).filter({ visible: true }).getByRole("link", { name: link }).click();
  return response;
}

test.describe("the back office is never kept in a cache", () => {
  test("pages, their data, the event stream, uploads and the CSV say no-store", async ({ page, request }) => {
    // Even the redirect an anonymous visitor gets.
    const anonymous = await request.get("/admin/orders", { maxRedirects: 0 });
    expect(anonymous.status()).toBe(302);
    expect(anonymous.headers()["cache-control"]).toContain("no-store");

    await logIn(page);
    const document = await page.goto("/admin/orders");
    expect(document!.status()).toBe(200);
    expect(document!.headers()["cache-control"]).toContain("no-store");

    const products = await dataResponseOf(page, "/admin/products", "Products");
    expect(products.status()).toBe(200);
    expect(products.headers()["cache-control"]).toContain("no-store");
    const dashboard = await dataResponseOf(page, "/admin", "Dashboard");
    expect(dashboard.headers()["cache-control"]).toContain("no-store");

    const csv = await page.request.get("/admin/managesubscriptions.csv");
    expect(csv.status()).toBe(200);
    expect(csv.headers()["cache-control"]).toContain("no-store");
    const upload = await page.request.get("/admin/uploads");
    expect(upload.headers()["cache-control"]).toContain("no-store");
    const events = await page.evaluate(async () => {
      const stop = new AbortController();
      const response = await fetch("/admin/events", { signal: stop.signal });
      const header = response.headers.get("cache-control");
      stop.abort();
      return header;
    });
    expect(events).toContain("no-store");
  });

  test("a storefront page for a signed-in visitor is private; an anonymous one is not", async ({ page, request }) => {
    const anonymous = await request.get("/about");
    expect(anonymous.headers()["cache-control"] ?? "").not.toContain("private");
    await logIn(page);
    const signedIn = await page.goto("/about");
    expect(signedIn!.headers()["cache-control"]).toMatch(/private|no-store/);
  });
});

test.describe("logging out", () => {
  test("'Sign out of all devices' ends the account's other sessions too; plain 'Log out' only this one, and is the only button so named", async ({
    browser,
  }) => {
    const [first, second, third] = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
    try {
      const a = await first.newPage();
      const b = await second.newPage();
      const c = await third.newPage();
      await logIn(a);
      await logIn(b);
      await logIn(c);

      // Plain log out in one browser, found by its name alone: the others stay signed in.
      await c.getByRole("button", { name: "Log out" }).click();
      await expect(c).toHaveURL(/\/$/);
      await b.goto("/admin/orders");
      await expect(b.getByRole("heading", { name: "Order Management" })).toBeVisible();

      // Everywhere, from the first browser: the second is signed out at its next request.
      await a.getByRole("navigation", { name: "Admin" }).filter({ visible: true }).getByRole("button", { name: "Sign out of all devices" }).click();
      await expect(a).toHaveURL(/\/$/);
      await a.goto("/admin");
      await expect(a).toHaveURL(/\/login$/);
      await b.goto("/admin/orders");
      await expect(b).toHaveURL(/\/login$/);

      // Signing in again works as before.
      await logIn(b);
    } finally {
      await Promise.all([first.close(), second.close(), third.close()]);
    }
  });
});
