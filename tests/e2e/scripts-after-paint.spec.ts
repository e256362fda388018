import { expect, test, type Page } from "@playwright/test";
import { holdScripts, storedCart } from "../support/e2e";

/*
 * On the pages a shopper lands on, the main image and the text come first and the scripts after
 * them (docs/decisions/0039); a control used before the scripts have taken over waits for them.
 */

/** The product page of a demo product, found the way a search engine would send a shopper there. */
async function productPath(page: Page, name: string) {
  await page.goto(`/shop?q=${encodeURIComponent(name)}`);
  const href = await page.getByRole("link", { name, exact: true }).getAttribute("href");
  expect(href).toMatch(/^\/product\/[A-Za-z0-9]+$/);
  return href!;
}

/**
 * When the page's first contentful paint happened, when its main images (fetched at high priority)
 * had arrived, and when its first script was asked for (ms from the start).
 */
function paintAndScripts(page: Page) {
  return page.evaluate(() => {
    const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    const main = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')].map((img) => img.currentSrc);
    const scripts = resources.filter((r) => new URL(r.name).pathname.endsWith(".js"));
    return {
      firstPaint: performance.getEntriesByName("first-contentful-paint")[0].startTime,
      mainImages: Math.max(0, ...resources.filter((r) => main.includes(r.name)).map((r) => r.responseEnd)),
      firstScript: Math.min(...scripts.map((r) => r.startTime)),
    };
  });
}

/** The scripts were asked for only after the first paint and the main images. */
async function expectScriptsAfterPaint(page: Page) {
  const { firstPaint, mainImages, firstScript } = await paintAndScripts(page);
  expect(firstScript).toBeGreaterThan(firstPaint);
  expect(firstScript).toBeGreaterThan(mainImages);
}

for (const path of ["/", "/shop"]) {
  test(`${path}: the first screen is painted before any script is asked for`, async ({ page }) => {
    await page.goto(path);
    // The scripts come, and take over: the page's controls are free.
    await expect(page.locator("[data-held]")).toHaveCount(0);
    await expectScriptsAfterPaint(page);
  });
}

test("a product page paints its main image first, and Add to Cart pressed at once still adds", async ({ page }) => {
  const path = await productPath(page, "Formal Dress Belt");
  await page.goto(path);
  // Straight away, as a shopper who taps as soon as the page shows: the size and Add to Cart wait
  // for the scripts instead of doing nothing.
  await page.getByRole("group", { name: /^Size/ }).getByRole("button", { name: "36" }).click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
  const cart = await storedCart(page);
  expect(cart).toMatchObject([{ productName: "Formal Dress Belt", productSize: "36", productQuantity: 1 }]);
  await expectScriptsAfterPaint(page);
});

