import { logIn, test } from "../support/e2e";
import { png } from "../support/images";
import { expect, type Page } from "@playwright/test";

const variant = (page: Page, n: number) => page.getByRole("group", { name: `Variant ${n}` });

test.describe("admin: a product saved while its files upload", () => {
  test("a save pressed while a picture is still uploading waits for it, then goes out once, with the picture", async ({ page }) => {
    await logIn(page);
    await page.goto("/admin/products/new");
    // The upload is held on its way until the save has been pressed.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/admin/uploads*", async (route) => {
      await held;
      await route.continue();
    });
    // The save's requests (the page posts its form to the route's data address).
    const saves: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && /^\/admin\/products\/new(\.data)?$/.test(new URL(request.url()).pathname)) saves.push(request.url());
    });

    const name = `Waiting Wallet ${Date.now()}`;
    await page.getByLabel("Product name").fill(name);
    await page.getByRole("group", { name: "Categories" }).getByRole("checkbox").first().check();
    await variant(page, 1).getByRole("spinbutton", { name: "Price (PKR)", exact: true }).fill("2500");
    await variant(page, 1)
      .getByLabel("Add images")
      .setInputFiles({ name: "wallet.png", mimeType: "image/png", buffer: await png(600, 600) });
    await expect(variant(page, 1).getByRole("progressbar", { name: "Uploading wallet.png" })).toBeVisible();

    await page.getByRole("button", { name: "Add Product" }).click();
    await expect(page.getByText("Waiting for the files to finish uploading…")).toBeVisible();
    await expect(page.getByRole("button", { name: "Uploading & Saving..." })).toBeDisabled();
    expect(saves).toEqual([]);

    release();
    await expect(page).toHaveURL(/\/admin\/products\/[A-Za-z0-9]+\/view$/);
    await expect(page.getByRole("status").filter({ hasText: "Product added successfully and categories updated!" })).toBeVisible();
    expect(saves).toHaveLength(1);
    await page.getByRole("tab", { name: "Media" }).click();
    await expect(page.getByRole("img", { name: `${name}, Default, image 1` })).toBeVisible();
  });
});
