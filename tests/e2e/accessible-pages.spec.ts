import { expect, test, type Page } from "@playwright/test";
import { backOfficeScreens, openAs } from "../support/back-office-walk";
import { addBeltToCart, fillCheckout, fillCreateAdmin, mailTo, signUp, signUpByMail } from "../support/e2e";
import { startOwnServer } from "../support/e2e-servers";
import { AxeWalk, settled, visitHydrated } from "../support/axe";

/*
 * Issue 36, goal 6: axe-core's WCAG 2.2 A and AA rules (tests/support/axe.ts; none disabled) find
 * nothing on any storefront or back-office page, on a 412 px phone and a 1280 px laptop, signed out
 * and as staff. The walk covers every route, and the states a person reaches on them: a cart and a
 * checkout with something in them, the confirmation of an order just placed, a tracked order, the
 * mailed links' pages, forms that said no, and the back office's windows, inline edits and questions
 * opened by address. The shop is a server of its own (the demo catalogue), so that the orders,
 * messages, subscribers, admins and deletes it needs take nothing from the other specs' shop.
 */

let shop: Awaited<ReturnType<typeof startOwnServer>> | undefined;
const PASSWORD = "Sana-Walnut-Ledger-31";

/** Addresses found in beforeAll: some hold ids or tokens. */
const at = {
  product: "",
  category: "",
  signupConfirm: "",
  resetPassword: "",
  orderNumber: "",
  orderPhone: "03001112233",
};
/** Every back-office screen, found in beforeAll. */
const screens: string[] = [];

