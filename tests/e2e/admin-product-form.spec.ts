import { buyBelt, holdScripts, logIn, test } from "../support/e2e";
import { png } from "../support/images";
import { expect, type Page, type Route } from "@playwright/test";

/** A small photo made on the spot: 900 × 600 pixels of tan leather colour. */
const photo = () => png(900, 600);

const variant = (page: Page, n: number) => page.getByRole("group", { name: `Variant ${n}` });
const stockRow = (page: Page, v: number, n: number) => variant(page, v).getByRole("group", { name: `Stock row ${n}` });

/**
 * Sends a product save on with its categories renamed to one that is gone, as if someone else
 * deleted the chosen category between choosing it and saving; other requests pass untouched.
 */
async function toAGoneCategory(route: Route) {
  const request = route.request();
  if (request.method() !== "POST") return route.continue();
  const form = new URLSearchParams(request.postData() ?? "");
  const product = JSON.parse(form.get("product") ?? "{}") as Record<string, unknown>;
  form.set("product", JSON.stringify({ ...product, categoryIds: ["gone-category"] }));
  return route.continue({ postData: form.toString() });
}

test.describe("admin: add and edit a product", () => {
  test("adds a product with two variants, sizes and an image; it shows in the shop; editing removes the image", async ({ page, shopper }) => {
    await logIn(page);
    const name = `Test Satchel ${Date.now()}`;
    // A shopper searched for it before it existed, three times: from the second time on, that
    // search's page is kept in memory.
    const search = `/shop?q=${encodeURIComponent(name)}`;
    for (const cache of [undefined, "miss", "hit"]) expect((await shopper.goto(search))!.headers()["x-cache"]).toBe(cache);
    await expect(shopper.getByText("No products found matching your search and filter criteria.")).toBeVisible();
    await page.goto("/admin/products/new");
    await expect(page.getByRole("heading", { level: 1, name: "Add Product" })).toBeVisible();

    await page.getByLabel("Product name").fill(name);
    await page.getByLabel("Code/SKU").fill("TS-01");
    await page.getByLabel("Description").fill("A satchel cut from one hide.");
    const categories = page.getByRole("group", { name: "Categories" });
    await expect(categories.getByText("0 selected")).toBeVisible();
    await categories.getByRole("checkbox").first().check();
    await expect(categories.getByText("1 selected")).toBeVisible();

    await expect(variant(page, 1).getByLabel("Variant name")).toHaveValue("Default");
    await expect(variant(page, 1).getByRole("button", { name: "Remove variant" })).toBeDisabled();
    await expect(stockRow(page, 1, 1).getByRole("button", { name: "Remove" })).toBeDisabled();
    await variant(page, 1).getByLabel("Variant name").fill("Tan");
    await variant(page, 1).getByLabel("Sole colour").fill("tan");
    await variant(page, 1).getByRole("spinbutton", { name: "Price (PKR)", exact: true }).fill("5000");
    await variant(page, 1).getByLabel("On offer").check();
    await variant(page, 1).getByLabel("Discount price (PKR)").fill("4000");
    await expect(variant(page, 1).getByText("Discount: PKR 1,000.00 (20% off)")).toBeVisible();
    await stockRow(page, 1, 1).getByLabel("Size").fill("S");
    await stockRow(page, 1, 1).getByLabel("Quantity").fill("3");
    await variant(page, 1).getByRole("button", { name: "Add size" }).click();
    await stockRow(page, 1, 2).getByLabel("Size").fill("M");
    await stockRow(page, 1, 2).getByLabel("Quantity").fill("4");
    await variant(page, 1)
      .getByLabel("Add images")
      .setInputFiles({ name: "satchel.png", mimeType: "image/png", buffer: await photo() });
    await expect(variant(page, 1).getByText("Uploaded")).toBeVisible();
    await expect(variant(page, 1).getByRole("img", { name: "Uploaded: satchel.png" })).toHaveAttribute("src", /^\/media\/products\/.+-320\.webp$/);

    await page.getByRole("button", { name: "Add Variant" }).click();
    await expect(variant(page, 2).getByLabel("Variant name")).toHaveValue("");
    await variant(page, 2).getByLabel("Variant name").fill("Black");
    await variant(page, 2).getByRole("spinbutton", { name: "Price (PKR)", exact: true }).fill("4500");
    await stockRow(page, 2, 1).getByLabel("Quantity").fill("2");

    await page.getByRole("button", { name: "Add Product" }).click();
    await expect(page).toHaveURL(/\/admin\/products\/[A-Za-z0-9]+\/view$/);
    await expect(page.getByRole("status").filter({ hasText: "Product added successfully and categories updated!" })).toBeVisible();
    const id = new URL(page.url()).pathname.split("/")[3];
    // Its media, per variant: Tan's picture, and none for Black.
    await page.getByRole("tab", { name: "Media" }).click();
    const media = page.getByRole("tabpanel");
    await expect(media.getByRole("region", { name: "Tan" }).getByRole("img")).toHaveCount(1);
    await expect(media.getByRole("region", { name: "Black" }).getByText("No images available.")).toBeVisible();
    await expect(media.getByText("No videos available.")).toBeVisible();

    // The shopper's next search shows it at once: the kept page was dropped.
    await shopper.goto(search);
    await expect(shopper.getByRole("link", { name, exact: true })).toBeVisible();

    // The shop lists it, and its page shows the resized image.
    await page.goto(`/shop?q=${encodeURIComponent(name)}`);
    await page.getByRole("link", { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/product/${id}$`));
    const image = page
      .getByRole("main")
      .getByRole("img", { name: new RegExp(`^${name}`) })
      .first();
    await expect(image).toHaveAttribute("src", /^\/media\/products\/.+\.webp$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByRole("main").getByText("PKR 4,000.00")).toBeVisible();

    // Edit: rename, remove the image (scheduled until saved), save.
    await page.goto(`/admin/products/${id}/edit`);
    await expect(page.getByRole("heading", { level: 1, name: "Edit Product" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Product Details" })).toHaveAttribute("href", `/admin/products/${id}/view`);
    await expect(page.getByLabel("Product name")).toHaveValue(name);
    await expect(stockRow(page, 1, 2).getByLabel("Quantity")).toHaveValue("4");
    await page.getByLabel("Product name").fill(`${name} II`);
    await stockRow(page, 1, 2).getByLabel("Quantity").fill("6");
    await variant(page, 1).getByRole("button", { name: "Remove image 1" }).click();
    await expect(page.getByText("1 file(s) scheduled for deletion")).toBeVisible();
    await page.getByRole("button", { name: "Update Product" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Product updated successfully!" })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/products/${id}/view$`));

    await page.goto(`/admin/products/${id}/edit`);
    await expect(page.getByLabel("Product name")).toHaveValue(`${name} II`);
    await expect(stockRow(page, 1, 2).getByLabel("Quantity")).toHaveValue("6");
    await expect(variant(page, 1).getByRole("button", { name: "Remove image 1" })).toHaveCount(0);
  });

  test("shows the validation messages and keeps what was typed", async ({ page }) => {
    await logIn(page);
    await page.goto("/admin/products/new");
    await page.getByLabel("Code/SKU").fill("KEEP-ME");
    await variant(page, 1).getByLabel("Variant name").fill("");
    await variant(page, 1).getByRole("spinbutton", { name: "Price (PKR)", exact: true }).fill("-3");
    await stockRow(page, 1, 1).getByLabel("Quantity").fill("1.5");
    await page.getByRole("button", { name: "Add Product" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Please fix the errors in the form before saving." })).toBeVisible();
    await expect(page.getByText("Product name is required")).toBeVisible();
    await expect(page.getByText("Please select at least one category.")).toBeVisible();
    await expect(page.getByText("Variant name is required")).toBeVisible();
    await expect(page.getByText("Price must be 0 or more")).toBeVisible();
    await expect(page.getByText("Quantity must be a whole number")).toBeVisible();
    await expect(page.getByLabel("Code/SKU")).toHaveValue("KEEP-ME");
    await expect(page).toHaveURL(/\/admin\/products\/new$/);

    // Fixing a field clears its message.
    await page.getByLabel("Product name").fill("Half-done");
    await expect(page.getByText("Product name is required")).toHaveCount(0);
  });

  test("a save the server refuses shows the exact error (docs/product.md) and keeps the form as typed", async ({ page }) => {
    await logIn(page);
    await page.goto("/admin/products/new");
    // The category is deleted by someone else between choosing it and saving: simulated by renaming
    // it in the submission on its way to the server.
    await page.route("**/admin/products/new*", (route) => toAGoneCategory(route));
    await page.getByLabel("Product name").fill("Kept Wallet");
    await page.getByRole("group", { name: "Categories" }).getByRole("checkbox").first().check();
    await variant(page, 1).getByRole("spinbutton", { name: "Price (PKR)", exact: true }).fill("2500");
    await page.getByRole("button", { name: "Add Product" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Error adding product or updating categories. Check console for details." }),
    ).toBeVisible();
    await expect(page.getByText("One of the chosen categories no longer exists.", { exact: false })).toBeVisible();
    await expect(page.getByLabel("Product name")).toHaveValue("Kept Wallet");
    await expect(variant(page, 1).getByRole("spinbutton", { name: "Price (PKR)", exact: true })).toHaveValue("2500");
    await expect(page.getByRole("button", { name: "Add Product" })).toBeEnabled();
  });

  test("a refused edit shows 'Error updating product…' and keeps the edits", async ({ page }) => {
    await logIn(page);
    await page.goto("/shop?q=Formal%20Dress%20Belt");
    const href = await page.getByRole("link", { name: "Formal Dress Belt", exact: true }).getAttribute("href");
    const id = href!.split("/").pop()!;
    await page.route(`**/admin/products/${id}/edit*`, (route) => toAGoneCategory(route));
    await page.goto(`/admin/products/${id}/edit`);
    await page.getByLabel("Product name").fill("Edited but refused");
    await variant(page, 1).getByRole("button", { name: "Remove image 1" }).click();
    await expect(page.getByText("1 file(s) scheduled for deletion")).toBeVisible();
    await page.getByRole("button", { name: "Update Product" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Error updating product. Check console for details." })).toBeVisible();
    await expect(page.getByLabel("Product name")).toHaveValue("Edited but refused");
    await expect(page.getByText("1 file(s) scheduled for deletion")).toBeVisible();

    // Nothing was saved: the product keeps its name and image.
    await page.unrouteAll();
    await page.goto(`/admin/products/${id}/edit`);
    await expect(page.getByLabel("Product name")).not.toHaveValue("Edited but refused");
    await expect(variant(page, 1).getByRole("button", { name: "Remove image 1" })).toBeVisible();
  });

  test("an edit sent while the connection drops keeps every edit on the page, with the error", async ({ page }) => {
    await logIn(page);
    await page.goto("/shop?q=Formal%20Dress%20Belt");
    const href = await page.getByRole("link", { name: "Formal Dress Belt", exact: true }).getAttribute("href");
    const id = href!.split("/").pop()!;
    await page.goto(`/admin/products/${id}/edit`);
    await page.getByLabel("Product name").fill("Edited offline");
    await variant(page, 1).getByRole("spinbutton", { name: "Price (PKR)", exact: true }).fill("3300");
    // The connection drops: nothing reaches the shop.
    const toShop = (url: URL) => url.pathname.startsWith("/admin/products/");
    await page.route(toShop, (route) => route.abort("internetdisconnected"));
    await page.getByRole("button", { name: "Update Product" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Error updating product. Check console for details." })).toBeVisible();
    await expect(page.getByLabel("Product name")).toHaveValue("Edited offline");
    await expect(variant(page, 1).getByRole("spinbutton", { name: "Price (PKR)", exact: true })).toHaveValue("3300");
    await expect(page.getByRole("button", { name: "Update Product" })).toBeEnabled();

    // Nothing was saved.
    await page.unroute(toShop);
    await page.goto(`/admin/products/${id}/edit`);
    await expect(page.getByLabel("Product name")).toHaveValue("Formal Dress Belt");
  });

  test("text typed before the page's scripts have arrived waits for them and is kept, not wiped or mixed with the old text", async ({ page }) => {
    await logIn(page);
    for (const [path, label, typed] of [
      ["/admin/products/new", "Product name", "Typed Early Wallet"],
      ["/admin/products/new", "Description", "Cut from one hide."],
      ["/admin/categories", "Category Name", "Typed Early Gifts"],
      ["/admin/settings", "Message", "Hello {name}, typed early."],
    ] as const) {
      const release = await holdScripts(page);
      await page.goto(path, { waitUntil: "commit" });
      const field = page.getByLabel(label, { exact: true });
      await expect(field).toBeVisible();
      // Typed at once, as a busy staff member would: the field waits for the scripts.
      const typing = field.fill(typed);
      await expect(field).toHaveAttribute("aria-disabled", "true");
      release();
      await typing;
      await page.unrouteAll({ behavior: "ignoreErrors" });
      await expect(field).not.toHaveAttribute("aria-disabled");
      await expect(field, `${label} on ${path}`).toHaveValue(typed);
    }
  });

  test("a size typed twice in a variant is named on its field, and nothing is sent", async ({ page }) => {
    await logIn(page);
    await page.goto("/admin/products/new");
    await page.getByLabel("Product name").fill("Twin Sizes");
    await page.getByRole("group", { name: "Categories" }).getByRole("checkbox").first().check();
    await stockRow(page, 1, 1).getByLabel("Size").fill("M");
    await variant(page, 1).getByRole("button", { name: "Add size" }).click();
    await stockRow(page, 1, 2).getByLabel("Size").fill(" m ");
    await page.getByRole("button", { name: "Add Product" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Please fix the errors in the form before saving." })).toBeVisible();
    await expect(stockRow(page, 1, 2).getByText("Each size can appear only once in a variant.")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/products\/new$/);
    await stockRow(page, 1, 2).getByLabel("Size").fill("L");
    await expect(page.getByText("Each size can appear only once in a variant.")).toHaveCount(0);
  });

  test("a form opened before a sale never undoes it: lowering past it is refused, an unchanged save keeps it", async ({ page, shopper }) => {
    await logIn(page);
    await page.goto("/shop?q=Formal%20Dress%20Belt");
    const href = await page.getByRole("link", { name: "Formal Dress Belt", exact: true }).getAttribute("href");
    const id = href!.split("/").pop()!;
    await page.goto(`/admin/products/${id}/edit`);
    // Black, size 34: the size the shopper buys.
    await expect(stockRow(page, 1, 4).getByLabel("Size")).toHaveValue("34");
    const quantity = stockRow(page, 1, 4).getByLabel("Quantity");
    const opened = Number(await quantity.inputValue());
    expect(opened).toBeGreaterThan(0);

    await buyBelt(shopper, { firstName: "Hina", email: "hina@example.pk" }, "34");

    await quantity.fill("0");
    await page.getByRole("button", { name: "Update Product" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Error updating product. Check console for details." })).toBeVisible();
    await expect(
      page.getByText(
        `Formal Dress Belt (Black, size 34): ${opened} when you opened the form, ${opened - 1} now, so it cannot go down by ${opened}.`,
        { exact: false },
      ),
    ).toBeVisible();
    await expect(quantity).toHaveValue("0");

    await quantity.fill(String(opened));
    await page.getByRole("button", { name: "Update Product" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Product updated successfully!" })).toBeVisible();
    await page.goto(`/admin/products/${id}/edit`);
    await expect(stockRow(page, 1, 4).getByLabel("Quantity")).toHaveValue(String(opened - 1));
  });

  test("an unknown product goes back to the list with 'Product not found!'", async ({ page }) => {
    await logIn(page);
    await page.goto("/admin/products/does-not-exist/edit");
    await expect(page).toHaveURL(/\/admin\/products$/);
    const message = page.getByRole("status").filter({ hasText: "Product not found!" });
    await expect(message).toBeVisible();
    // An error looks like one (not like a success), says so to screen readers, and stays until dismissed.
    await expect(message.getByRole("img", { name: "Error" })).toBeVisible();
    await expect(message).toHaveText("Product not found!");
    await expect(message.locator("[data-kind]")).toHaveAttribute("data-kind", "error");
    await message.getByRole("button", { name: "Dismiss message" }).click();
    await expect(page.getByText("Product not found!")).toHaveCount(0);
  });
});
