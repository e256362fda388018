import { expect, test } from "@playwright/test";
import { buyBelt } from "../support/e2e";

test.describe("tracking an order", () => {
  test("from the confirmation to /track: the status and its history, with the number and the phone only @mobile", async ({ page }) => {
    const orderNumber = await buyBelt(page, { firstName: "Hina", email: "hina@example.pk", phone: "0300-4567890" });
    await page.getByRole("link", { name: "Track your order" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Track your order" })).toBeVisible();

    // A mistake is said next to the form, and the form keeps what was typed.
    await page.getByLabel("Order number").fill(orderNumber);
    await page.getByLabel("Phone number").fill("0300-7654321");
    await page.getByRole("button", { name: "Track Order" }).click();
    await expect(page.getByRole("alert")).toHaveText(/^We could not find an order with that number and phone number\./);
    await expect(page.getByLabel("Order number")).toHaveValue(orderNumber);

    await page.getByLabel("Phone number").fill("+92 300 4567890");
    await page.getByRole("button", { name: "Track Order" }).click();
    const found = page.getByRole("region", { name: `Order ${orderNumber}` });
    await expect(found.getByText("Status: Confirmed")).toBeVisible();
    await expect(found.getByRole("list", { name: "Order history" }).getByRole("listitem")).toHaveText([/^Confirmed/]);
    // Nothing else of the order: no name, address or total.
    await expect(found).not.toContainText("Hina");
    await expect(found).not.toContainText("Mall Road");
    await expect(found).not.toContainText("3,360");
  });

  test("the footer leads to it, and it refuses an order number that cannot be one", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Track your order" }).click();
    await expect(page).toHaveURL(/\/track$/);
    await page.getByLabel("Order number").fill("12345");
    await page.getByLabel("Phone number").fill("03001234567");
    await page.getByRole("button", { name: "Track Order" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please enter the order number from your confirmation (ORD- and 13 digits).");
  });
});
