import { expect, test } from "@playwright/test";
import { logIn } from "../support/e2e";

test("home shows the hero, the categories and the featured products", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "A Refined Lifestyle" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Shop Now" })).toHaveAttribute("href", "/shop");
  await expect(page.getByRole("heading", { name: "Featured Products" })).toBeVisible();
  await expect(page.getByText("Exclusive leather")).toBeVisible();
  await page.getByRole("link", { name: "View All Products" }).click();
  await expect(page).toHaveURL(/\/shop$/);
});

test("the first paint needs nothing but the page: styles inline, the hero image eager and first", async ({ browser }) => {
  // The page as the server sends it, before any script runs.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const stylesheets: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "stylesheet") stylesheets.push(request.url());
  });
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "A Refined Lifestyle" })).toBeVisible();
  // Styled (the leather-50 background) by the stylesheet in the head, without a request for one.
  await expect(page.locator("head style")).toHaveCount(1);
  await expect(page.locator("body")).toHaveCSS("background-color", "rgb(251, 247, 241)");
  await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
  expect(stylesheets).toEqual([]);

  const image = page.getByRole("link", { name: /Latest collection/ }).locator("img");
  await expect(image).toHaveAttribute("fetchpriority", "high");
  await expect(image).not.toHaveAttribute("loading", "lazy");
  await expect(image).toHaveAttribute("width", "144");
  await expect(image).toHaveAttribute("height", "144");
  // Fetched from the head, before the parser reaches the image.
  const preload = page.locator('head link[rel="preload"][as="image"]').first();
  await expect(preload).toHaveAttribute("fetchpriority", "high");
  await expect(preload).toHaveAttribute("imagesrcset", (await image.getAttribute("srcset"))!);
  await context.close();
});

test("without JavaScript the categories are on the page, not a loading skeleton waiting for a script", async ({ browser }) => {
  // A crawler, or a phone with scripts off: the page as the server sends it.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const visit of [1, 2]) {
    await page.goto("/");
    const categories = page.getByRole("region", { name: "Shop by Category" });
    await expect(categories.getByRole("link", { name: /Wallet/ }), `visit ${visit}`).toBeVisible();
    await expect(categories.getByLabel("Loading categories")).toHaveCount(0);
  }
  await context.close();
});

test("the inline styles stay through hydration and client-side navigation", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/");
  // The head holds only the rules this page uses; the whole stylesheet is linked once the page has
  // loaded, for what the next pages show.
  const whole = page.locator('head link[rel="stylesheet"]');
  await expect(whole).toHaveCount(1);
  const wholeText = await (await page.request.get((await whole.getAttribute("href"))!)).text();
  const inlineText = (await page.locator("head style").textContent()) ?? "";
  expect(inlineText.length).toBeGreaterThan(1000);
  expect(inlineText.length).toBeLessThan(wholeText.length * 0.6);
  await page.getByRole("link", { name: "View All Products" }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator("head style")).toHaveCount(1);
  await expect(page.locator("body")).toHaveCSS("background-color", "rgb(251, 247, 241)");
  await expect(page.getByRole("link", { name: "Shop Now" })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("a signed-in visitor's pages link the whole stylesheet instead of carrying it inline", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await logIn(page);
  await page.goto("/shop");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator("head style")).toHaveCount(0);
  await expect(page.locator('head link[rel="stylesheet"]')).toHaveCount(1);
  await expect(page.locator("body")).toHaveCSS("background-color", "rgb(251, 247, 241)");
  // Styled the same after client-side navigation, with no hydration complaint.
  await page.getByRole("link", { name: "Formal Dress Belt" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Formal Dress Belt" })).toBeVisible();
  // The product's rating: five 20-pixel stars drawn by the stylesheet's `.stars` rule.
  await expect(
    page
      .getByRole("main")
      .getByRole("img", { name: /^Rated / })
      .first()
      .locator("span")
      .first(),
  ).toHaveCSS("width", "100px");
  await expect(page.locator('head link[rel="stylesheet"]')).toHaveCount(1);
  expect(errors).toEqual([]);
});
