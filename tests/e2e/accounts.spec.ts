import { expect, test } from "@playwright/test";
import { expectSignedOut, mailTo, OWNER, signUp, signUpByMail } from "../support/e2e";

/** A customer password the shop's rule takes (8 characters or more, not a common one). */
const PASSWORD = "Sana-Walnut-Ledger-31";
const unique = () => `shopper-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.pk`;

test.describe("accounts", () => {
  test("signup mails a link that makes a customer, who logs in; logout signs out", async ({ page, baseURL }) => {
    const email = unique();
    await signUpByMail(page, baseURL!, email, PASSWORD);
    await page.getByRole("navigation", { name: "Main" }).locator("summary", { hasText: "" }).first().click();
    await expect(page.getByRole("navigation", { name: "Main" }).getByText("Signed in as")).toBeVisible();
    await expect(page.getByRole("link", { name: "Admin Panel" })).toHaveCount(0);
    await page.getByRole("button", { name: "Log out" }).click();
    await expectSignedOut(page);
  });

  test("signup shows the exact messages (docs/product.md) and keeps what was typed", async ({ page }) => {
    await page.goto("/signup");
    await expect(page.getByText("min 8 chars")).toBeVisible();
    await expect(page.getByLabel("Country code")).toHaveValue("+92");
    await page.getByLabel("Email").fill("someone@example.pk");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please fill out all required fields.");
    await expect(page.getByLabel("Email")).toHaveValue("someone@example.pk");
  });

  test("signup refuses a short password in the browser and a common one on the server, keeping what was typed", async ({ page }) => {
    const email = unique();
    await page.goto("/signup");
    await signUp(page, { email, password: "1234567" });
    await expect(page.getByRole("alert")).toHaveText("Password must be at least 8 characters.");
    await page.getByLabel("Password").fill("password1");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByRole("alert")).toHaveText("Failed to create an account. This password is too common. Please choose another.");
    await expect(page.getByLabel("Email")).toHaveValue(email);
  });

  test("signing up with an e-mail that has an account answers as for a new one; the owner gets a mail", async ({ page, baseURL }) => {
    const email = unique();
    await signUpByMail(page, baseURL!, email, PASSWORD);
    // Signed in, the bar's profile button opens the account's menu.
    await page.getByRole("button", { name: "Profile" }).click();
    await page.getByRole("button", { name: "Log out" }).click();
    await expectSignedOut(page);
    await page.goto("/signup");
    await signUp(page, { email: email.toUpperCase(), password: "Other-Saddle-Thread-58" });
    await expect(page.getByRole("status").filter({ hasText: "Check your email" })).toHaveText(
      `Check your email: we have sent a message to ${email.toUpperCase()} to finish signing up. Its link works once, for 24 hours.`,
    );
    await expect(page.getByRole("alert")).toHaveCount(0);
    const notice = await mailTo(baseURL!, email, "Signing up at Chamra Leather");
    expect(notice.text).toContain(`${new URL(baseURL!).origin}/forgot-password`);
    // Nothing changed: the owner's password still opens the account, the newcomer's does not.
    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("Other-Saddle-Thread-58");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("alert")).toHaveText("Failed to log in. Invalid email or password.");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a role sent with the signup form is ignored", async ({ page, baseURL }) => {
    const email = unique();
    await page.goto("/signup");
    const response = await page.request.post("/signup", {
      headers: { Origin: new URL(page.url()).origin },
      form: { email, password: PASSWORD, firstName: "Eve", lastName: "X", gender: "other", role: "main-admin", numberCode: "+92", number: "" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(200);
    const mail = await mailTo(baseURL!, email, "Finish signing up at Chamra Leather");
    await page.goto(/(https?:\/\/\S+\/signup\/confirm\?token=\S+)/.exec(mail.text)![1]);
    await page.getByRole("button", { name: "Create my account" }).click();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/$/);
    // The new account is a customer: the back office sends it home.
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/$/);
  });

  test("login: wrong password fails with the exact text (docs/product.md); the owner lands on /admin", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill("owner@example.pk");
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("alert")).toHaveText("Failed to log in. Invalid email or password.");
    await expect(page.getByLabel("Email")).toHaveValue("owner@example.pk");
    await page.getByLabel("Password").fill(OWNER.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await expect(page.getByText("Admin Panel", { exact: true }).filter({ visible: true })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Login successful!" })).toHaveCount(0);
  });

  test("login needs both fields", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please fill out all required fields.");
    // The link to signing up says so; the one back says Log in.
    await page.getByRole("link", { name: "Sign up" }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await page.getByRole("link", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a customer logging in lands on the home page", async ({ page, baseURL }) => {
    const email = unique();
    await signUpByMail(page, baseURL!, email, PASSWORD);
    await page.getByRole("navigation", { name: "Main" }).locator("summary").first().click();
    await page.getByRole("button", { name: "Log out" }).click();
    await expectSignedOut(page);
    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/$/);
    const welcome = page.getByRole("status").filter({ hasText: "Login successful!" });
    await expect(welcome).toBeVisible();
    // Below the page header, never over it; in the look of a success.
    const header = await page.getByRole("banner").boundingBox();
    const toast = await welcome.locator("[data-kind]").boundingBox();
    expect(toast!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    await expect(welcome.locator("[data-kind]")).toHaveAttribute("data-kind", "success");
    await welcome.getByRole("button", { name: "Dismiss message" }).click();
    await expect(page.getByText("Login successful!")).toHaveCount(0);
  });
});

test.describe("the back office guard", () => {
  test("anonymous visitors to /admin go to /login", async ({ page }) => {
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/admin/orders");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("signed-in customers visiting /admin go to /", async ({ page, baseURL }) => {
    await signUpByMail(page, baseURL!, unique(), PASSWORD);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/$/);
  });

  test("a cross-site form post is refused", async ({ request }) => {
    const response = await request.post("/login", {
      headers: { Origin: "https://evil.example" },
      form: { email: OWNER.email, password: OWNER.password },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
  });
});
