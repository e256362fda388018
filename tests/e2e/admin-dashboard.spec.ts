import { expect } from "@playwright/test";
import { ADMIN_LISTS, buyBelt, expectNoSidewaysScroll, logIn, test } from "../support/e2e";

test("the dashboard says how the last 30 days went: orders and revenue per day, top products, share cancelled", async ({ page, shopper }) => {
  await buyBelt(shopper, { firstName: "Dashboard", email: "dashboard@example.pk" });

  await logIn(page);
  await expect(page.getByRole("heading", { name: "Last 30 days" })).toBeVisible();
  const orders = page.getByRole("figure", { name: "Orders per day" });
  await expect(orders.getByRole("img")).toBeVisible();
  // The same figures, readable without the picture: one row per day, today's with at least this order.
  const rows = orders.getByRole("table").getByRole("row");
  await expect(rows).toHaveCount(31);
  expect(Number(await rows.last().getByRole("cell").textContent())).toBeGreaterThanOrEqual(1);
  await expect(page.getByRole("figure", { name: "Revenue per day" }).getByRole("img")).toBeVisible();
  await expect(page.getByRole("table", { name: /Top products/ }).getByRole("cell", { name: "Formal Dress Belt" })).toBeVisible();
  await expect(page.getByText("Share cancelled")).toBeVisible();
});

test("on a laptop no back-office screen is wider than the window: a wide table scrolls in its own frame", async ({ page }) => {
  await logIn(page);
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoSidewaysScroll(page, ["/admin", ...ADMIN_LISTS]);
  }
});
