import { expect, test } from "@playwright/test";
import { ADMIN_LISTS, buyBelt, expectNoSidewaysScroll, logIn } from "../support/e2e";

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
    // The address changes a moment before the back office is drawn over the storefront (whose
    // menus also hold an "Admin Panel" link): wait for the back office's own menu button.
    await expect(page.getByRole("button", { name: "Menu", exact: true })).toBeVisible();
    // The side menu's title is in sight on a phone too, and is the only text so worded.
    await expect(page.getByText("Admin Panel", { exact: true })).toBeVisible();

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
      await page.getByRole("button", { name: "Menu", exact: true }).click();
      await link.click();
      await expect(page).toHaveURL(url);
    }
  });

  test("no back-office list scrolls the page sideways, and a row's View opens with a tap", async ({ page }) => {
    const name = `Sadia ${Date.now()}`;
    // Size 38: the sizes bought first (32, 34) are counted on by the product-form tests.
    const orderNumber = await buyBelt(page, { firstName: "Sadia", email: "sadia.phone@example.pk" }, "38");
    await page.goto("/contact");
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
    await page.getByRole("textbox", { name: "Email", exact: true }).fill("sadia.phone@example.pk");
    await page.getByRole("combobox", { name: "Subject" }).selectOption({ label: "Order Support" });
    await page.getByRole("textbox", { name: "Message", exact: true }).fill("Can the belt come a day early?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Thank you for your message!", { exact: false })).toBeVisible();

    await logIn(page);
    await expectNoSidewaysScroll(page, ADMIN_LISTS);

    await page.goto("/admin/orders");
    await page
      .getByRole("row")
      .filter({ hasText: orderNumber })
      .getByRole("button", { name: `View order ${orderNumber}` })
      .tap();
    await expect(page.getByRole("dialog", { name: `Order ${orderNumber}` })).toBeVisible();
    await page.goto("/admin/contactsubmissions");
    await page
      .getByRole("row")
      .filter({ hasText: name })
      .getByRole("button", { name: `View message from ${name}` })
      .tap();
    await expect(page.getByRole("dialog", { name: `Message from ${name}` })).toBeVisible();
  });
});
