import { expect, test, type Page } from "@playwright/test";
import { addPouchToCart, fillCheckout, mailTo, signUpByMail, storedCart } from "../support/e2e";

/*
 * A returning customer's account (docs/decisions/0057): sign up and log in, keep a profile and a
 * default address, find checkout filled in, see the order in My orders, open it and reorder it.
 * Once on a 412 px phone (@mobile, Pixel 7) and once on a laptop.
 */

const PASSWORD = "Sana-Walnut-Ledger-31";
const unique = (what: string) => `${what}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.pk`;
/** A mobile number of its own (the shop takes 5 orders per number in 10 minutes). */
const phoneDigits = () => `3${String(Date.now() % 1_000_000_000).padStart(9, "0")}`;

/** Opens one of the account's pages from the bar: the profile menu on a laptop, the menu on a phone. */
async function openFromBar(page: Page, name: "My orders" | "My account", phone: boolean) {
  const bar = page.getByRole("navigation", { name: "Main" });
  if (phone) {
    await bar.getByRole("button", { name: "Open menu" }).click();
    // The phone's panel (aria-controls of "Open menu").
    await page.locator("#mobile-menu").getByRole("link", { name, exact: true }).click();
  } else {
    await bar.getByRole("button", { name: "Profile" }).click();
    await bar.getByRole("link", { name, exact: true }).click();
  }
}

async function returningCustomer(page: Page, baseURL: string, phone: boolean) {
  const email = unique("returning");
  const digits = phoneDigits();
  await signUpByMail(page, baseURL, email, PASSWORD);

  // The profile: a name and a phone.
  await openFromBar(page, "My account", phone);
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await page.getByLabel("Last name").fill("Qureshi");
  await page.getByLabel("Phone", { exact: true }).fill(digits);
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your details have been saved." })).toBeVisible();
  await expect(page.getByLabel("Last name")).toHaveValue("Qureshi");

  // A default address.
  await page.getByRole("navigation", { name: "Your account" }).getByRole("link", { name: "Addresses" }).click();
  await page.getByLabel("Street address").fill("House 3, Street 9, F-7/2");
  await page.getByLabel("City").fill("Islamabad");
  await page.getByLabel("State/Province").fill("ICT");
  await page.getByLabel("ZIP code").fill("44000");
  await page.getByLabel("Landmark").fill("Near Jinnah Super");
  await expect(page.getByLabel("Make this my default address")).toBeChecked();
  await page.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Address saved." })).toBeVisible();
  await expect(page.getByRole("list", { name: "Saved addresses" }).getByText("Default address")).toBeVisible();

  // Checkout is filled in: nothing to type but Place Order.
  await addPouchToCart(page);
  await page.goto("/checkout");
  await expect(page.getByLabel("First name")).toHaveValue("Sana");
  await expect(page.getByLabel("Last name")).toHaveValue("Qureshi");
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByRole("textbox", { name: "Phone", exact: true })).toHaveValue(`0${digits}`);
  await expect(page.getByLabel("Street address")).toHaveValue("House 3, Street 9, F-7/2");
  await expect(page.getByLabel("City")).toHaveValue("Islamabad");
  await expect(page.getByLabel("Landmark")).toHaveValue("Near Jinnah Super");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  const orderNumber = (await page.getByText(/^ORD-\d{13}$/).textContent())!;
  // Signed in, the confirmation offers no second account.
  await expect(page.getByRole("heading", { name: "Save my details" })).toHaveCount(0);

  // My orders lists it, with its status and history; its page has the rest.
  await openFromBar(page, "My orders", phone);
  await expect(page.getByRole("heading", { level: 1, name: "My orders" })).toBeVisible();
  const listed = page.getByRole("article", { name: `Order ${orderNumber}` });
  await expect(listed.getByText("Confirmed", { exact: true }).first()).toBeVisible();
  await expect(listed.getByRole("list", { name: `History of order ${orderNumber}` }).getByRole("listitem")).toHaveCount(1);
  await listed.getByRole("link", { name: `Order ${orderNumber}` }).click();
  await expect(page).toHaveURL(new RegExp(`/account/orders/${orderNumber}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
  await expect(page.getByRole("list", { name: "Items ordered" }).getByRole("listitem")).toHaveText([/^1 × Coin Pouch/]);
  await expect(page.getByRole("region", { name: "Delivery address" }).getByText("House 3, Street 9, F-7/2")).toBeVisible();
  // Personal pages: no cache keeps them, the browser's included.
  expect((await page.request.get(`/account/orders/${orderNumber}`)).headers()["cache-control"]).toBe("private, no-store");

  // Reorder: the same pouch back in the emptied cart, at today's price. The bar says 0 items
  // before the page's scripts have read the cart too: the cart as the browser keeps it is read here.
  await expect.poll(() => storedCart(page), { message: "the cart the order emptied, as the browser keeps it" }).toEqual([]);
  await expect(page.getByRole("link", { name: "Cart, 0 items" })).toBeAttached();
  await page.getByRole("button", { name: "Reorder" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Everything from this order is in your cart, at the same prices." })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Cart, 1 item/ })).toBeAttached();
  await page.getByRole("link", { name: "Go to your cart" }).click();
  await expect(page.getByRole("listitem", { name: "Coin Pouch" })).toBeVisible();

  // The page fits the phone: nothing scrolls sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);

  // Sign out of all devices: this one too, and the account's pages are closed to this browser.
  await page.goto("/account");
  await page.getByRole("button", { name: "Sign out of all devices" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/account/orders");
  await expect(page).toHaveURL(/\/login$/);
}

test.describe("a returning customer's account", () => {
  test("@mobile on a phone: profile, default address, checkout filled in, My orders, the order's page, reorder", async ({ page, baseURL }) => {
    await returningCustomer(page, baseURL!, true);
  });

  test("on a laptop: profile, default address, checkout filled in, My orders, the order's page, reorder", async ({ page, baseURL }) => {
    await returningCustomer(page, baseURL!, false);
  });

  test("nobody signed in is sent to /login from My orders and from an order's page", async ({ page }) => {
    await page.goto("/account/orders");
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/account/orders/ORD-1763900000000");
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/account");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("after a guest order, Save my details mails a link; the account it makes lists the order", async ({ page, baseURL }) => {
    const email = unique("guest");
    await addPouchToCart(page);
    await page.goto("/checkout");
    await fillCheckout(page, { firstName: "Hina", lastName: "Javed", email, phone: `0${phoneDigits()}`, streetAddress: "5 Canal Bank" });
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
    const orderNumber = (await page.getByText(/^ORD-\d{13}$/).textContent())!;

    const save = page.getByRole("region", { name: "Save my details" });
    await save.getByLabel("Password").fill(PASSWORD);
    await save.getByRole("button", { name: "Save my details" }).click();
    await expect(save.getByRole("status")).toHaveText(
      `Check your email: we have sent a message to ${email} to finish signing up. Its link works once, for 24 hours.`,
    );
    const mail = await mailTo(baseURL!, email, "Finish signing up at Chamra Leather");
    await page.goto(/(https?:\/\/\S+\/signup\/confirm\?token=\S+)/.exec(mail.text)![1]);
    await page.getByRole("button", { name: "Create my account" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/account/orders");
    await expect(page.getByRole("article", { name: `Order ${orderNumber}` })).toBeVisible();
    await page.goto("/account/addresses");
    await expect(page.getByRole("list", { name: "Saved addresses" }).getByText("5 Canal Bank")).toBeVisible();
  });
});
