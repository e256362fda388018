import { expect, test } from "@playwright/test";

test("home shows the hero, the categories and the featured products", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "A Refined Lifestyle" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Shop Now" })).toHaveAttribute("href", "/shop");
  await expect(page.getByRole("heading", { name: "Featured Products" })).toBeVisible();
  await expect(page.getByText("Exclusive leather")).toBeVisible();
  await page.getByRole("link", { name: "View All Products" }).click();
  await expect(page).toHaveURL(/\/shop$/);
});
