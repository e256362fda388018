import { expect, test } from "@playwright/test";
import { buyBelt, logIn } from "../support/e2e";

test.describe("orders in the back office", () => {
  test("an order placed in one browser appears in the list open in another, without a reload", async ({ browser }) => {
    const staffContext = await browser.newContext();
    const shopperContext = await browser.newContext();
    try {
      const staff = await staffContext.newPage();
      await logIn(staff);
      await staff.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Orders" }).click();
      await expect(staff.getByRole("heading", { name: "Order Management" })).toBeVisible();
      await expect(staff.getByText("Live", { exact: true })).toBeVisible();
      const totalCard = staff.getByRole("region", { name: "Order totals" }).getByText("Total Orders").locator("..");
      const before = Number((await totalCard.locator("p").nth(1).textContent())!.replace(/,/g, ""));

      const shopper = await shopperContext.newPage();
      const orderNumber = await buyBelt(shopper, { firstName: "Livia", email: "livia@example.pk" });

      const row = staff.getByRole("row").filter({ hasText: orderNumber });
      await expect(row).toBeVisible();
      await expect(row).toContainText("Livia Khan");
      await expect(row).toContainText("livia@example.pk");
      await expect(row).toContainText("Cash on Delivery");
      await expect(row).toContainText("1 item");
      await expect(row).toContainText("PKR 3,360");
      await expect(row.getByRole("cell").nth(3)).toHaveText("Confirmed");
      await expect(totalCard).toContainText(String(before + 1));
    } finally {
      await staffContext.close();
      await shopperContext.close();
    }
  });

  test("a shopper follows a shipped order on /track to the courier's own page", async ({ page, browser }) => {
    const shopperContext = await browser.newContext();
    const shopper = await shopperContext.newPage();
    const orderNumber = await buyBelt(shopper, { firstName: "Zara", email: "zara@example.pk" });

    await logIn(page);
    await page.goto("/admin/orders");
    await page.getByRole("searchbox", { name: "Search orders" }).fill(orderNumber);
    await page.getByRole("button", { name: "Search" }).click();
    const row = page.getByRole("row").filter({ hasText: orderNumber });
    await row.getByLabel(`Status of order ${orderNumber}`).selectOption("shipped");
    await expect(row.getByRole("cell").nth(3)).toHaveText("Shipped");
    await row.getByRole("link", { name: `View order ${orderNumber}` }).click();
    const dialog = page.getByRole("dialog", { name: `Order ${orderNumber}` });
    await dialog.getByLabel("Courier").fill("Leopards");
    await dialog.getByLabel("Tracking number (CN)").fill("LE7731234");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByText("Courier: Leopards · Tracking number (CN): LE7731234")).toBeVisible();

    await shopper.goto("/track");
    await shopper.getByLabel("Order number").fill(orderNumber);
    await shopper.getByLabel("Phone number").fill("03001234567");
    await shopper.getByRole("button", { name: "Track Order" }).click();
    const found = shopper.getByRole("region", { name: `Order ${orderNumber}` });
    await expect(found.getByText("Status: Shipped")).toBeVisible();
    await expect(found.getByRole("list", { name: "Order history" }).getByRole("listitem")).toHaveText([/^Confirmed/, /^Shipped/]);
    await expect(found.getByText("Sent with Leopards, CN LE7731234")).toBeVisible();
    await expect(found.getByRole("link", { name: "Follow the parcel on Leopards’s site" })).toHaveAttribute("href", "https://www.leopardscourier.com/tracking?cn=LE7731234");
    await shopperContext.close();
  });

  test("staff change a status from the list, open the detail, and record the courier and CN", async ({ page, browser }) => {
    const shopperContext = await browser.newContext();
    const orderNumber = await buyBelt(await shopperContext.newPage(), { firstName: "Saad", email: "saad@example.pk" });
    await shopperContext.close();

    await logIn(page);
    await page.goto("/admin/orders");
    await page.getByRole("searchbox", { name: "Search orders" }).fill("saad@example.pk");
    await page.getByRole("button", { name: "Search" }).click();
    const row = page.getByRole("row").filter({ hasText: orderNumber });
    await expect(page.getByRole("row")).toHaveCount(2);

    await row.getByLabel(`Status of order ${orderNumber}`).selectOption("shipped");
    await expect(row.getByRole("cell").nth(3)).toHaveText("Shipped");

    await row.getByRole("link", { name: `View order ${orderNumber}` }).click();
    const dialog = page.getByRole("dialog", { name: `Order ${orderNumber}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Formal Dress Belt")).toBeVisible();
    await expect(dialog.getByText("Size: 34")).toBeVisible();
    await expect(dialog.getByText("12 Mall Road, Lahore, Punjab, 54000, Pakistan")).toBeVisible();
    await expect(dialog.getByText("Free", { exact: true })).toBeVisible();
    await expect(dialog.getByText("PKR 3,360").last()).toBeVisible();
    await dialog.getByLabel("Courier").fill("TCS");
    await dialog.getByLabel("Tracking number (CN)").fill("CN-4455");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByText("Courier: TCS · Tracking number (CN): CN-4455")).toBeVisible();
    await expect(dialog.getByRole("listitem").filter({ hasText: "Confirmed → Shipped · by Main Admin" })).toBeVisible();
    await expect(dialog.getByRole("listitem").filter({ hasText: "Shipped · by Main Admin · Courier: TCS · CN: CN-4455" })).toBeVisible();

    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(dialog).toHaveCount(0);
    await page.getByLabel("Filter by status").selectOption("shipped");
    await expect(page).toHaveURL(/status=shipped/);
    await expect(page.getByRole("row").filter({ hasText: orderNumber })).toBeVisible();
    await page.getByRole("searchbox", { name: "Search orders" }).fill("nobody-at-all@example.pk");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("No orders found matching your criteria.")).toBeVisible();
  });
});
