import { expect, test, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { storedCart } from "../support/e2e";

/** The fields of a product page's schema.org data (app/components/storefront/product-json-ld.tsx) read one by one below. */
interface ProductLd {
  image: string[];
  offers: { availability: string };
}

/** Opens a demo product the way a shopper does: search the shop, follow the card. */
async function openProduct(page: Page, name: string) {
  await page.goto(`/shop?q=${encodeURIComponent(name)}`);
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(/\/product\/[A-Za-z0-9]+$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  return new URL(page.url()).pathname.split("/").pop()!;
}

/**
 * A rating's stars as the shopper sees them, read from a screenshot column by column: how many
 * separate stars are drawn, and where the amber (#b45309) ends and the grey (#d6d3d1) begins, as a
 * share of the row's width.
 */
async function drawnStars(rating: Locator): Promise<{ stars: number; amberTo: number; greyFrom: number }> {
  const { data, info } = await sharp(await rating.locator("span").first().screenshot())
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const near = (x: number, y: number, [r, g, b]: number[]) => {
    const at = (y * info.width + x) * 3;
    return Math.abs(data[at] - r) < 20 && Math.abs(data[at + 1] - g) < 20 && Math.abs(data[at + 2] - b) < 20;
  };
  const columns = Array.from({ length: info.width }, (_, x) => {
    const rows = Array.from({ length: info.height }, (_, y) => y);
    return { amber: rows.some((y) => near(x, y, [180, 83, 9])), grey: rows.some((y) => near(x, y, [214, 211, 209])) };
  });
  const drawn = columns.map((column) => column.amber || column.grey);
  const stars = drawn.filter((on, x) => on && !drawn[x - 1]).length;
  const lastAmber = columns.findLastIndex((column) => column.amber);
  const firstGrey = columns.findIndex((column) => column.grey);
  return { stars, amberTo: (lastAmber + 1) / info.width, greyFrom: firstGrey < 0 ? 1 : firstGrey / info.width };
}

const sizeGroup = (page: Page) => page.getByRole("group", { name: /^Size/ });
const colourGroup = (page: Page) => page.getByRole("group", { name: /^Colour/ });
const quantity = (page: Page) => page.getByLabel("Quantity", { exact: true });
const addButton = (page: Page) => page.getByRole("button", { name: "Add to Cart" });

test.describe("product detail", () => {
  test("shows name, category, rating, price, description and the main image", async ({ page }) => {
    await openProduct(page, "Formal Dress Belt");
    await expect(page).toHaveTitle("Formal Dress Belt | Chamra Leather");
    const main = page.getByRole("main");
    await expect(main.getByRole("img", { name: "Rated 4.3 out of 5" })).toBeVisible();
    await expect(main.getByText("PKR 3,200.00")).toBeVisible();
    await expect(main.getByText("A 35 mm dress belt with a polished steel buckle")).toBeVisible();
    const category = main.getByRole("link", { name: "Belts" }).first();
    await expect(category).toHaveAttribute("href", /^\/shop\/category\/[A-Za-z0-9]+$/);

    const image = main.getByRole("img", { name: "Formal Dress Belt, Black" });
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute("loading", "eager");
    await expect(image).toHaveAttribute("srcset", /320w.*640w.*960w/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  });

  for (const at of ["", " on a phone @mobile"]) {
    test(`a rating is five stars, amber as far as the rating and grey after it, on a card and on the product's page${at}`, async ({ page }) => {
      // 4.3 of 5 is 86 % of the row: four stars amber, the fifth a third amber.
      const expectDrawn = async (rating: Locator, width: number) => {
        await expect(rating.locator("span").first()).toHaveCSS("width", `${width}px`);
        const drawn = await drawnStars(rating);
        expect(drawn.stars).toBe(5);
        expect(drawn.amberTo).toBeGreaterThan(0.83);
        expect(drawn.amberTo).toBeLessThan(0.89);
        expect(drawn.greyFrom).toBeGreaterThan(0.83);
      };
      await openProduct(page, "Formal Dress Belt");
      await expectDrawn(page.getByRole("main").getByRole("img", { name: "Rated 4.3 out of 5" }), 100);
      await page.goto("/shop?q=Formal%20Dress%20Belt");
      const card = page
        .getByRole("main")
        .getByRole("article")
        .filter({ has: page.getByRole("link", { name: "Formal Dress Belt", exact: true }) });
      await expectDrawn(card.getByRole("img", { name: "Rated 4.3 out of 5" }), 80);
    });
  }

  test("lists sizes numerically, disables sold-out sizes and starts on the first size in stock", async ({ page }) => {
    await openProduct(page, "Formal Dress Belt");
    const sizes = sizeGroup(page).getByRole("button");
    await expect(sizes).toHaveText(["32", "34", "36", "38", "40"]);
    const soldOut = sizeGroup(page).getByRole("button", { name: "40, sold out" });
    await expect(soldOut).toBeDisabled();
    await expect(soldOut).toHaveCSS("text-decoration-line", "line-through");
    await expect(sizeGroup(page).getByRole("button", { name: "32", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText("4 in stock")).toBeVisible();
    await expect(quantity(page)).toHaveValue("1");
    await expect(colourGroup(page).getByRole("button", { name: "Black" })).toHaveAttribute("aria-pressed", "true");
  });

  test("keeps the quantity between 1 and the stock of the chosen size", async ({ page }) => {
    await openProduct(page, "Formal Dress Belt");
    const minus = page.getByRole("button", { name: "Decrease quantity" });
    const plus = page.getByRole("button", { name: "Increase quantity" });
    await expect(minus).toBeDisabled();
    for (let i = 0; i < 3; i++) await plus.click();
    await expect(quantity(page)).toHaveValue("4");
    await expect(plus).toBeDisabled();
    await expect(minus).toBeEnabled();

    await quantity(page).fill("99");
    await quantity(page).blur();
    await expect(quantity(page)).toHaveValue("4");
    await quantity(page).fill("0");
    await quantity(page).blur();
    await expect(quantity(page)).toHaveValue("1");

    // Picking another size resets the quantity and shows that size's stock.
    await plus.click();
    await expect(quantity(page)).toHaveValue("2");
    await sizeGroup(page).getByRole("button", { name: "38", exact: true }).click();
    await expect(quantity(page)).toHaveValue("1");
    await expect(page.getByText("3 in stock")).toBeVisible();
  });

  test("picking a colour switches image and price and resets size and quantity", async ({ page }) => {
    await openProduct(page, "Formal Dress Belt");
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await expect(quantity(page)).toHaveValue("2");

    const brown = colourGroup(page).getByRole("button", { name: "Brown" });
    await brown.click();
    await expect(brown).toHaveAttribute("aria-pressed", "true");
    await expect(colourGroup(page).getByRole("button", { name: "Black" })).toHaveAttribute("aria-pressed", "false");
    const main = page.getByRole("main");
    await expect(main.getByRole("img", { name: "Formal Dress Belt, Brown" })).toHaveAttribute("src", /belt-brown-/);
    await expect(main.getByText("PKR 2,800.00")).toBeVisible();
    await expect(main.getByText("13% off")).toBeVisible();
    await expect(main.getByText("You save PKR 400.00")).toBeVisible();
    // Brown has no 32 in stock: the first size in stock is 34.
    await expect(sizeGroup(page).getByRole("button", { name: "32, sold out" })).toBeDisabled();
    await expect(sizeGroup(page).getByRole("button", { name: "34", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(quantity(page)).toHaveValue("1");
    await expect(page.getByText("4 in stock")).toBeVisible();
  });

  test("Add to Cart stores the cart line, updates the cart count and confirms for 3 seconds", async ({ page }) => {
    const id = await openProduct(page, "Formal Dress Belt");
    await expect(page.getByRole("link", { name: "Cart, 0 items" })).toBeVisible();
    await colourGroup(page).getByRole("button", { name: "Brown" }).click();
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await addButton(page).click();

    const banner = page.getByRole("status").filter({ hasText: "Added to cart!" });
    await expect(banner).toBeVisible();
    const shownAt = Date.now();
    await expect(page.getByRole("link", { name: "Cart, 2 items" })).toBeVisible();
    // A cart panel opens with what was added and the cart's subtotal, and stays after the banner goes.
    const panel = page.getByRole("region", { name: "In your cart" });
    await expect(panel.getByText("Formal Dress Belt")).toBeVisible();
    await expect(panel.getByText("Brown · Size 34 · Qty 2")).toBeVisible();
    await expect(panel.getByText("Subtotal (2 items)")).toBeVisible();
    await expect(panel.getByText("PKR 5,600.00")).toBeVisible();
    await expect(panel.getByRole("link", { name: "View cart" })).toHaveAttribute("href", "/cart");
    await expect(panel.getByRole("link", { name: "Checkout" })).toHaveAttribute("href", "/checkout");

    const cart = await storedCart(page);
    expect(cart).toHaveLength(1);
    expect(Object.keys(cart[0]).sort()).toEqual(
      [
        "productColor",
        "productDiscountPrice",
        "productID",
        "productImage",
        "productName",
        "productPrice",
        "productQuantity",
        "productSize",
        "productVariantKey",
      ].sort(),
    );
    expect(cart[0]).toEqual({
      productID: id,
      productVariantKey: expect.stringMatching(/^[A-Za-z0-9]+_34$/),
      productSize: "34",
      productQuantity: 2,
      productName: "Formal Dress Belt",
      productPrice: 3200,
      productDiscountPrice: 2800,
      productImage: expect.stringMatching(/^\/media\/demo\/belt-brown-[A-Za-z0-9]+-640\.webp$/),
      productColor: "brown",
    });

    await expect(banner).toBeHidden({ timeout: 5000 });
    expect(Date.now() - shownAt).toBeGreaterThan(2000);
    await expect(panel).toBeVisible();
    await panel.getByRole("button", { name: "Close cart panel" }).click();
    await expect(panel).toHaveCount(0);

    // Adding the same size again adds up, but never beyond its stock (4).
    await expect(quantity(page)).toHaveValue("2");
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await expect(quantity(page)).toHaveValue("4");
    await addButton(page).click();
    await expect(page.getByRole("link", { name: "Cart, 4 items" })).toBeVisible();
    const again = await storedCart(page);
    expect(again).toHaveLength(1);
    expect(again[0].productQuantity).toBe(4);
  });

  test("a line without a discount stores a null discount price", async ({ page }) => {
    await openProduct(page, "Formal Dress Belt");
    await addButton(page).click();
    const cart = await storedCart(page);
    expect(cart[0]).toMatchObject({ productSize: "32", productQuantity: 1, productPrice: 3200, productDiscountPrice: null, productColor: "black" });
  });

  test("a sold-out product cannot be added to the cart", async ({ page }) => {
    await openProduct(page, "Chelsea Boot");
    await expect(page.getByText("Out of stock", { exact: true })).toBeVisible();
    await expect(addButton(page)).toBeDisabled();
    await expect(sizeGroup(page).getByRole("button", { name: "40, sold out" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Increase quantity" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Decrease quantity" })).toBeDisabled();
  });

  test("an unknown product answers 404 with a way back to the shop", async ({ page }) => {
    const response = await page.goto("/product/does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Product not found")).toBeVisible();
    await page.getByRole("link", { name: "Back to Shop" }).click();
    await expect(page).toHaveURL(/\/shop$/);
  });

  test("describes the product to search engines", async ({ page }) => {
    const id = await openProduct(page, "Formal Dress Belt");
    const json = await page.locator('script[type="application/ld+json"]').textContent();
    const ld = JSON.parse(json ?? "") as ProductLd;
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Formal Dress Belt",
      sku: "BT-301",
      brand: { name: "Chamra Leather" },
      offers: { priceCurrency: "PKR", price: "3200.00", availability: "https://schema.org/InStock" },
    });
    expect(ld.image[0]).toMatch(/^https?:\/\/[^/]+\/media\/demo\/belt-black-/);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "product");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/product/${id}$`));

    await openProduct(page, "Chelsea Boot");
    const boot = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "") as ProductLd;
    expect(boot.offers.availability).toBe("https://schema.org/OutOfStock");
  });

  test("the main image is the first thing fetched, eager and sized, and the styles are inline", async ({ browser }) => {
    // The page as the server sends it, before any script runs.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/shop?q=Formal%20Dress%20Belt");
    await page.getByRole("link", { name: "Formal Dress Belt", exact: true }).click();
    const image = page.getByRole("main").getByRole("img", { name: "Formal Dress Belt, Black" });
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute("fetchpriority", "high");
    await expect(image).not.toHaveAttribute("loading", "lazy");
    await expect(image).toHaveAttribute("width", /^\d+$/);
    await expect(image).toHaveAttribute("height", /^\d+$/);
    const preload = page.locator('head link[rel="preload"][as="image"]').first();
    await expect(preload).toHaveAttribute("fetchpriority", "high");
    await expect(preload).toHaveAttribute("imagesrcset", (await image.getAttribute("srcset"))!);
    await expect(page.locator("head style")).toHaveCount(1);
    await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
    await expect(page.locator("body")).toHaveCSS("background-color", "rgb(251, 247, 241)");
    await context.close();
  });

  test("name, price, description and image are in the page without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/shop?q=Leather%20Tote");
    await page.getByRole("link", { name: "Leather Tote", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Leather Tote" })).toBeVisible();
    await expect(
      page
        .getByRole("main")
        .getByText(/^PKR [\d,]+\.\d{2}$/)
        .first(),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Description" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("img", { name: /^Leather Tote, / })).toBeVisible();
    await context.close();
  });

  test("colours and sizes can be chosen with the keyboard", async ({ page }) => {
    await openProduct(page, "Formal Dress Belt");
    await colourGroup(page).getByRole("button", { name: "Black" }).focus();
    await page.keyboard.press("Tab");
    await expect(colourGroup(page).getByRole("button", { name: "Brown" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(colourGroup(page).getByRole("button", { name: "Brown" })).toHaveAttribute("aria-pressed", "true");
    await sizeGroup(page).getByRole("button", { name: "36", exact: true }).focus();
    await page.keyboard.press("Space");
    await expect(page.getByText("2 in stock")).toBeVisible();
  });

  test("on a phone the image comes first, details below @mobile", async ({ page }) => {
    await openProduct(page, "Formal Dress Belt");
    const image = await page.getByRole("main").getByRole("img", { name: "Formal Dress Belt, Black" }).boundingBox();
    const heading = await page.getByRole("heading", { level: 1 }).boundingBox();
    expect(image && heading && image.y + image.height <= heading.y).toBe(true);
    await addButton(page).click();
    await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
  });
});
