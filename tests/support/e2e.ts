import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, test as base, type Browser, type BrowserContext, type Page } from "@playwright/test";
import type { CartLine } from "~/modules/cart/cart-line";
import { TEST_CUSTOMER, type TestCustomer } from "./test-customer";

/** The contact form's subjects, in the order docs/product.md lists them (the form and the back office's filter). */
export const CONTACT_SUBJECTS = ["Product Inquiry", "Order Support", "Wholesale", "Custom Order", "Complaint", "Other"];

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

/**
 * Signed out, the bar's Profile is a button to the login page (the spec's "profile button"); signed
 * in, the button of the same name opens the account's menu instead.
 */
export async function expectSignedOut(page: Page) {
  await expect(page.getByRole("navigation", { name: "Main" }).getByText("Signed in as")).toHaveCount(0);
  await page.getByRole("button", { name: "Profile" }).click();
  await expect(page).toHaveURL(/\/login$/);
}

let phones = 0;
/**
 * A mobile number of its own for each order a test places (the shop takes 5 orders per phone
 * number in 10 minutes), unless the test names one.
 */
function nextPhone(): string {
  return `0333${String((Date.now() + phones++) % 10_000_000).padStart(7, "0")}`;
}

/** The cart as the page keeps it in the browser's storage (`shoppingCart`): no lines when it keeps none. */
export async function storedCart(page: Page): Promise<CartLine[]> {
  return JSON.parse((await page.evaluate(() => localStorage.getItem("shoppingCart"))) ?? "[]") as CartLine[];
}

/**
 * Puts one Coin Pouch in the cart from its product page, as a shopper does (its cookie and the
 * browser's storage). The pouch comes in one size with 30 in stock: the product page's tests count
 * on the belts' sizes, and may run after.
 */
