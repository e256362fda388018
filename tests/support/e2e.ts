import { expect, test as base, type Page } from "@playwright/test";

/** The main admin the browser-test server creates (scripts/e2e-server.mjs). */
export const OWNER = { email: "owner@example.pk", password: "Owner-Stitch-Ledger-2604" } as const;

/** Logs a staff member in through the login form; staff land on the back office. */
export async function logIn(page: Page, email: string = OWNER.email, password: string = OWNER.password, base = "") {
  await page.goto(`${base}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

let phones = 0;
/**
 * A mobile number of its own for each order a test places (the shop takes 5 orders per phone
 * number in 10 minutes), unless the test names one.
 */
function nextPhone(): string {
  return `0333${String((Date.now() + phones++) % 10_000_000).padStart(7, "0")}`;
}

/**
 * Puts one Formal Dress Belt in the cart from its product page: the size asked for, else the first
 * size still in stock (many tests buy from one demo catalogue).
 */
export async function addBeltToCart(page: Page, size?: string) {
  await page.goto("/shop?q=Formal%20Dress%20Belt");
  await page.getByRole("link", { name: "Formal Dress Belt" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Formal Dress Belt" })).toBeVisible();
  const sizes = page.getByRole("group", { name: /^Size/ });
  await (size ? sizes.getByRole("button", { name: size, exact: true }) : sizes.getByRole("button", { disabled: false }).first()).click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("link", { name: /^Cart, 1 item/ })).toBeVisible();
}

export interface Customer {
  firstName?: string;
  email?: string;
  /** A number of its own for each order unless given (see nextPhone). */
  phone?: string;
}

/** Fills in the checkout form with a valid Lahore address. */
export async function fillCheckout(page: Page, customer: Customer = {}) {
  await page.getByLabel("First name").fill(customer.firstName ?? "Ayesha");
  await page.getByLabel("Last name").fill("Khan");
  await page.getByLabel("Email").fill(customer.email ?? "ayesha@example.pk");
  await page.getByRole("textbox", { name: "Phone", exact: true }).fill(customer.phone ?? nextPhone());
  await page.getByLabel("Street address").fill("12 Mall Road");
  await page.getByLabel("City").fill("Lahore");
  await page.getByLabel("State/Province").fill("Punjab");
  await page.getByLabel("ZIP code").fill("54000");
}

/** The shopper's way to an order: one Formal Dress Belt, cart, checkout, confirmation. Answers the order number. */
export async function buyBelt(page: Page, customer: { firstName: string; email: string; phone?: string }, size?: string) {
  await addBeltToCart(page, size);
  await page.goto("/checkout");
  await fillCheckout(page, customer);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  return (await page.getByText(/^ORD-\d{13}$/).textContent())!;
}

/**
 * The shop's tests, with a second person at hand: `shopper` is a page in a browser of its own (no
 * cookies or cart shared with `page`), closed after the test whatever its outcome.
 */
export const test = base.extend<{ shopper: Page }>({
  shopper: async ({ browser }, use) => {
    const context = await browser.newContext();
    try {
      await use(await context.newPage());
    } finally {
      await context.close();
    }
  },
});
