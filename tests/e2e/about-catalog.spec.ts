import { expect, test } from "@playwright/test";

test.describe("about page", () => {
  test("tells the story, mission, highlights, numbers and values", async ({ page }) => {
    await page.goto("/about");
    await expect(page).toHaveTitle("About Us | Chamra Leather");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Made by hand in Lahore" })).toBeVisible();
    for (const heading of ["Our Story", "Our Mission", "What makes a Chamra piece", "Our Values"]) {
      await expect(main.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    const highlights = main.getByRole("region", { name: "What makes a Chamra piece" }).getByRole("listitem");
    await expect(highlights).toHaveCount(4);
    const values = main.getByRole("region", { name: "Our Values" }).getByRole("listitem");
    await expect(values).toHaveCount(3);
    for (const stat of ["Since 2012", "25,000+", "40", "4.8"]) {
      await expect(main.getByRole("definition").filter({ hasText: new RegExp(`^${stat.replace(/[.+]/g, "\\$&")}$`) })).toBeVisible();
    }
  });

  test("its buttons lead to the shop and to the contact page", async ({ page }) => {
    await page.goto("/about");
    const main = page.getByRole("main");
    await main.getByRole("button", { name: "Shop the Collection" }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.getByRole("heading", { level: 1, name: "Shop" })).toBeVisible();

    await page.goto("/about");
    await page.getByRole("main").getByRole("button", { name: "Contact Us" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
  });

  test("its buttons and the bar's Profile lead to the same addresses without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/about");
    await page.getByRole("main").getByRole("button", { name: "Shop the Collection" }).click();
    // A form with no fields asks for `/shop?`; the shop gives the address back without the `?`.
    await expect(page).toHaveURL(/\/shop$/);
    await page.goto("/about");
    await page.getByRole("main").getByRole("button", { name: "Contact Us" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await page.getByRole("button", { name: "Profile" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await context.close();
  });
});

test("the catalog page is a placeholder inside the storefront", async ({ page }) => {
  const response = await page.goto("/catalog");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("main").getByText("Welcome to the catalog page.", { exact: true })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
});

test("an unknown path answers 404 with a way home", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  const main = page.getByRole("main");
  await expect(main.getByText("404", { exact: true })).toBeVisible();
  await expect(main.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  const home = main.getByRole("link", { name: "Go Home" });
  await expect(home).toHaveAttribute("href", "/");
  await home.click();
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "A Refined Lifestyle" })).toBeVisible();
});

test("the not-found page offers a search and the categories", async ({ page }) => {
  await page.goto("/no-such-page");
  const main = page.getByRole("main");
  await main.getByRole("searchbox", { name: "Search the shop" }).fill("wallet");
  await main.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/shop\?q=wallet$/);
  await expect(page.getByText(/products? matching “wallet”/)).toBeVisible();

  await page.goto("/no-such-page");
  const categories = page.getByRole("navigation", { name: "Browse categories" }).getByRole("link");
  expect(await categories.count()).toBeGreaterThan(0);
  const name = (await categories.first().textContent())!;
  await categories.first().click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
});
