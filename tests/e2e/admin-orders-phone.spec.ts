import { expect, type Browser, type Page } from "@playwright/test";
import { logIn, storedCart, test } from "../support/e2e";
import { checkoutForm } from "../support/test-customer";

/*
 * The cash-on-delivery team's day on a phone (issue 32, docs/decisions/0054): the orders screen at
 * 412 px and at 1280 px with a few dozen orders of long names and e-mails, and the day's flow — find
 * a new order, call or WhatsApp, record the outcome, ship with a CN, print slips, record a return.
 */

const PHONE = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true } as const;
const LAPTOP = { viewport: { width: 1280, height: 900 } } as const;

const run = Date.now() % 1_000_000;
/** A mobile number of its own for each order (the shop takes 5 orders per number in 10 minutes). */
let phones = 0;
const nextPhone = () => `0312${String((run * 100 + phones++) % 10_000_000).padStart(7, "0")}`;
const LONG_FIRST = "Muhammad Abdul-Rehman Siddiqui";
const LONG_DOMAIN = "a-very-long-company-domain-example.com.pk";
const longEmail = (i: number) => `muhammad.abdulrehman.siddiqui.chaudhry.orders${i}.${run}@${LONG_DOMAIN}`;

/** A cart line of one product (one size) as the storefront keeps it, read from the cart after adding it. */
async function cartLineOf(page: Page, product: string) {
  await page.goto(`/shop?q=${encodeURIComponent(product)}`);
  await page.getByRole("link", { name: product, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: product })).toBeVisible();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("link", { name: /^Cart, 1 item/ })).toBeVisible();
  const cart = await storedCart(page);
  await page.evaluate(() => localStorage.removeItem("shoppingCart"));
  return { ...cart[0], productQuantity: 1 };
}

/** Places an order by posting the checkout form as the page does without scripts. */
async function placeOrder(page: Page, line: unknown, customer: { firstName: string; lastName: string; email: string; phone: string }) {
  const response = await page.request.post("/checkout", {
    form: checkoutForm({
      ...customer,
      streetAddress: "House 7, Street 12, Block C, Gulberg III",
      cart: JSON.stringify([line]),
      idempotencyKey: `phone-day-${run}-${customer.phone}-${Math.random().toString(36).slice(2, 10)}`,
    }),
  });
  expect(response.status(), await response.text().then((t) => t.slice(0, 200))).toBe(200);
}

/**
 * The day's orders: 20 of long names and e-mails, and one order placed twice (same phone, same
 * card holder, minutes apart). Once per server: a second worker (after a failed test) finds them.
 */
async function seedOrders(browser: Browser) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await logIn(page);
    await page.goto(`/admin/orders?q=${encodeURIComponent(LONG_DOMAIN)}`);
    if ((await page.getByRole("row").filter({ hasText: LONG_FIRST }).count()) >= 20) return;
    const notebook = await cartLineOf(page, "A5 Notebook Cover");
    const holder = await cartLineOf(page, "Slim Card Holder");
    for (let i = 0; i < 20; i++) {
      await placeOrder(page, i % 2 ? notebook : holder, {
        firstName: `${LONG_FIRST} ${i}`,
        lastName: "Chaudhry-Khan",
        email: longEmail(i),
        phone: nextPhone(),
      });
    }
    const twice = { firstName: "Duplicated", lastName: "Buyer", email: "twice.buyer@example.pk", phone: "0321-9998877" };
    await placeOrder(page, holder, twice);
    await placeOrder(page, holder, twice);
  } finally {
    await context.close();
  }
}

