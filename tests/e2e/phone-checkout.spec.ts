import { expect, test, type Page } from "@playwright/test";
import { addBeltToCart, addPouchToCart, fillCheckout, mailTo } from "../support/e2e";
import { visitHydrated } from "../support/axe";

/*
 * Issue 36, goals 3 and 4: tracking opens with the order number filled in, and a checkout on a phone
 * leaves no doubt (what is paid beside Place Order, why + stops, prices on one line, one spelling
 * per value, one announcement per add). Each test runs on a phone (412 px, @mobile) and a laptop.
 */
const SIZES = [
  { name: "phone", tag: " @mobile" },
  { name: "laptop", tag: "" },
] as const;

/** Prices (text starting "PKR ") inside `scope` that take more than one line. */
async function wrappedPrices(page: Page, scope = "main") {
  return page.locator(scope).evaluate((root) => {
    const wrapped: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      const at = text.indexOf("PKR");
      if (at === -1) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, Math.min(text.length, (/^PKR\s*[-\d,.]+/.exec(text.slice(at))?.[0].length ?? 3) + at));
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (tops.size > 1) wrapped.push(text.trim());
    }
    return wrapped;
  });
}

async function placeOrder(page: Page, email: string) {
  await page.goto("/checkout");
  await fillCheckout(page, { firstName: "Sana", email });
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  return (await page.getByText(/^ORD-\d{13}$/).textContent())!;
}