test("before the scripts arrive, a keyboard moves through the colours, and a colour chosen then is kept", async ({ page }) => {
  const path = await productPath(page, "Formal Dress Belt");
  // The scripts are kept back until the keys have been pressed, as on a slow network.
  const release = await holdScripts(page);
  await page.goto(path);
  const colours = page.getByRole("group", { name: /^Colour/ });
  await colours.getByRole("button", { name: "Black" }).focus();
  await expect(colours.getByRole("button", { name: "Black" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(colours.getByRole("button", { name: "Brown" })).toBeFocused();
  await page.keyboard.press("Enter");
  release();
  await expect(colours.getByRole("button", { name: "Brown" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("main").getByRole("img", { name: "Formal Dress Belt, Brown" }).first()).toBeVisible();
  await expect(page.locator("[data-held]")).toHaveCount(0);
});

test("before the scripts arrive, the quantity field takes no typing that would be lost; once they have, it does", async ({ page }) => {
  const path = await productPath(page, "Formal Dress Belt");
  const release = await holdScripts(page);
  await page.goto(path);
  const quantity = page.getByRole("spinbutton", { name: "Quantity" });
  await quantity.focus();
  await expect(quantity).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await page.keyboard.type("3");
  await expect(quantity).toHaveValue("1");
  release();
  await expect(page.locator("[data-held]")).toHaveCount(0);
  await quantity.fill("2");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("link", { name: "Cart, 2 items" })).toBeVisible();
});

test("a size and Add to Cart tapped before the scripts have run answer at once, and the cart gets the item once they have", async ({ page }) => {
  const path = await productPath(page, "Formal Dress Belt");
  // The scripts are kept back until the taps have been made, as on a slow network.
  const release = await holdScripts(page);
  // Not until "load": scripts asked for before it (a tap) hold it back until they come.
  await page.goto(path, { waitUntil: "domcontentloaded" });
  const size = page.getByRole("group", { name: /^Size/ }).getByRole("button", { name: "36" });
  const add = page.getByRole("button", { name: "Add to Cart" });
  await expect(add).toHaveAttribute("aria-disabled", "true");
  // A finger, not Playwright's actions (they wait for a control held until the scripts run).
  await size.click({ force: true });
  await add.click({ force: true });
  // Answered at once: the size is the pressed one, and the button says it is adding.
  await expect(size).toHaveAttribute("aria-pressed", "true");
  const busy = page.getByRole("button", { name: "Adding to cart…" });
  await expect(busy).toBeVisible();
  await expect(busy).toHaveAttribute("aria-busy", "true");
  await expect(page.getByRole("link", { name: "Cart, 0 items" })).toBeVisible();
  release();
  // The scripts took over and did both taps, once each, in order: nothing to tap again.
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
  await expect(page.getByText("Added to cart!")).toBeVisible();
  await expect(busy).toHaveCount(0);
  await expect(add).not.toHaveAttribute("aria-busy", "true");
  const cart = await storedCart(page);
  expect(cart).toMatchObject([{ productName: "Formal Dress Belt", productSize: "36", productQuantity: 1 }]);
});

test("a colour tapped before the scripts have run is pressed at once, and its pictures come once they have", async ({ page }) => {
  const path = await productPath(page, "Formal Dress Belt");
  const release = await holdScripts(page);
  await page.goto(path, { waitUntil: "domcontentloaded" });
  const colours = page.getByRole("group", { name: /^Colour/ });
  await colours.getByRole("button", { name: "Brown" }).click({ force: true });
  await expect(colours.getByRole("button", { name: "Brown" })).toHaveAttribute("aria-pressed", "true");
  await expect(colours.getByRole("button", { name: "Black" })).toHaveAttribute("aria-pressed", "false");
  release();
  await expect(page.locator("[data-held]")).toHaveCount(0);
  await expect(page.getByRole("group", { name: "Colour: Brown" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("img", { name: "Formal Dress Belt, Brown" }).first()).toBeVisible();
});

test("the category list moves to the category when chosen as soon as the shop shows", async ({ page }) => {
  await page.goto("/shop");
  await page.getByLabel("Category").selectOption({ label: "Shoe" });
  await expect(page).toHaveURL(/\/shop\/category\/[A-Za-z0-9]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Shoe" })).toBeVisible();
});

test("a page whose scripts could not load still shows, and its search still works", async ({ page }) => {
  // Scripts refused (a flaky network): the page stays readable, its links and its search work.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto("/shop");
  await expect(page.getByRole("heading", { level: 1, name: "Shop" })).toBeVisible();
  await page.getByLabel("Search by name or description").fill("wallet");
  await page.getByLabel("Search by name or description").press("Enter");
  await expect(page).toHaveURL(/\/shop\?q=wallet/);
  await expect(page.getByText(/products? matching “wallet”/)).toBeVisible();
});

/**
 * A product page whose scripts failed to load (a network that dropped them) says so, since its
 * colours, sizes and Add to Cart cannot work, and offers to load the page again: that works.
 */
async function scriptsThatFailedAreReported(page: Page) {
  const path = await productPath(page, "Formal Dress Belt");
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto(path);
  const notice = page.getByRole("alert").filter({ hasText: "Part of this page did not load" });
  await expect(notice).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to Cart" })).toHaveAttribute("aria-disabled", "true");
  // The network is back: the page loads again and works.
  await page.unroute(/\/assets\/.*\.js$/);
  await notice.getByRole("link", { name: "Reload the page" }).click();
  await expect(page.locator("[data-held]")).toHaveCount(0);
  await expect(notice).toHaveCount(0);
  await page.getByRole("group", { name: /^Size/ }).getByRole("button", { name: "36" }).click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
}

test("a product page whose scripts could not load says so, and loads again when asked", async ({ page }) => {
  await scriptsThatFailedAreReported(page);
});

test.describe("on a phone @mobile", () => {
  test("the menu opens when tapped as soon as the page shows", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.locator("#mobile-menu").getByRole("link", { name: "Shop" })).toBeVisible();
  });

  test("the menu tapped before the scripts have run opens at once, its links work, and it stays open once they have", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await page.getByRole("button", { name: "Open menu" }).click({ force: true });
    const menu = page.locator("#mobile-menu");
    await expect(menu.getByRole("link", { name: "Shop" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "true");
    release();
    await expect(page.locator("[data-held]")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    await expect(menu.getByRole("link", { name: "Shop" })).toBeVisible();
    await menu.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(menu).toBeHidden();
  });

  test("a product page paints its main image first", async ({ page }) => {
    const path = await productPath(page, "Classic Bifold Wallet");
    await page.goto(path);
    await expect(page.getByRole("img", { name: /^Classic Bifold Wallet, / }).first()).toBeVisible();
    await expect(page.locator("[data-held]")).toHaveCount(0);
    await expectScriptsAfterPaint(page);
  });

  test("a product page whose scripts could not load says so, and loads again when asked", async ({ page }) => {
    await scriptsThatFailedAreReported(page);
  });
});