async function placeOrder(page: Page, email: string) {
  await addBeltToCart(page);
  await visitHydrated(page, "/checkout");
  await fillCheckout(page, { firstName: "Hina", email, phone: at.orderPhone });
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  return (await page.getByText(/^ORD-\d{13}$/).textContent())!;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  shop = await startOwnServer({ ORDER_LIMITS: "200/10m address, 200/10m contact, 400/24h address items, 400/24h phone items" });
  const baseURL = shop.baseURL;
  const page = await openAs(browser, baseURL, 1280, false);

  // A product and a category, as the shop links them.
  await visitHydrated(page, "/shop?q=Formal%20Dress%20Belt");
  at.product = (await page.getByRole("link", { name: "Formal Dress Belt" }).first().getAttribute("href"))!;
  await visitHydrated(page, "/");
  at.category = (await page.locator("main a[href^='/shop/category/']").first().getAttribute("href"))!;

  // An order, a message and two subscribers for the back office; a customer for the mailed links.
  at.orderNumber = await placeOrder(page, "hina@example.pk");
  await visitHydrated(page, "/contact");
  const form = page.getByRole("form", { name: "Contact form" });
  await form.getByLabel("Name").fill("Ayesha Khan");
  await form.getByLabel("Email").fill("ayesha@example.pk");
  await form.getByLabel("Phone").fill("03001234567");
  await form.getByLabel("Subject").selectOption({ label: "Custom Order" });
  await form.getByLabel("Message").fill("Could you make a brown laptop bag with my initials?");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByText("Thank you for your message!")).toBeVisible();
  for (const email of ["staying@example.pk", "leaving@example.pk"]) {
    await visitHydrated(page, "/about");
    const footer = page.getByRole("contentinfo");
    await footer.getByLabel("Subscribe to our newsletter").fill(email);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(footer.getByText("Thank you for subscribing!")).toBeVisible();
  }
  await signUpByMail(page, baseURL, "sana@example.pk", PASSWORD);
  await page.context().clearCookies();
  await visitHydrated(page, "/forgot-password");
  await page.getByLabel("Email").fill("sana@example.pk");
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "If an account exists for that email" })).toBeVisible();
  at.resetPassword = new URL(
    /(http:\/\/\S+\/reset-password\?token=\S+)/.exec((await mailTo(baseURL, "sana@example.pk", "Reset your Chamra Leather password")).text)![1],
  ).href.replace(baseURL, "");
  await visitHydrated(page, "/signup");
  await signUp(page, { email: "nida@example.pk", password: PASSWORD, firstName: "Nida", lastName: "Aslam", phone: "3001234568" });
  await expect(page.getByRole("status").filter({ hasText: "Check your email" })).toBeVisible();
  at.signupConfirm = new URL(
    /(https?:\/\/\S+\/signup\/confirm\?token=\S+)/.exec((await mailTo(baseURL, "nida@example.pk", "Finish signing up at Chamra Leather")).text)![1],
  ).href.replace(baseURL, "");
  await page.context().close();

  // As the owner: a second admin, then something in the Trash (a subscriber and a product), deleted as staff do.
  const staff = await openAs(browser, baseURL, 1280, true);
  await visitHydrated(staff, "/admin/createadmin");
  await fillCreateAdmin(staff, {
    email: "sadia@example.pk",
    password: "staff-secret-2604",
    firstName: "Sadia",
    lastName: "Noor",
    phone: "3001234569",
  });
  await expect(staff.getByRole("status").filter({ hasText: "Signup successful! Admin profile created." })).toBeVisible();
  staff.on("dialog", (dialog) => void dialog.accept());
  await visitHydrated(staff, "/admin/managesubscriptions");
  await staff.getByRole("button", { name: "Delete subscription for leaving@example.pk", exact: true }).click();
  await expect(staff.getByText("Subscription deleted for leaving@example.pk")).toBeVisible();
  await visitHydrated(staff, "/admin/products");
  const lastView = staff.getByRole("link", { name: /^View / }).last();
  const doomed = (await lastView.getAttribute("aria-label"))!.replace(/^View /, "");
  await staff.getByRole("button", { name: `Delete ${doomed}`, exact: true }).click();
  await expect(staff.getByText("Product deleted successfully!")).toBeVisible();
  staff.removeAllListeners("dialog");

  // The addresses of the windows, inline edits and questions, as their buttons open them; the category edited is the first listed.
  await visitHydrated(staff, "/admin/categories");
  const category = (await staff
    .getByRole("button", { name: /^Edit / })
    .first()
    .getAttribute("aria-label"))!.replace(/^Edit /, "");
  const names = {
    product: "Formal Dress Belt",
    category,
    messageFrom: "Ayesha Khan",
    subscriber: "staying@example.pk",
    admin: "sadia@example.pk",
    trashed: doomed,
    order: at.orderNumber,
  };
  screens.push(...(await backOfficeScreens(staff, names, visitHydrated, { packingSlips: true })));
  await staff.context().close();
});

test.afterAll(async () => {
  await shop?.stop();
});

