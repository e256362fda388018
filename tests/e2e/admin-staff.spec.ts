import { settled } from "../support/axe";
import { expect, test, type Page } from "@playwright/test";
import { fillCreateAdmin, logIn } from "../support/e2e";

const deleteSubscriptionQuestion = (email: string) =>
  `Delete the subscription for ${email}? It goes to the Trash for 30 days, where a Main Admin can restore it.`;
const unique = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.pk`;

/** Subscribes through the footer form, once the page's scripts have taken it over. */
async function subscribe(page: Page, email: string) {
  await page.goto("/");
  await settled(page);
  const footer = page.getByRole("contentinfo");
  await footer.getByLabel("Subscribe to our newsletter").fill(email);
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(footer.getByText("Thank you for subscribing!")).toBeVisible();
}

/** Errors the page logs (a hydration mismatch, a crash), to assert there are none. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

/** Holds back the page's data reloads (not form posts) a little, so the loading state can be seen. */
async function slowDataReloads(page: Page, path: string) {
  await page.route(`**${path}.data*`, async (route) => {
    if (route.request().method() === "GET") await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
}

async function createAdmin(
  page: Page,
  input: { email: string; password: string; firstName: string; lastName: string; role?: "admin" | "main-admin" },
) {
  await page.goto("/admin/createadmin");
  await expect(page.getByRole("heading", { name: "Create Admin" })).toBeVisible();
  await fillCreateAdmin(page, input);
}

test.describe("subscribers in the back office", () => {
  test("the owner deletes a subscriber who signed up in the footer", async ({ page }) => {
    const errors = pageErrors(page);
    const email = unique("leaving");
    await subscribe(page, email);
    await logIn(page);
    await page.getByRole("navigation", { name: "Admin" }).filter({ visible: true }).getByRole("link", { name: "Manage Subscriptions" }).click();
    await expect(page.getByRole("heading", { name: "Newsletter Subscriptions" })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: email });
    await expect(row).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Subscribed At" })).toBeVisible();
    await slowDataReloads(page, "/admin/managesubscriptions");
    // It asks first, as every delete of the back office does (docs/decisions/0055).
    page.once("dialog", (asked) => {
      expect([asked.type(), asked.message()]).toEqual(["confirm", deleteSubscriptionQuestion(email)]);
      void asked.accept();
    });
    await row.getByRole("button", { name: `Delete subscription for ${email}` }).click();
    await expect(page.getByText("Loading subscribers...")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: `Subscription deleted for ${email}` })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("without JavaScript a subscriber's delete asks in the page first, and Cancel keeps the subscription", async ({ page, browser }) => {
    const email = unique("asked");
    await subscribe(page, email);
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const plain = await context.newPage();
      await logIn(plain);
      await plain.goto("/admin/managesubscriptions");
      await plain.getByRole("button", { name: `Delete subscription for ${email}` }).click();
      const question = plain.getByRole("alertdialog", { name: `Delete ${email}?` });
      await expect(question).toContainText(deleteSubscriptionQuestion(email));
      await question.getByRole("button", { name: "Cancel" }).click();
      await expect(plain.getByRole("alertdialog")).toHaveCount(0);
      await expect(plain.getByRole("row").filter({ hasText: email })).toBeVisible();

      await plain.getByRole("button", { name: `Delete subscription for ${email}` }).click();
      await plain.getByRole("alertdialog").getByRole("button", { name: "Delete Subscription" }).click();
      await expect(plain.getByRole("status").filter({ hasText: `Subscription deleted for ${email}` })).toBeVisible();
      await expect(plain.getByRole("row").filter({ hasText: email })).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test("the list downloads as CSV", async ({ page }) => {
    const email = unique("csv");
    await subscribe(page, email);
    await logIn(page);
    await page.goto("/admin/managesubscriptions");
    const downloaded = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download CSV" }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    expect(text).toContain('"Email","Subscribed At (PKT)"');
    expect(text).toContain(`"${email}"`);
  });
});

test.describe("admin accounts", () => {
  test("the owner creates an admin, who can sign in but not open the main-admin screens", async ({ page, browser }) => {
    const email = unique("new-admin");
    await logIn(page);
    await page.goto("/admin/createadmin");
    await expect(page.getByText("min 12 chars")).toBeVisible();
    await expect(page.getByLabel("Country code")).toHaveValue("+92");

    // The exact messages (docs/product.md) before anything is created.
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please fill out all required fields.");

    await createAdmin(page, { email, password: "staff-secret", firstName: "Sadia", lastName: "Noor" });
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("status").filter({ hasText: "Signup successful! Admin profile created." })).toBeVisible();
    // The owner is still signed in as the owner.
    await page.goto("/admin/adminlist");
    await expect(page.getByRole("heading", { name: "Admin Management" })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Sadia Noor");
    await expect(page.getByText("owner@example.pk").first()).toBeVisible();

    // The same e-mail again is refused.
    await createAdmin(page, { email: email.toUpperCase(), password: "other-secret", firstName: "Copy", lastName: "Cat" });
    await expect(page.getByRole("alert")).toHaveText("Failed to create an account. An account with this email already exists.");
    await expect(page.getByLabel("First name")).toHaveValue("Copy");

    // The new admin signs in elsewhere and is turned away from the main-admin screens.
    const context = await browser.newContext();
    const staff = await context.newPage();
    await logIn(staff, email, "staff-secret");
    await staff.goto("/admin/createadmin");
    await expect(staff.getByText("Access denied. Only Main Admins can create admin accounts.")).toBeVisible();
    await expect(staff.getByRole("button", { name: "Create Account" })).toHaveCount(0);
    await staff.goto("/admin/adminlist");
    await expect(staff.getByText("Access denied. Only Main Admins can manage admin accounts.")).toBeVisible();
    await expect(staff.getByRole("table")).toHaveCount(0);
    // The same from the side menu (a navigation inside the page, not a fresh load).
    await staff.getByRole("navigation", { name: "Admin" }).filter({ visible: true }).getByRole("link", { name: "Create Admin" }).click();
    await expect(staff.getByText("Access denied. Only Main Admins can create admin accounts.")).toBeVisible();
    await context.close();
  });

  test("the owner edits an admin's name in Admin List", async ({ page }) => {
    const errors = pageErrors(page);
    const email = unique("rename");
    await logIn(page);
    await createAdmin(page, { email, password: "staff-secret", firstName: "Bilal", lastName: "Ahmed" });
    await expect(page).toHaveURL(/\/$/);

    await page.goto("/admin/adminlist");
    await page.getByRole("button", { name: `Edit ${email}` }).click();
    const row = page.getByRole("row").filter({ has: page.getByRole("button", { name: "Save" }) });
    await expect(row).toContainText(email);
    await expect(row.getByLabel("Email")).toHaveCount(0);
    await row.getByLabel("First name").fill("Bilal");
    await row.getByLabel("Last name").fill("Chaudhry");
    await slowDataReloads(page, "/admin/adminlist");
    await row.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Loading admins...")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Admin updated successfully!" })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Bilal Chaudhry");
    await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("the last main admin cannot be demoted", async ({ page }) => {
    await logIn(page);
    await page.goto("/admin/adminlist");
    // The admins created above are plain admins: the owner is the only main admin.
    await expect(page.getByRole("row").filter({ hasText: "Main Admin" })).toHaveCount(1);
    await page.getByRole("button", { name: "Edit owner@example.pk" }).click();
    const row = page.getByRole("row").filter({ has: page.getByRole("button", { name: "Save" }) });
    await row.getByLabel("Role").selectOption("admin");
    await row.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("alert")).toHaveText("The last Main Admin cannot be made an Admin. Make another admin a Main Admin first.");
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("row").filter({ hasText: "owner@example.pk" })).toContainText("Main Admin");
  });
});