export async function addPouchToCart(page: Page) {
  await page.goto("/shop?q=Coin%20Pouch");
  await page.getByRole("link", { name: "Coin Pouch" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Coin Pouch" })).toBeVisible();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("link", { name: /^Cart, 1 item/ })).toBeVisible();
}

/** A second browser with this page's cookies, storage and size, its scripts on or off. */
export async function sameBrowser(browser: Browser, page: Page, { scripts }: { scripts: boolean }): Promise<BrowserContext> {
  return browser.newContext({
    storageState: await page.context().storageState(),
    javaScriptEnabled: scripts,
    viewport: page.viewportSize() ?? undefined,
  });
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

/** The back office's list screens, each with a table that may be wider than a phone. */
export const ADMIN_LISTS = [
  "/admin/orders",
  "/admin/contactsubmissions",
  "/admin/products",
  "/admin/categories",
  "/admin/managesubscriptions",
  "/admin/adminlist",
] as const;

/**
 * Opens each page and checks that it is no wider than the window: whatever is wider (a table)
 * scrolls within its own frame, and the page itself never scrolls sideways.
 */
export async function expectNoSidewaysScroll(page: Page, paths: readonly string[]) {
  const { width } = page.viewportSize()!;
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${path} at ${width} px scrolls sideways`).toBe(0);
  }
}

/**
 * Fills in the checkout form by label, as a shopper types it: the test customer (a valid Lahore
 * address) with `customer`'s fields over it; a phone number of its own unless given (see nextPhone).
 */
export async function fillCheckout(page: Page, customer: Partial<TestCustomer> = {}) {
  const typed = { ...TEST_CUSTOMER, ...customer, phone: customer.phone ?? nextPhone() };
  await page.getByLabel("First name").fill(typed.firstName);
  await page.getByLabel("Last name").fill(typed.lastName);
  await page.getByLabel("Email").fill(typed.email);
  await page.getByRole("textbox", { name: "Phone", exact: true }).fill(typed.phone);
  await page.getByLabel("Street address").fill(typed.streetAddress);
  await page.getByLabel("City").fill(typed.city);
  await page.getByLabel("State/Province").fill(typed.state);
  await page.getByLabel("ZIP code").fill(typed.zipCode);
}

/** The shopper's way to an order: one Formal Dress Belt, cart, checkout, confirmation. Answers the order number. */
export async function buyBelt(page: Page, customer: Partial<TestCustomer>, size?: string) {
  await addBeltToCart(page, size);
  await page.goto("/checkout");
  await fillCheckout(page, customer);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  return (await page.getByText(/^ORD-\d{13}$/).textContent())!;
}

/** Who signs up: the e-mail and password a test uses afterwards; the rest is Sana Malik's unless given. */
interface SignUpDetails {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  /** The digits after the form's +92. */
  phone?: string;
}

/** Fills in the signup form that is open, by label, and presses Sign up, as a shopper does. */
export async function signUp(page: Page, { email, password, firstName = "Sana", lastName = "Malik", phone = "3001234567" }: SignUpDetails) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Last name").fill(lastName);
  await page.getByLabel("Gender").selectOption("female");
  await page.getByLabel("Phone number").fill(phone);
  await page.getByRole("button", { name: "Sign up" }).click();
}

/** A member of staff as the owner makes one; the phone is the number after the form's +92. */
interface StaffDetails {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role?: "admin" | "main-admin";
  phone?: string;
}

/** Fills in the Create Admin form that is open, by label, and presses Create Account, as the owner does. */
export async function fillCreateAdmin(page: Page, { email, password, firstName, lastName, role = "admin", phone = "3001234567" }: StaffDetails) {
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Last name").fill(lastName);
  await page.getByLabel("Gender").selectOption("female");
  await page.getByLabel("Role").selectOption(role);
  await page.getByLabel("Phone number").fill(phone);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
}

/**
 * A new customer the spec's way (docs/product.md "Accounts"): the signup form, the link the shop
 * mails, its "Create my account", then logging in on /login; ends signed in, on the home page.
 */
export async function signUpByMail(page: Page, baseURL: string, email: string, password: string) {
  await page.goto("/signup");
  await signUp(page, { email, password });
  await expect(page.getByRole("status").filter({ hasText: "Check your email" })).toHaveText(
    `Check your email: we have sent a message to ${email} to finish signing up. Its link works once, for 24 hours.`,
  );
  const mail = await mailTo(baseURL, email, "Finish signing up at Chamra Leather");
  await page.goto(/(https?:\/\/\S+\/signup\/confirm\?token=\S+)/.exec(mail.text)![1]);
  await expect(page.getByRole("heading", { name: "Finish signing up" })).toBeVisible();
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("status").filter({ hasText: "Signup successful! Profile created." })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * The plain-text body of an .eml file as nodemailer writes it (7bit, quoted-printable or base64);
 * of a mail with text and HTML (multipart/alternative), its text part.
 */
function plainBody(eml: string): string {
  const split = eml.indexOf("\n\n");
  const head = eml.slice(0, split);
  const body = eml.slice(split + 2);
  const boundary = /^Content-Type:\s*multipart\/[^\n]*(?:\n[ \t][^\n]*)*?boundary="?([^";\n]+)"?/im.exec(head)?.[1];
  if (boundary) {
    const parts = body.split(`--${boundary}`).map((part) => part.replace(/^\n/, ""));
    const text = parts.find((part) => /^Content-Type:\s*text\/plain/im.test(part.slice(0, part.indexOf("\n\n"))));
    if (text) return plainBody(text);
  }
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(head)?.[1]?.toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

/**
 * The newest mail the browser-test server wrote for `to` (scripts/e2e-server.mjs runs without
 * SMTP_URL, so its outbox worker writes each mail as an .eml file under its data folder), waiting
 * for the worker to deliver it. `baseURL` names the server. Answers the subject and the plain text.
 */
export async function mailTo(baseURL: string, to: string, subject: string): Promise<{ subject: string; text: string }> {
  const port = new URL(baseURL).port;
  const dir = path.join((await fs.readFile(path.join(os.tmpdir(), `shop-e2e-data-${port}`), "utf8")).trim(), "outbox");
  let found: { subject: string; text: string } | undefined;
  await expect
    .poll(
      async () => {
        const files = (await fs.readdir(dir).catch(() => [] as string[]))
          .filter((f) => f.endsWith(".eml"))
          .sort()
          .reverse();
        for (const file of files) {
          const eml = (await fs.readFile(path.join(dir, file), "utf8")).replace(/\r\n/g, "\n");
          const head = eml.slice(0, eml.indexOf("\n\n"));
          if (!new RegExp(`^To:.*<?${to.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}>?\\s*$`, "im").test(head)) continue;
          if (!new RegExp(`^Subject: ${subject}$`, "m").test(head)) continue;
          found = { subject, text: plainBody(eml) };
          return true;
        }
        return false;
      },
      { message: `a mail to ${to}: ${subject}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
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

/** Keeps the page's scripts from arriving, as on a slow network, until the function returned is called. */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}
