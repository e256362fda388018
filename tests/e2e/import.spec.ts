import { expect, test, type Page } from "@playwright/test";
import { mailTo } from "../support/e2e";

/*
 * A shop moved over from the original in one command: this spec's server started on a data folder
 * that `npm run import -- tests/fixtures/original-export.json` filled (playwright.config.ts, the
 * "import" project). The catalogue, orders, messages and subscribers are there, and an imported
 * customer gets back in through "Forgot password?".
 */
const PASSWORD = "Saffron-Satchel-Lahore-88";
const STAFF_PASSWORD = "Walnut-Ledger-Karachi-2604";

test("the imported catalogue is the shop's: categories, products and their prices", async ({ page }) => {
  await page.goto("/shop");
  for (const name of ["Classic Bifold Wallet", "Leather Tote Bag", "Reversible Dress Belt", "Penny Loafers"]) {
    await expect(page.getByRole("link", { name }).first()).toBeVisible();
  }
  // A product whose every variant was broken was not imported.
  await expect(page.getByText("Card Holder (all variants broken)")).toHaveCount(0);
  await page.getByRole("link", { name: "Classic Bifold Wallet" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Classic Bifold Wallet" })).toBeVisible();
  await expect(page.getByText(/PKR 2,990\.00/).first()).toBeVisible();
});

async function getBackIn(page: Page, baseURL: string, typed: string, password: string, landing: RegExp) {
  const email = typed.toLowerCase();
  // Imported without a password: nothing the original knew lets them in.
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Failed to log in. Invalid email or password.");

  await page.getByRole("link", { name: "Forgot password?" }).click();
  // The login page has an Email field too: wait for the other page before typing.
  await expect(page.getByRole("heading", { name: "Forgot password" })).toBeVisible();
  await page.getByLabel("Email").fill(typed);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "If an account exists for that email" })).toBeVisible();
  const mail = await mailTo(baseURL, email, "Reset your Chamra Leather password");
  const link = /(http:\/\/\S+\/reset-password\?token=\S+)/.exec(mail.text)![1];

  await page.goto(link);
  await page.getByLabel("New password").fill(password);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your password has been set." })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(landing);
}

// The original's main admin is the shop's: ADMIN_EMAIL adds no second one to a shop that has one.
test("an imported main admin gets back in and finds the orders, messages and subscribers", async ({ page, baseURL }) => {
  await getBackIn(page, baseURL!, "sana@example.pk", STAFF_PASSWORD, /\/admin$/);
  await page.goto("/admin/orders");
  await expect(page.getByText("ORD-1717232400000").first()).toBeVisible();
  await expect(page.getByText("ORD-1717318800000").first()).toBeVisible();
  await page.goto("/admin/contactsubmissions");
  await expect(page.getByText("Fatima Noor").first()).toBeVisible();
  await expect(page.getByText("Do you make the tote in navy?").first()).toBeVisible();
  await page.goto("/admin/managesubscriptions");
  await expect(page.getByText("reader.two@example.pk").first()).toBeVisible();
  await page.goto("/admin/adminlist");
  await expect(page.getByText("bilal@example.pk").first()).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });

  test("an imported customer sets a password from the mailed link and signs in", async ({ page, baseURL }) => {
    await getBackIn(page, baseURL!, "Ayesha.Khan@example.pk", PASSWORD, /\/$/);
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.locator("#mobile-menu").getByText(/Signed in as/)).toContainText("Ayesha");
  });
});