/** Every storefront page, and the states a shopper reaches on them, checked as they stand. */
async function walkStorefront(page: Page, walk: AxeWalk) {
  for (const path of [
    "/",
    "/shop",
    "/shop?q=belt",
    "/shop?q=no-such-thing-at-all",
    at.category,
    at.product,
    "/catalog",
    "/about",
    "/contact",
    "/track",
    "/login",
    "/signup",
    at.signupConfirm,
    "/forgot-password",
    at.resetPassword,
    "/reset-password",
    "/cart",
    "/no-such-page",
    "/product/no-such-product",
  ])
    await walk.visit(path);

  // The phone's menu, open.
  if (page.viewportSize()!.width < 768) {
    await visitHydrated(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await walk.check("/ with the menu open");
  }

  // Forms that said no.
  await visitHydrated(page, "/track");
  await page.getByLabel("Order number").fill("12345");
  await page.getByLabel("Phone number").fill("03001234567");
  await page.getByRole("button", { name: "Track Order" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await walk.check("/track refusing an order number");
  await visitHydrated(page, "/contact");
  await page.getByRole("form", { name: "Contact form" }).getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("form", { name: "Contact form" }).getByRole("alert")).toBeVisible();
  await walk.check("/contact with its fields missing");

  // A tracked order.
  await visitHydrated(page, "/track");
  await page.getByLabel("Order number").fill(at.orderNumber);
  await page.getByLabel("Phone number").fill(at.orderPhone);
  await page.getByRole("button", { name: "Track Order" }).click();
  await expect(page.getByRole("region", { name: `Order ${at.orderNumber}` })).toBeVisible();
  await walk.check("/track with an order found");

  // Something in the cart: the product page right after the add, the cart, the checkout, then the confirmation.
  await addBeltToCart(page);
  await walk.check(`${at.product} just added to the cart`);
  await walk.visit("/cart");
  await walk.visit("/checkout");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByRole("alert").first()).toBeVisible();
  await walk.check("/checkout with its fields missing");
  await fillCheckout(page, { firstName: "Hina", email: "hina@example.pk", phone: at.orderPhone });
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  await walk.check("/confirmorder after an order");
}

test("a walk reports what axe finds: an image with no text, planted on a page", async ({ browser }) => {
  const page = await openAs(browser, shop!.baseURL, 412, false);
  const walk = new AxeWalk(page);
  // Checked once as it stands, so that the second check runs on the same page, axe already in it.
  await walk.visit("/about");
  await page.evaluate(() => document.querySelector("main")!.append(Object.assign(document.createElement("img"), { src: "/favicon.ico" })));
  await walk.check("/about with an image planted");
  expect(Object.keys(walk.found)).toEqual(["/about with an image planted"]);
  expect(walk.found["/about with an image planted"].join("\n")).toMatch(/^image-alt: /);
  await page.context().close();
});

for (const width of [412, 1280]) {
  test(`at ${width} px, signed out: axe finds nothing on any storefront page`, async ({ browser }) => {
    test.setTimeout(240_000);
    const page = await openAs(browser, shop!.baseURL, width, false);
    const walk = new AxeWalk(page);
    await walkStorefront(page, walk);
    // A login that failed.
    await visitHydrated(page, "/login");
    await page.getByLabel("Email").fill("sana@example.pk");
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    await walk.check("/login refusing a password");
    walk.expectNothing(`at ${width} px, signed out`);
    await page.context().close();
  });

  test(`at ${width} px, as staff: axe finds nothing on any storefront page`, async ({ browser }) => {
    test.setTimeout(240_000);
    const page = await openAs(browser, shop!.baseURL, width, true);
    const walk = new AxeWalk(page);
    await walkStorefront(page, walk);
    // The account's menu, open (on a phone, its items are in the menu the walk opened).
    if (width >= 768) {
      await visitHydrated(page, "/");
      await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Profile" }).click();
      await settled(page);
      await walk.check("/ with the account's menu open");
    }
    walk.expectNothing(`at ${width} px, as staff on the storefront`);
    await page.context().close();
  });

  test(`at ${width} px, as a customer: axe finds nothing on any storefront page or the account's own pages`, async ({ browser }) => {
    test.setTimeout(240_000);
    const page = await openAs(browser, shop!.baseURL, width, false);
    // A customer's login lands on the shop, not the back office.
    await visitHydrated(page, "/login");
    await page.getByLabel("Email").fill("sana@example.pk");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/$/);
    const walk = new AxeWalk(page);
    await walkStorefront(page, walk);
    // The order the walk just placed, signed in, is in My orders.
    const placed = (await page.getByText(/^ORD-\d{13}$/).textContent())!;
    for (const path of ["/account", "/account/addresses", "/account/orders", `/account/orders/${placed}`]) await walk.visit(path);
    walk.expectNothing(`at ${width} px, as a customer`);
    await page.context().close();
  });

  test(`at ${width} px, as staff: axe finds nothing on any back-office screen`, async ({ browser }) => {
    test.setTimeout(240_000);
    const page = await openAs(browser, shop!.baseURL, width, true);
    const walk = new AxeWalk(page);
    for (const path of screens) await walk.visit(path);
    walk.expectNothing(`at ${width} px in the back office`);
    await page.context().close();
  });
}