for (const size of SIZES) {
  test.describe(`on a ${size.name}`, () => {
    test(`the confirmation and its e-mail open /track with the order number filled in; the phone is still asked for${size.tag}`, async ({
      page,
      baseURL,
    }) => {
      const email = `track.${size.name}.${Date.now()}@example.pk`;
      await addPouchToCart(page);
      const orderNumber = await placeOrder(page, email);
      // One name for it: "Order number", as on /track and in the e-mail.
      await expect(page.getByRole("term").filter({ hasText: "Order number" })).toBeVisible();
      await expect(page.getByText("Order ID")).toHaveCount(0);

      const link = page.getByRole("main").getByRole("link", { name: "Track your order" });
      await expect(link).toHaveAttribute("href", `/track?order=${orderNumber}`);
      await link.click();
      await expect(page.getByRole("heading", { level: 1, name: "Track your order" })).toBeVisible();
      await expect(page.getByLabel("Order number")).toHaveValue(orderNumber);
      await expect(page.getByLabel("Phone number")).toHaveValue("");
      // The server still checks both: the number alone, or with another phone, finds nothing.
      await page.getByRole("button", { name: "Track Order" }).click();
      await expect(page.getByRole("alert")).toHaveText("Please enter your order number and phone number.");
      await page.getByLabel("Phone number").fill("03001112223");
      await page.getByRole("button", { name: "Track Order" }).click();
      await expect(page.getByRole("alert")).toHaveText(/^We could not find an order with that number and phone number\./);

      // The e-mail's link, from the shop's address (PUBLIC_URL, else http://localhost:PORT), the same way.
      const mail = await mailTo(baseURL!, email, `Order Confirmed! ${orderNumber}`);
      const mailed = new URL(/Track your order: (\S+)/.exec(mail.text)![1]);
      expect(mailed.origin).toBe(new URL(baseURL!).origin);
      expect(`${mailed.pathname}${mailed.search}`).toBe(`/track?order=${orderNumber}`);
      await page.goto(mailed.href);
      await expect(page.getByLabel("Order number")).toHaveValue(orderNumber);
      await expect(page.getByLabel("Phone number")).toHaveValue("");

      // A link with anything but an order number fills in nothing.
      await page.goto("/track?order=%3Cscript%3E");
      await expect(page.getByLabel("Order number")).toHaveValue("");
    });

    test(`the amount to pay stands beside Place Order at the end of the form${size.tag}`, async ({ page }) => {
      await addBeltToCart(page);
      await page.goto("/cart");
      const cartTotal = (await page
        .getByRole("complementary", { name: "Order summary" })
        .getByRole("definition")
        .filter({ hasText: /^PKR/ })
        .last()
        .textContent())!;
      await page.goto("/checkout");
      await fillCheckout(page);
      const placeOrderButton = page.getByRole("button", { name: "Place Order" });
      await placeOrderButton.scrollIntoViewIfNeeded();
      const toPay = page.getByText("Total to pay on delivery");
      await expect(toPay).toBeInViewport();
      await expect(placeOrderButton).toBeInViewport();
      await expect(page.locator("#checkout-to-pay")).toContainText(cartTotal);
      // The button is described by the amount, so a screen reader hears it with Place Order.
      await expect(placeOrderButton).toHaveAccessibleDescription(new RegExp(`Total to pay on delivery.*${cartTotal.replace(/[.]/g, "\\.")}`));
    });

    test(`+ says why it stops: the stock left, or what one order may hold${size.tag}`, async ({ page }) => {
      // The belt's sizes have 6 or fewer: + stops at the stock. (The cart is drawn before its
      // scripts run, its buttons held until then: the loop reads them once they have.)
      await addBeltToCart(page);
      await visitHydrated(page, "/cart");
      const belt = page.getByRole("listitem", { name: "Formal Dress Belt" });
      const plus = belt.getByRole("button", { name: "Increase quantity of Formal Dress Belt" });
      const quantity = belt.getByLabel("Quantity of Formal Dress Belt", { exact: true });
      for (let n = 1; n <= 10; n++) {
        await expect(quantity).toHaveText(String(n));
        await expect(page.getByRole("complementary", { name: "Order summary" }).getByRole("link", { name: "Proceed to Checkout" })).toBeVisible();
        if (await plus.isDisabled()) break;
        await expect(belt.getByText(/^Only \d+ left$/)).toHaveCount(0);
        await plus.click();
      }
      await expect(plus).toBeDisabled();
      const left = (await quantity.textContent())!;
      await expect(belt.getByText(`Only ${left} left`, { exact: true })).toBeVisible();
      await expect(plus).toHaveAccessibleDescription(`Only ${left} left`);

      // The coin pouch has 30: + stops at what one order may hold of one item.
      await page.goto("/shop?q=Coin%20Pouch");
      await page.getByRole("link", { name: "Coin Pouch" }).first().click();
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await visitHydrated(page, "/cart");
      const pouch = page.getByRole("listitem", { name: "Coin Pouch" });
      const pouchPlus = pouch.getByRole("button", { name: "Increase quantity of Coin Pouch" });
      const pouchQuantity = pouch.getByLabel("Quantity of Coin Pouch", { exact: true });
      for (let n = 1; n < 10; n++) {
        await expect(pouchQuantity).toHaveText(String(n));
        await expect(page.getByRole("link", { name: "Proceed to Checkout" })).toBeVisible();
        await pouchPlus.click();
      }
      await expect(pouchQuantity).toHaveText("10");
      await expect(pouchPlus).toBeDisabled();
      await expect(pouch.getByText(/^One order can hold at most 10 of one item\./)).toBeVisible();
    });

    test(`one spelling per value: colours as on the product page, prices on one line${size.tag}`, async ({ page }) => {
      if (size.tag) await page.setViewportSize({ width: 360, height: 800 });
      await addPouchToCart(page);
      // The product page names the colour ("Olive", stored as "olive"); so does everything after it.
      const colour = (await page
        .getByText(/^Colour: /)
        .first()
        .textContent())!
        .replace(/^Colour:\s*/, "")
        .trim();
      expect(colour).toMatch(/^[A-Z]/);
      // An item in one size names no size after the product page (never "Size One Size").
      await expect(page.getByRole("region", { name: "In your cart" })).toContainText(`${colour} · Qty 1`);
      await expect(page.getByRole("region", { name: "In your cart" })).not.toContainText("Size");

      await page.goto("/cart");
      const pouch = page.getByRole("listitem", { name: "Coin Pouch" });
      await expect(pouch.getByText(`Colour: ${colour} · Size:`)).toBeVisible();
      await expect(pouch.getByText(/each$/)).toBeVisible();
      expect(await wrappedPrices(page)).toEqual([]);

      await page.goto("/checkout");
      const showSummary = page.getByRole("button", { name: /Show order summary/ });
      if (size.tag) await showSummary.click();
      const summary = page.getByRole("complementary", { name: "Order summary" });
      await expect(summary.getByText(new RegExp(`^${colour} · `))).toBeVisible();
      expect(await wrappedPrices(page)).toEqual([]);

      const email = `colour.${size.name}.${Date.now()}@example.pk`;
      const orderNumber = await placeOrder(page, email);
      const ordered = page.getByRole("list", { name: "Items ordered" });
      // The colour alone: an item in one size names no size there.
      await expect(ordered.getByText(new RegExp(`^${colour}$`))).toBeVisible();
      expect(await wrappedPrices(page)).toEqual([]);
      const mail = await mailTo(page.url(), email, `Order Confirmed! ${orderNumber}`);
      expect(mail.text).toContain(`1 × Coin Pouch (${colour}) — `);
    });

    test(`an add to cart is announced once: the spec's banner; the panel repeats nothing${size.tag}`, async ({ page }) => {
      await addBeltToCart(page);
      await expect(page.getByRole("status").filter({ hasText: "Added to cart!" })).toBeVisible();
      await expect(page.getByRole("region", { name: "In your cart" })).toBeVisible();
      const announcing = await page.evaluate(
        () =>
          [...document.querySelectorAll('[role="status"], [role="alert"], [role="log"], [aria-live]:not([aria-live="off"])')].filter((e) =>
            /added/i.test(e.textContent ?? ""),
          ).length,
      );
      expect(announcing).toBe(1);
      await expect(page.getByText(/added/i)).toHaveCount(1);
    });
  });
}