/** The page is no wider than its window: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${what} scrolls sideways`).toBeLessThanOrEqual(0);
}

test.describe("the orders screen on a phone and on a laptop", () => {
  test.beforeAll(async ({ browser }, testInfo) => {
    testInfo.setTimeout(120_000);
    await seedOrders(browser);
  });

  test.describe("at 412 px", () => {
    test.use(PHONE);

    test("every order is a card with its number, customer, total, status, call state and actions, and nothing scrolls sideways", async ({ page }) => {
      await logIn(page);
      await page.goto(`/admin/orders?q=${encodeURIComponent(LONG_DOMAIN)}`);
      await expect(page.getByRole("heading", { level: 1, name: "Order Management" })).toBeVisible();
      const cards = page.getByRole("row").filter({ hasText: LONG_FIRST });
      await expect(cards).toHaveCount(20);
      await expectNoSidewaysScroll(page, "the orders list");

      const card = cards.first();
      const orderNumber = (await card.getByText(/^ORD-\d{13}$/).textContent())!;
      // The number on one line, never "ORD- / 1795…".
      const numberBox = (await card.getByText(orderNumber, { exact: true }).boundingBox())!;
      const lineHeight = await card.getByText(orderNumber, { exact: true }).evaluate((e) => parseFloat(getComputedStyle(e).lineHeight));
      expect(numberBox.height).toBeLessThan(lineHeight * 1.5);
      await expect(card).toContainText(LONG_FIRST);
      await expect(card).toContainText("@a-very-long-company-domain-example.com.pk");
      await expect(card).toContainText(/PKR [\d,]+/);
      await expect(card.getByText("New", { exact: true })).toBeVisible();
      await expect(card.getByText("Not yet called")).toBeVisible();
      // The actions are within the card, in the window.
      for (const control of [
        card.getByRole("link", { name: `Call ${LONG_FIRST}`, exact: false }),
        card.getByRole("link", { name: `WhatsApp ${LONG_FIRST}`, exact: false }),
        card.getByLabel(`Status of order ${orderNumber}`),
        card.getByRole("button", { name: `View order ${orderNumber}` }),
      ]) {
        await expect(control).toBeVisible();
        const box = (await control.boundingBox())!;
        expect(box.x + box.width, "inside the window").toBeLessThanOrEqual(412);
        expect(box.height, "a thumb finds it").toBeGreaterThanOrEqual(44);
      }
      const tick = card.getByLabel(`Select order ${orderNumber}`);
      const tickBox = (await tick.boundingBox())!;
      expect(Math.min(tickBox.width, tickBox.height)).toBeGreaterThanOrEqual(24);

      // The filters fold away, and unfold without widening the page.
      const filters = page.getByRole("button", { name: /^Search and filters/ });
      await expect(page.getByLabel("Filter by status")).toBeHidden();
      await filters.click();
      await expect(page.getByLabel("Filter by status")).toBeVisible();
      await expect(filters).toHaveText(/\(1 on\)/);
      await expectNoSidewaysScroll(page, "the unfolded filters");

      // The detail window of a long name fits too.
      await card.getByRole("button", { name: `View order ${orderNumber}` }).tap();
      await expect(page.getByRole("dialog", { name: `Order ${orderNumber}` })).toBeVisible();
      await expectNoSidewaysScroll(page, "the order's window");
    });

    test("a day from the phone: find a new order, call, record the outcome, ship with a CN, print the slip, take a return back into stock", async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await logIn(page);
      const stockBefore = await notebookStock(page);

      // A new order arrives.
      const name = `Rabia ${run}`;
      const line = await cartLineOf(page, "A5 Notebook Cover");
      await placeOrder(page, line, { firstName: name, lastName: "Javed", email: `rabia.${run}@example.pk`, phone: "0300-7654321" });
      expect(await notebookStock(page)).toBe(stockBefore - 1);

      // Found among the orders still to confirm.
      await page.goto("/admin/orders");
      await page.getByRole("button", { name: /^Search and filters/ }).click();
      await page.getByLabel("Filter by confirmation").selectOption("pending");
      await expect(page).toHaveURL(/confirmation=pending/);
      const card = page.getByRole("row").filter({ hasText: name });
      await expect(card).toBeVisible();
      const orderNumber = (await card.getByText(/^ORD-\d{13}$/).textContent())!;
      await expect(card.getByText("New", { exact: true })).toBeVisible();
      await expect(card.getByText("Not yet called")).toBeVisible();
      await expect(card.getByRole("link", { name: `Call ${name} Javed about order ${orderNumber}` })).toHaveAttribute("href", "tel:+923007654321");
      const whatsapp = new URL((await card.getByRole("link", { name: `WhatsApp ${name} Javed about order ${orderNumber}` }).getAttribute("href"))!);
      expect(whatsapp.origin + whatsapp.pathname).toBe("https://wa.me/923007654321");
      expect(whatsapp.searchParams.get("text")).toContain(orderNumber);

      // No answer, then confirmed by phone: the card says so at a glance.
      await card.getByRole("button", { name: `View order ${orderNumber}` }).tap();
      const dialog = page.getByRole("dialog", { name: `Order ${orderNumber}` });
      await dialog.getByLabel("What the customer said").selectOption("no-answer");
      await dialog.getByRole("button", { name: "Record" }).tap();
      await expect(dialog.getByRole("status").filter({ hasText: "Recorded: No answer." })).toBeVisible();
      await expect(dialog.getByText("No answer ×1")).toBeVisible();
      await dialog.getByLabel("What the customer said").selectOption("confirmed-by-phone");
      await dialog.getByRole("button", { name: "Record" }).tap();
      await expect(dialog.getByText("Call: Confirmed by phone")).toBeVisible();
      await expect(
        dialog
          .getByRole("heading", { name: `Order ${orderNumber}` })
          .locator("..")
          .getByText("Confirmed", { exact: true }),
      ).toBeVisible();

      // Shipped without a courier and a CN: the server refuses and names the fields.
      await dialog.getByLabel("Order status").selectOption("shipped");
      await dialog.getByRole("button", { name: "Save" }).tap();
      await expect(dialog.getByRole("alert")).toHaveText("Error updating order status: Shipped needs a courier and a tracking number (CN).");
      await expect(dialog.getByText("Shipped needs the courier.")).toBeVisible();
      await expect(dialog.getByLabel("Tracking number (CN)")).toHaveAttribute("aria-invalid", "true");
      await dialog.getByLabel("Courier").fill("TCS");
      await dialog.getByLabel("Tracking number (CN)").fill("TCS-55001");
      await dialog.getByRole("button", { name: "Save" }).tap();
      await expect(dialog.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
      await expect(dialog.getByText("Courier: TCS · Tracking number (CN): TCS-55001")).toBeVisible();
      await dialog.getByRole("link", { name: "Close" }).tap();

      // The slip of that order adds up: lines, subtotal, tax, shipping, the amount to collect.
      await page.goto(`/admin/orders?q=${orderNumber}`);
      const shipped = page.getByRole("row").filter({ hasText: orderNumber });
      await expect(shipped.getByRole("cell").nth(3)).toHaveText("Shipped");
      await shipped.getByLabel(`Select order ${orderNumber}`).check();
      const [slips] = await Promise.all([
        page.context().waitForEvent("page"),
        page.getByRole("region", { name: "Ticked orders" }).getByRole("button", { name: "Print packing slips" }).tap(),
      ]);
      const slip = slips.getByRole("article", { name: `Packing slip ${orderNumber}` });
      await expect(slip.getByRole("cell", { name: /A5 Notebook Cover/ })).toBeVisible();
      await expect(slip.getByRole("row", { name: "Subtotal PKR 2,800" })).toBeVisible();
      await expect(slip.getByRole("row", { name: "Tax PKR 140" })).toBeVisible();
      await expect(slip.getByRole("row", { name: "Shipping Free" })).toBeVisible();
      await expect(slip.getByText("PKR 2,940", { exact: true })).toBeVisible();
      await slips.close();

      // The parcel comes back: recorded as Returned, its notebook back on the shelf.
      await shipped.getByLabel(`Status of order ${orderNumber}`).selectOption("returned");
      const back = shipped.getByRole("form", { name: `Return of order ${orderNumber}` });
      await expect(back.getByLabel("Put the items back into stock")).toBeChecked();
      await back.getByRole("button", { name: "Record the return" }).tap();
      await expect(shipped.getByRole("status")).toHaveText(`Order ${orderNumber} is now Returned.`);
      await expect(shipped.getByRole("cell").nth(3)).toHaveText("Returned");
      expect(await notebookStock(page)).toBe(stockBefore);
    });

    test("the likely duplicate is flagged, and Needs attention lists it", async ({ page }) => {
      await logIn(page);
      await page.goto("/admin/orders?attention=flagged");
      const twice = page.getByRole("row").filter({ hasText: "Duplicated Buyer" });
      await expect(twice).toHaveCount(2);
      for (const card of await twice.all()) await expect(card.getByRole("list", { name: "Needs attention" })).toHaveText("Likely duplicate");
      await expectNoSidewaysScroll(page, "the Needs attention list");
    });
  });

  test.describe("at 1280 px", () => {
    test.use(LAPTOP);

    test("the list is a table with the spec's columns, nothing clipped and nothing scrolling sideways", async ({ page }) => {
      await logIn(page);
      await page.goto(`/admin/orders?q=${encodeURIComponent(LONG_DOMAIN)}`);
      await expect(page.getByRole("row").filter({ hasText: LONG_FIRST })).toHaveCount(20);
      for (const column of ["Order Details", "Customer", "Items & Total", "Status", "Date", "Actions"])
        await expect(page.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
      await expectNoSidewaysScroll(page, "the orders table");
      // The table fits its frame: no column is cut off behind a scroll.
      const table = page.getByRole("table", { name: "Orders, newest first" });
      const clipped = await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth);
      expect(clipped, "the table is wider than its frame").toBeLessThanOrEqual(0);
      await expect(page.getByLabel("Filter by status")).toBeVisible();
    });
  });
});

/** Units of the A5 Notebook Cover in stock, as its product page in the back office says. */
async function notebookStock(page: Page): Promise<number> {
  await page.goto("/admin/products?q=A5%20Notebook%20Cover");
  await page.getByRole("link", { name: "View A5 Notebook Cover" }).click();
  const card = page.getByText(/^\d+ units$/);
  return Number((await card.textContent())!.replace(/\D/g, ""));
}
