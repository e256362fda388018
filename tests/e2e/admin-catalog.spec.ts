import { spawn, type ChildProcess } from "node:child_process";
import { logIn, OWNER } from "../support/e2e";
import { expect, test } from "@playwright/test";
import { freePort } from "../support/free-port";
import { png } from "../support/images";

const pngFile = async (name: string, width: number) => ({
  name,
  mimeType: "image/png",
  buffer: await png(width, width),
});

test.describe("admin catalogue", () => {
  test.beforeEach(async ({ page }) => {
    await logIn(page);
  });

  test("the product table searches by SKU and name and filters by category", async ({ page }) => {
    await page.goto("/admin/products");
    await expect(page.getByRole("heading", { name: "Products" })).toBeVisible();
    await expect(page.getByText("30 products")).toBeVisible();
    await expect(page.getByRole("link", { name: "Add Product" })).toHaveAttribute("href", "/admin/products/new");

    await page.getByLabel("Search products").fill("wl-10");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=wl-10/);
    await expect(page.getByText("5 products matching “wl-10”")).toBeVisible();
    const wallet = page.getByRole("row", { name: /Classic Bifold Wallet/ });
    await expect(wallet.getByRole("cell", { name: "WL-101" })).toBeVisible();
    await expect(wallet.getByText("On Offer")).toBeVisible();
    await expect(wallet.getByRole("link", { name: "Edit Classic Bifold Wallet" })).toHaveAttribute("href", /\/admin\/products\/\w+\/edit$/);

    await page.getByLabel("Search products").fill("");
    await page.getByLabel("Category").selectOption({ label: "Belts" });
    await expect(page).toHaveURL(/category=/);
    await expect(page.getByText("5 products", { exact: true })).toBeVisible();
    await expect(page.getByRole("row", { name: /Formal Dress Belt/ })).toBeVisible();
    await expect(page.getByRole("row", { name: /Classic Bifold Wallet/ })).toHaveCount(0);
  });

  test("the product view shows the overview and its tabs, by mouse and by keyboard", async ({ page }) => {
    await page.goto("/admin/products?q=WL-101");
    await page.getByRole("link", { name: "View Classic Bifold Wallet" }).click();
    await expect(page.getByRole("heading", { name: "Classic Bifold Wallet" })).toBeVisible();
    await expect(page.getByText("WL-101")).toBeVisible();
    // Buttons, as the spec names them.
    await expect(page.getByRole("button", { name: "Edit Product" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Delete Product" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Back to List" })).toBeVisible();

    const tabs = page.getByRole("tab");
    await expect(tabs).toHaveText(["Overview", "Variants", "Media", "Stock"]);
    await expect(page.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");
    const panel = page.getByRole("tabpanel");
    await expect(panel.locator("s")).toHaveText("Was PKR 3,500.00");
    await expect(panel.getByText("PKR 2,990.00")).toBeVisible();
    await expect(panel.getByText("23 units")).toBeVisible();
    await expect(panel.getByText("On Offer")).toBeVisible();

    await page.getByRole("tab", { name: "Variants" }).click();
    await expect(page.getByRole("tab", { name: "Variants" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel").getByRole("heading", { name: "Tan" })).toBeVisible();

    await page.getByRole("tab", { name: "Variants" }).press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Media" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tab", { name: "Media" })).toBeFocused();
    await expect(page.getByRole("tabpanel").getByText("No videos available.")).toBeVisible();
    await expect(page.getByRole("tabpanel").getByRole("img").first()).toBeVisible();

    await page.getByRole("tab", { name: "Media" }).press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Stock" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel").getByRole("cell", { name: "One Size" }).first()).toBeVisible();

    await page.goto("/admin/products/does-not-exist/view");
    await expect(page.getByRole("heading", { name: "Product Not Found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Products" })).toHaveAttribute("href", "/admin/products");
  });

  test("categories: add with an image, edit inline, delete after confirming", async ({ page }) => {
    const name = `Travel ${Date.now()}`;
    await page.goto("/admin/categories");
    const add = page.getByRole("button", { name: "Add Category" });
    await expect(add).toBeDisabled();
    await page.getByLabel("Category Name").fill(name);
    await page.getByLabel("Category Image (optional)").setInputFiles(await pngFile("travel.png", 500));
    await add.click();
    await expect(page.getByRole("status").filter({ hasText: `Category '${name}' added successfully!` })).toBeVisible();
    const row = page.getByRole("row", { name: new RegExp(name) });
    await expect(row.getByRole("img", { name })).toBeVisible();
    await expect(page.getByLabel("Category Name")).toHaveValue("");

    await page.getByRole("button", { name: "Refresh Counts" }).click();
    // The message is found by its exact words, and is all the banner says.
    await expect(page.getByText("Product counts refreshed!", { exact: true })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Product counts refreshed!" })).toHaveText("Product counts refreshed!");

    await page.getByRole("button", { name: `Edit ${name}` }).click();
    const nameInput = page.getByRole("textbox", { name: "Category name", exact: true });
    await nameInput.fill("");
    await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
    await nameInput.fill(`${name} Goods`);
    await page.getByLabel("Change Image").setInputFiles(await pngFile("new.png", 700));
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Category '${name} Goods' updated successfully!` })).toBeVisible();

    await page.getByRole("button", { name: `Edit ${name} Goods` }).click();
    await page.getByRole("button", { name: "Remove image" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Category image removed." })).toBeVisible();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("row", { name: new RegExp(`${name} Goods`) }).getByText("No image")).toBeVisible();

    // The browser asks first; dismissed, the same question stays in the page, and is cancelled there.
    const question = `Are you sure you want to delete the category '${name} Goods'? It will be removed permanently, its image will be deleted, and it will be removed from 0 products. Those products keep their other categories.`;
    page.once("dialog", (asked) => {
      expect([asked.type(), asked.message()]).toEqual(["confirm", question]);
      void asked.dismiss();
    });
    await page.getByRole("button", { name: `Delete ${name} Goods` }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText(question);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expect(page.getByRole("row", { name: new RegExp(`${name} Goods`) })).toBeVisible();
    // Accepted, the category is deleted at once.
    page.once("dialog", (asked) => void asked.accept());
    await page.getByRole("button", { name: `Delete ${name} Goods` }).click();
    await expect(page.getByText(`Category '${name} Goods' deleted successfully!`, { exact: true })).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
  });

  test("a blank category name is refused with the exact message (docs/product.md)", async ({ page }) => {
    await page.goto("/admin/categories");
    await page.getByLabel("Category Name").fill("   ");
    await expect(page.getByRole("button", { name: "Add Category" })).toBeDisabled();
    await page.getByLabel("Category Name").press("Tab");
    await expect(page.getByText("Category name required")).toBeVisible();
    await page.getByLabel("Category Name").fill("Belts and more");
    await expect(page.getByText("Category name required")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Add Category" })).toBeEnabled();
  });
});

const DELETE_QUESTION = "Are you sure you want to delete this product? This will also delete all associated images and videos.";

// Deleting a demo product would change what the other browser tests see, so this runs on a shop of its own.
test.describe("deleting a product", () => {
  let server: ChildProcess | undefined;
  let base = "";

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const port = await freePort();
    base = `http://localhost:${port}`;
    server = spawn(process.execPath, ["scripts/e2e-server.mjs"], { env: { ...process.env, PORT: String(port) }, stdio: "ignore" });
    await expect
      .poll(
        () =>
          fetch(`${base}/healthz`).then(
            (r) => r.ok,
            () => false,
          ),
        { timeout: 100_000 },
      )
      .toBe(true);
  });
  test.afterAll(() => {
    server?.kill("SIGTERM");
  });

  test("after confirming, the product is gone from the table and from the shop", async ({ page }) => {
    await logIn(page, OWNER.email, OWNER.password, base);
    await page.goto(`${base}/admin/products?q=Coin%20Pouch`);
    // The browser asks with the spec's words; dismissed, the question stays in the page.
    page.once("dialog", (asked) => {
      expect([asked.type(), asked.message()]).toEqual(["confirm", DELETE_QUESTION]);
      void asked.dismiss();
    });
    await page.getByRole("button", { name: "Delete Coin Pouch" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText(DELETE_QUESTION);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expect(page.getByRole("row", { name: /Coin Pouch/ })).toBeVisible();

    // Accepted, the product is deleted at once.
    page.once("dialog", (asked) => void asked.accept());
    await page.getByRole("button", { name: "Delete Coin Pouch" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Product deleted successfully!" })).toBeVisible();
    await expect(page.getByRole("row", { name: /Coin Pouch/ })).toHaveCount(0);

    await page.goto(`${base}/admin/products`);
    await expect(page.getByText("29 products")).toBeVisible();
    await page.goto(`${base}/shop?q=Coin%20Pouch`);
    await expect(page.getByText("No products found matching your search and filter criteria.")).toBeVisible();
  });

  test("the product view deletes too, and the deleted product is then not found", async ({ page }) => {
    await logIn(page, OWNER.email, OWNER.password, base);
    await page.goto(`${base}/admin/products?q=Kids`);
    await page.getByRole("link", { name: "View Kids' Belt" }).click();
    await expect(page.getByRole("heading", { name: "Kids' Belt" })).toBeVisible();
    const url = page.url();
    // Pressed twice, the browser's question left unanswered (Playwright dismisses it): the question
    // is then in the page, and with it open its Delete Product is the only one.
    await page.getByRole("button", { name: "Delete Product" }).click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    await page.getByRole("button", { name: "Delete Product" }).click();
    await expect(page).toHaveURL(`${base}/admin/products`);
    await expect(page.getByRole("status").filter({ hasText: "Product deleted successfully!" })).toBeVisible();
    await page.goto(url);
    await expect(page.getByRole("heading", { name: "Product Not Found" })).toBeVisible();
  });

  test("the product view's Delete Product asks with the spec's words and deletes once accepted", async ({ page }) => {
    await logIn(page, OWNER.email, OWNER.password, base);
    await page.goto(`${base}/admin/products?q=Laptop`);
    await page
      .getByRole("link", { name: /^View .*Laptop/ })
      .first()
      .click();
    await expect(page.getByRole("button", { name: "Edit Product" })).toBeVisible();
    page.once("dialog", (asked) => {
      expect([asked.type(), asked.message()]).toEqual(["confirm", DELETE_QUESTION]);
      void asked.accept();
    });
    await page.getByRole("button", { name: "Delete Product" }).click();
    await expect(page).toHaveURL(`${base}/admin/products`);
    await expect(page.getByRole("status").filter({ hasText: "Product deleted successfully!" })).toBeVisible();
  });
});
