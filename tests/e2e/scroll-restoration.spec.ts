import { expect, test, type Page } from "@playwright/test";
import { visitHydrated } from "../support/axe";

/*
 * Where the page was scrolled to comes back with Back and with a reload (React Router's scroll
 * restoration, app/components/ui/scroll-restoration.tsx), and a page opened anew does not pay for
 * it while it is read: its inline script neither reads sessionStorage nor replaces the history
 * entry in the middle of the parser's work (docs/performance.md). Before the page's scripts come,
 * Back or Forward to an entry an earlier document of the tab made is the holding script's to load
 * (app/lib/held-controls.server.ts, decision 0060).
 */

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Goes Back (or Forward) and waits until the page at `address` is scrolled to `place`. */
async function historyTo(page: Page, way: "back" | "forward", address: RegExp, place: number) {
  await (way === "back" ? page.goBack() : page.goForward());
  await expect(page).toHaveURL(address);
  await expect.poll(() => scrollY(page)).toBe(place);
}

/** Scrolls the list down to its tenth product and opens it within the shop: returns where the list was. */
async function productFromTheList(page: Page): Promise<number> {
  await visitHydrated(page, "/shop");
  const card = page.locator("main article").nth(9);
  await card.scrollIntoViewIfNeeded();
  const at = await scrollY(page);
  expect(at).toBeGreaterThan(500);
  await card.getByRole("link").click();
  await expect(page).toHaveURL(/\/product\//);
  return at;
}

test("Back from a product returns to where the shopper was on the list @mobile", async ({ page }) => {
  const at = await productFromTheList(page);
  await expect.poll(() => scrollY(page)).toBe(0);
  await historyTo(page, "back", /\/shop$/, at);
});

test("Back to the list from a product page reloaded meanwhile shows the list where the shopper was, before its scripts come @mobile", async ({
  page,
}) => {
  // Within the shop (no new document), then the product page loaded again (a reload, or the phone
  // bringing back a tab it had dropped): the browser hands Back to the product page's document.
  const at = await productFromTheList(page);
  await page.reload();
  await expect(page.locator("#page-module")).toHaveCount(1);
  await page.goBack();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole("heading", { level: 1, name: "Shop" })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(at);
  await expect(page.locator("#page-module")).toHaveCount(1);
  // Once its scripts have come, it is still the list.
  await page.keyboard.press("Shift");
  await expect(page.locator("#page-module")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "Shop" })).toBeVisible();
  await expect(page.locator("main article")).toHaveCount(24);
});

test("Forward to a product from the list reloaded meanwhile shows the product, before the list's scripts come @mobile", async ({ page }) => {
  // The product opened and left within the shop, then the list loaded again: the browser hands
  // Forward to the list's document, as it hands Back in the test above.
  const at = await productFromTheList(page);
  // The product's own heading, not the list's still on the screen while the product is drawn.
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).not.toHaveText("Shop");
  const product = await heading.textContent();
  await historyTo(page, "back", /\/shop$/, at);
  await page.reload();
  await expect(page.locator("#page-module")).toHaveCount(1);
  await page.goForward();
  await expect(page).toHaveURL(/\/product\//);
  await expect(page.getByRole("heading", { level: 1, name: product! })).toBeVisible();
  await expect(page.locator("#page-module")).toHaveCount(1);
});

test("before the scripts come, Back from a jump within the page stays on the page, without loading it again @mobile", async ({ page }) => {
  await page.goto("/shop");
  await expect(page.locator("#page-module")).toHaveCount(1);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/shop#main$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/shop$/);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test("two pages opened anew keep their own places: Back and Forward return to each @mobile", async ({ page }) => {
  await visitHydrated(page, "/shop");
  await page.evaluate(() => window.scrollTo(0, 900));
  const first = await scrollY(page);
  // A page opened anew (typed, or a link followed before the scripts came): a document of its own.
  await visitHydrated(page, "/about");
  await page.evaluate(() => window.scrollTo(0, 300));
  const second = await scrollY(page);
  expect(second).not.toBe(first);
  await historyTo(page, "back", /\/shop$/, first);
  await historyTo(page, "forward", /\/about$/, second);
});

test("a reload keeps the place @mobile", async ({ page }) => {
  await visitHydrated(page, "/shop");
  await page.evaluate(() => window.scrollTo(0, 1200));
  const at = await scrollY(page);
  await page.reload();
  await expect.poll(() => scrollY(page)).toBe(at);
});

test("a page opened anew reads no stored places and replaces no history entry in the parser's work, and has its key before its scripts run", async ({
  page,
}) => {
  // What an inline script does while the parser runs it (document.currentScript is that script); a task of its own is not counted.
  await page.addInitScript(() => {
    const calls: string[] = [];
    (window as unknown as { whileRead: string[] }).whileRead = calls;
    const getItem = Object.getOwnPropertyDescriptor(Storage.prototype, "getItem")!.value as (this: Storage, key: string) => string | null;
    Storage.prototype.getItem = function (this: Storage, key: string) {
      if (document.currentScript) calls.push(`getItem ${key}`);
      return getItem.call(this, key);
    };
    const replaceState = Object.getOwnPropertyDescriptor(History.prototype, "replaceState")!.value as (
      this: History,
      ...args: Parameters<History["replaceState"]>
    ) => void;
    History.prototype.replaceState = function (this: History, ...args: Parameters<History["replaceState"]>) {
      if (document.currentScript) calls.push("replaceState");
      return replaceState.apply(this, args);
    };
  });
  for (const path of ["/", "/shop", "/track"]) {
    await page.goto(path);
    // The page's scripts wait for the shopper (decision 0060); the entry has its key meanwhile.
    await expect(page.locator("#page-module")).toHaveCount(1);
    await expect.poll(() => page.evaluate(() => typeof (history.state as { key?: unknown } | null)?.key)).toBe("string");
    expect(await page.evaluate(() => (window as unknown as { whileRead: string[] }).whileRead), path).toEqual([]);
    const key = await page.evaluate(() => (history.state as { key: string }).key);
    // React Router takes that key when its scripts come.
    await page.keyboard.press("Shift");
    await expect(page.locator("#page-module")).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => (history.state as { key: string; idx?: number }).idx)).toBe(0);
    expect(await page.evaluate(() => (history.state as { key: string }).key), path).toBe(key);
  }
  // Pages whose scripts start at once: the entry's key is given before React Router reads it, so
  // that it does not keep every such page's place under "default".
  for (const path of ["/login", "/about", "/contact"]) {
    await visitHydrated(page, path);
    const state = await page.evaluate(() => history.state as { key?: string; idx?: number } | null);
    expect(state?.idx, path).toBe(0);
    expect(state?.key, path).toMatch(/^[0-9a-v]{4,}$/);
  }
});
