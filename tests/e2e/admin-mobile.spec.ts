import { expect, test } from "@playwright/test";
import { logIn } from "../support/e2e";

test.use({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });

test.describe("staff on a phone", () => {
  test("reach the back office from the storefront menu, and every back-office screen from its menu", async ({ page }) => {
    await logIn(page);
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.locator("#mobile-menu");
    await expect(menu.getByText("Signed in as Main")).toBeVisible();
    await menu.getByRole("link", { name: "Admin Panel" }).click();
    await expect(page).toHaveURL(/\/admin$/);

    const screens: [string, RegExp][] = [
      ["Products", /\/admin\/products$/],
      ["Categories", /\/admin\/categories$/],
      ["Orders", /\/admin\/orders$/],
      ["Contact Submissions", /\/admin\/contactsubmissions$/],
      ["Manage Subscriptions", /\/admin\/managesubscriptions$/],
      ["Create Admin", /\/admin\/createadmin$/],
      ["Admin List", /\/admin\/adminlist$/],
      ["Dashboard", /\/admin$/],
    ];
    for (const [name, url] of screens) {
      const link = page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name, exact: true });
      // The menu is folded (it folds away once a screen is chosen); open it, choose.
      await expect(link).toBeHidden();
      await page.getByText("Admin Panel Menu").click();
      await link.click();
      await expect(page).toHaveURL(url);
    }
  });
});
