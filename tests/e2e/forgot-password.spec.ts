import { expect, test, type Browser, type Page } from "@playwright/test";
import { mailTo, signUpByMail } from "../support/e2e";

/*
 * Getting back in (docs/product.md "Forgot password"): from /login to a mailed link, a new
 * password, and every old session ended. The link is read from the mail the test server writes.
 */
const OLD = "Sana-Walnut-Ledger-31";
const NEW = "Indigo-Buckle-Harbour-77";
const unique = () => `forgot-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.pk`;

async function signUp(page: Page, baseURL: string, email: string) {
  await signUpByMail(page, baseURL, email, OLD);
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

async function getBackIn(browser: Browser, page: Page, baseURL: string) {
  const email = unique();
  // Signed up and still signed in on another device.
  const elsewhere = await browser.newContext({ baseURL });
  const other = await elsewhere.newPage();
  try {
    await signUp(other, baseURL, email);
    await other.goto("/admin");
    await expect(other).toHaveURL(/\/$/);

    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole("heading", { name: "Forgot password" })).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send me a link" }).click();
    await expect(page.getByRole("status").filter({ hasText: "If an account exists for that email" })).toHaveText(
      "If an account exists for that email, we have sent it a link to set a new password. The link works once, for 1 hour.",
    );

    const mail = await mailTo(baseURL, email, "Reset your Chamra Leather password");
    const link = /(http:\/\/\S+\/reset-password\?token=\S+)/.exec(mail.text)![1];
    expect(new URL(link).origin).toBe(new URL(baseURL).origin);

    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Set your password" })).toBeVisible();
    await expect(page.getByText("min 8 chars")).toBeVisible();
    await page.getByLabel("New password").fill("short");
    await page.getByRole("button", { name: "Set password" }).click();
    await expect(page.getByRole("alert")).toHaveText("Password must be at least 8 characters.");
    await page.getByLabel("New password").fill(NEW);
    await page.getByRole("button", { name: "Set password" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("status").filter({ hasText: "Your password has been set." })).toContainText(
      "Your password has been set. Please log in with your new password.",
    );

    await logIn(page, email, OLD);
    await expect(page.getByRole("alert")).toHaveText("Failed to log in. Invalid email or password.");
    await logIn(page, email, NEW);
    await expect(page).toHaveURL(/\/$/);

    // The link works once.
    await page.goto(link);
    await expect(page.getByRole("alert")).toHaveText("This link is not valid or has already been used. Please ask for a new one.");
    await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/forgot-password");

    // The other device's session has ended: the back office sends it to /login (a signed-in customer goes home).
    await other.goto("/admin");
    await expect(other).toHaveURL(/\/login$/);
  } finally {
    await elsewhere.close();
  }
}

test("forgot password: a mailed link sets a new password, the old one is refused, old sessions end", async ({ browser, page, baseURL }) => {
  await getBackIn(browser, page, baseURL!);
});

test("forgot password on a phone @mobile", async ({ browser, page, baseURL }) => {
  await getBackIn(browser, page, baseURL!);
});
