import { expect, test, type Browser } from "@playwright/test";
import { addPouchToCart, fillCheckout, holdScripts, logIn, sameBrowser } from "../support/e2e";

/*
 * Issue 35: "Links and forms keep working without scripts". A shopper whose phone never runs the
 * page's scripts (slow, failed, or turned off) can still place the order the server drew from the
 * cart cookie (docs/decisions/0062, "Later"): Place Order is a plain form post, the confirmation
 * is the spec's, a double press places one order, and the order does not stay in the cart once
 * scripts do run. Each test runs on a phone (412 px, @mobile) and a laptop.
 */
const SIZES = [
  { name: "phone", tag: " @mobile" },
  { name: "laptop", tag: "" },
] as const;

/** The orders the back office lists for this e-mail. */
async function ordersListedFor(browser: Browser, email: string): Promise<number> {
  const context = await browser.newContext();
  try {
    const admin = await context.newPage();
    await logIn(admin);
    await admin.goto(`/admin/orders?q=${encodeURIComponent(email)}`);
    await expect(admin.getByRole("heading", { level: 1 })).toBeVisible();
    return await admin
      .getByRole("row")
      .filter({ hasText: /ORD-\d{13}/ })
      .count();
  } finally {
    await context.close();
  }
}

for (const size of SIZES) {
  test.describe(`on a ${size.name}`, () => {
    test(`without scripts, Place Order places the cart the server drew, once, and shows the confirmation${size.tag}`, async ({ page, browser }) => {
      await addPouchToCart(page);
      const email = `plain.${size.name}.${Date.now()}@example.pk`;
      const plain = await sameBrowser(browser, page, { scripts: false });
      try {
        const cold = await plain.newPage();
        await cold.goto("/checkout");
        await fillCheckout(cold, { firstName: "Nida", email });
        await cold.getByLabel("Order notes").fill("Please call first");

        // A refusal shows the spec's messages, and keeps what was typed.
        await cold.getByLabel("City").fill("");
        await cold.getByRole("button", { name: "Place Order" }).click();
        await expect(cold.getByRole("alert").filter({ hasText: "Please fix the errors in the form before proceeding." })).toBeVisible();
        await expect(cold.getByText("City is required")).toBeVisible();
        await expect(cold.getByLabel("First name")).toHaveValue("Nida");
        await expect(cold.getByLabel("Email")).toHaveValue(email);
        await expect(cold.getByLabel("Order notes")).toHaveValue("Please call first");

        await cold.getByLabel("City").fill("Lahore");
        // Pressed twice: the browser posts twice, the shop places one order.
        await cold.getByRole("button", { name: "Place Order" }).dblclick();
        await expect(cold.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
        const orderNumber = (await cold.getByText(/^ORD-\d{13}$/).textContent())!;
        // 950 and 5% tax, rounded as the shop rounds it.
        await expect(
          cold
            .getByRole("definition")
            .filter({ hasText: /^PKR 998$/ })
            .first(),
        ).toBeVisible();
        for (const next of [
          "You will receive a confirmation email shortly.",
          "Your order will be delivered within 3-5 business days.",
          "Pay with cash when your order arrives.",
          "Stock has been automatically updated.",
        ]) {
          await expect(cold.getByText(next, { exact: true })).toBeVisible();
        }
        await expect(cold.getByRole("link", { name: "Back to Home" })).toBeVisible();
        await expect(cold.getByRole("link", { name: "Continue Shopping" })).toBeVisible();
        // An item in one size names no size (never "Size One Size").
        await expect(cold.getByRole("list", { name: "Items ordered" }).getByRole("listitem")).toHaveText([/^1 × Coin Pouch\s*Olive\s*PKR 950$/]);

        // The cart the order took is gone from the cart the server draws.
        await cold.goto("/cart");
        await expect(cold.getByText("Your cart is empty")).toBeVisible();
        await expect(cold.getByRole("listitem", { name: "Coin Pouch" })).toHaveCount(0);

        expect(await ordersListedFor(browser, email)).toBe(1);
        expect(orderNumber).toMatch(/^ORD-\d{13}$/);
      } finally {
        await plain.close();
      }
    });

    test(`Place Order pressed before the scripts came: the confirmation, then its own page empties the cart when they run${size.tag}`, async ({
      page,
    }) => {
      await addPouchToCart(page);
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      const release = await holdScripts(page);
      await page.goto("/checkout");
      await fillCheckout(page, { firstName: "Amna", email: `early.${size.name}.${Date.now()}@example.pk` });
      await page.getByRole("button", { name: "Place Order" }).click();
      await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
      const orderNumber = (await page.getByText(/^ORD-\d{13}$/).textContent())!;
      expect(await page.evaluate(() => window.localStorage.getItem("shoppingCart"))).toContain("Coin Pouch");

      release();
      await page.keyboard.press("Shift");
      await expect.poll(() => page.evaluate(() => window.localStorage.getItem("shoppingCart"))).toBe("[]");
      await expect(page.locator("#page-module")).toHaveCount(0);
      await expect(page.locator("[data-held]")).toHaveCount(0);
      // The page hydrated what it was sent: the same confirmation, now with its scripts.
      await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
      await expect(page.getByText(/^ORD-\d{13}$/)).toHaveText(orderNumber);
      await expect(page.getByRole("link", { name: "Cart, 0 items" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Save my details" })).toBeVisible();
      expect(errors).toEqual([]);
    });

    test(`an order placed without scripts leaves the cart empty once scripts run${size.tag}`, async ({ page, browser }) => {
      await addPouchToCart(page);
      const plain = await sameBrowser(browser, page, { scripts: false });
      let after;
      try {
        const cold = await plain.newPage();
        await cold.goto("/checkout");
        await fillCheckout(cold, { firstName: "Sadia", email: `later.${size.name}.${Date.now()}@example.pk` });
        await cold.getByRole("button", { name: "Place Order" }).click();
        await expect(cold.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
        after = await plain.storageState();
      } finally {
        await plain.close();
      }
      // The same browser, its scripts working again (its localStorage still holds the pouch).
      const scripted = await browser.newContext({ storageState: after, viewport: page.viewportSize() ?? undefined });
      try {
        const warm = await scripted.newPage();
        await warm.goto("/shop");
        expect(await warm.evaluate(() => window.localStorage.getItem("shoppingCart"))).toContain("Coin Pouch");
        // The shopper's first key press starts the page's scripts (docs/decisions/0060).
        await warm.keyboard.press("Shift");
        await expect.poll(() => warm.evaluate(() => window.localStorage.getItem("shoppingCart"))).toBe("[]");
        await expect(warm.getByRole("link", { name: "Cart, 0 items" })).toBeVisible();
        await warm.goto("/cart");
        await expect(warm.getByText("Your cart is empty")).toBeVisible();
        await warm.keyboard.press("Shift");
        await expect(warm.locator("#page-module")).toHaveCount(0);
        await expect(warm.locator("[data-held]")).toHaveCount(0);
        await expect(warm.getByText("Your cart is empty")).toBeVisible();
        await expect(warm.getByRole("link", { name: "Cart, 0 items" })).toBeVisible();
      } finally {
        await scripted.close();
      }
    });
  });
}
