import { expect, test, type Page } from "@playwright/test";
import type { CartLine } from "~/modules/cart/cart-line";
import { addPouchToCart, sameBrowser } from "../support/e2e";

/*
 * Issue 35, goal 1: /cart and /checkout are drawn whole by the server, from the cart the browser
 * mirrors in a cookie (docs/decisions/0062): they paint with their lines and totals, shift nothing
 * when the scripts take over, work that way without scripts, and never show one shopper's cart to
 * another. localStorage stays the cart: a stale or missing cookie loses nothing. Each test runs on
 * a phone (412 px, @mobile) and a laptop.
 */
const SIZES = [
  { name: "phone", tag: " @mobile" },
  { name: "laptop", tag: "" },
] as const;

/** The page's scripts have run and hydrated it. */
async function hydrated(page: Page) {
  await expect(page.locator("#page-module")).toHaveCount(0);
  await expect(page.locator("[data-held]")).toHaveCount(0);
}

for (const size of SIZES) {
  test.describe(`on a ${size.name}`, () => {
    test(`without scripts, a cart put in earlier shows its lines on /cart and its total on /checkout${size.tag}`, async ({ page, browser }) => {
      await addPouchToCart(page);
      const total = "PKR 998.00"; // 950 and 5% tax, rounded as the shop rounds it
      const plain = await sameBrowser(browser, page, { scripts: false });
      try {
        const cold = await plain.newPage();
        await cold.goto("/cart");
        const line = cold.getByRole("listitem", { name: "Coin Pouch" });
        await expect(line).toBeVisible();
        await expect(line.getByLabel("Quantity of Coin Pouch", { exact: true })).toHaveText("1");
        await expect(cold.getByRole("complementary", { name: "Order summary" }).getByText(total)).toBeVisible();
        await expect(cold.getByText("Loading your cart…")).toHaveCount(0);
        // A link, so it works without scripts too.
        await cold.getByRole("link", { name: "Proceed to Checkout" }).click();
        await expect(cold.getByRole("heading", { name: "Checkout" })).toBeVisible();
        const summary = cold.getByRole("complementary", { name: "Order summary" });
        if (size.name === "phone") await expect(summary.getByRole("button", { name: /^Show order summary/ })).toContainText(total);
        else await expect(summary.getByText("1 × Coin Pouch")).toBeVisible();
        await expect(cold.locator("#checkout-to-pay")).toContainText(total);
      } finally {
        await plain.close();
      }
    });

    test(`the cart paints whole and shifts nothing when its scripts take over${size.tag}`, async ({ page }) => {
      await addPouchToCart(page);
      const priceChecks: string[] = [];
      page.on("request", (r) => {
        if (r.method() === "POST" && new URL(r.url()).pathname === "/cart.data") priceChecks.push(r.url());
      });
      for (const path of ["/cart", "/checkout"]) {
        await page.goto(path);
        await page.evaluate(() => {
          (window as unknown as { shifts: number }).shifts = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
              if (!entry.hadRecentInput) (window as unknown as { shifts: number }).shifts += entry.value;
            }
          }).observe({ type: "layout-shift", buffered: true });
        });
        await hydrated(page);
        await expect(path === "/cart" ? page.getByRole("listitem", { name: "Coin Pouch" }) : page.locator("#checkout-to-pay")).toBeVisible();
        expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts), path).toBe(0);
        // The line's picture, on the first screen, is fetched with the page, not once laid out (Lighthouse: "LCP image was lazily loaded").
        if (path === "/cart") await expect(page.getByRole("listitem", { name: "Coin Pouch" }).getByRole("img")).toHaveAttribute("loading", "eager");
      }
      // The prices the server drew the page with are not asked for again.
      expect(priceChecks).toEqual([]);
    });

    test(`a cart changed where its cookie was not written, or without a cookie, is drawn from the browser's own cart${size.tag}`, async ({
      page,
    }) => {
      await addPouchToCart(page);
      // The cookie is gone (cleared, expired, or the cart was put in before it existed).
      await page.context().clearCookies({ name: "cart" });
      await page.goto("/cart");
      await expect(page.getByRole("listitem", { name: "Coin Pouch" })).toBeVisible();
      await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === "cart")?.value).toMatch(/^1\|/);
      // The cookie says 1 pouch; the browser's cart, changed behind its back, says 3.
      await page.evaluate(() => {
        const lines = JSON.parse(localStorage.getItem("shoppingCart") ?? "[]") as CartLine[];
        lines[0].productQuantity = 3;
        localStorage.setItem("shoppingCart", JSON.stringify(lines));
      });
      await page.goto("/cart");
      await expect(page.getByRole("listitem", { name: "Coin Pouch" }).getByLabel("Quantity of Coin Pouch", { exact: true })).toHaveText("3");
      await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === "cart")?.value).toMatch(/:3$/);
    });
  });
}

test("one shopper's cart is never drawn for another, nor kept by any cache", async ({ page, browser, request }) => {
  await addPouchToCart(page);
  const mine = await page.request.get("/cart");
  expect(mine.headers()["cache-control"]).toBe("private, no-store");
  expect(mine.headers()["x-cache"]).toBeUndefined();
  expect(await mine.text()).toContain("Quantity of Coin Pouch");
  // Another shopper, right after: no cookie, or a cart of their own.
  const other = await browser.newContext();
  try {
    const theirs = await other.newPage();
    await theirs.goto("/cart");
    await expect(theirs.getByText("Your cart is empty.")).toBeVisible();
    await expect(theirs.getByText("Coin Pouch")).toHaveCount(0);
  } finally {
    await other.close();
  }
  for (const path of ["/cart", "/checkout"]) {
    const anonymous = await request.get(path, { headers: { Cookie: "" } });
    expect(anonymous.headers()["cache-control"], path).toBe("private, no-store");
    expect(await anonymous.text(), path).not.toContain("Coin Pouch");
  }
});
