import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoSidewaysScroll, fillCreateAdmin, logIn, OWNER } from "../support/e2e";
import { startOwnServer } from "../support/e2e-servers";

/*
 * Goal 6 of issue 31 (docs/decisions/0053-trash.md): a member of staff deletes a product as the spec
 * says; the main admin restores it from the Trash, and the shop shows it again — kept pages too.
 */
const DELETE_QUESTION = "Are you sure you want to delete this product? This will also delete all associated images and videos.";
const STAFF = { email: "trash.staff@example.pk", password: "Staff-Trash-Ledger-77", firstName: "Sadia", lastName: "Noor" };
const PHONE = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

// Deleting a demo product would change what the other browser tests see, so this runs on a shop of its own.
let shop: Awaited<ReturnType<typeof startOwnServer>> | undefined;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(150_000);
  shop = await startOwnServer({});
  const owner = await openAs(browser, DESKTOP, OWNER);
  await owner.goto("/admin/createadmin");
  await fillCreateAdmin(owner, STAFF);
  await expect(owner.getByRole("status").filter({ hasText: "Signup successful! Admin profile created." })).toBeVisible();
  await owner.context().close();
});
test.afterAll(async () => {
  await shop?.stop();
});

/** A page of a browser of its own on the test's shop, at the given size, signed in as `who` (or not at all). */
async function openAs(browser: Browser, size: typeof PHONE | typeof DESKTOP, who?: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ ...size, baseURL: shop!.baseURL });
  const page = await context.newPage();
  if (who) await logIn(page, who.email, who.password);
  return page;
}

/** Opens a back-office screen from the side menu, unfolding it first on a phone. */
async function fromMenu(page: Page, name: string) {
  const menu = page.getByRole("navigation", { name: "Admin" }).filter({ visible: true });
  const menuButton = page.getByRole("button", { name: "Menu", exact: true });
  // The back office is drawn first: counting before then found neither (a laptop then asked for a phone's Menu button).
  await expect(menu.or(menuButton).first()).toBeVisible();
  if ((await menu.count()) === 0) await menuButton.click();
  await page.getByRole("navigation", { name: "Admin" }).filter({ visible: true }).getByRole("link", { name, exact: true }).click();
}

for (const [label, size, product] of [
  ["on a phone", PHONE, "Classic Bifold Wallet"],
  ["on a laptop", DESKTOP, "Formal Dress Belt"],
] as const) {
  test(`${label}: staff delete a product as the spec says, the main admin restores it from the Trash, and the shop shows it again`, async ({
    browser,
  }) => {
    // A shopper's visit keeps the product's pages in the page cache.
    const shopper = await openAs(browser, size);
    await shopper.goto(`/shop?q=${encodeURIComponent(product)}`);
    await shopper.getByRole("link", { name: product }).first().click();
    await expect(shopper.getByRole("heading", { level: 1, name: product })).toBeVisible();
    const productPage = new URL(shopper.url()).pathname;

    // Staff delete it with the spec's question and words.
    const staff = await openAs(browser, size, STAFF);
    await staff.goto(`/admin/products?q=${encodeURIComponent(product)}`);
    staff.once("dialog", (asked) => {
      expect([asked.type(), asked.message()]).toEqual(["confirm", DELETE_QUESTION]);
      void asked.accept();
    });
    await staff.getByRole("button", { name: `Delete ${product}` }).click();
    await expect(staff.getByRole("status").filter({ hasText: "Product deleted successfully!" })).toBeVisible();
    await expect(staff.getByRole("row", { name: new RegExp(product) })).toHaveCount(0);
    // Only a main admin has the Trash.
    await expect(staff.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Trash", exact: true })).toHaveCount(0);
    await staff.goto("/admin/trash");
    await expect(staff.getByText("Access denied. Only a Main Admin can see and restore the Trash.")).toBeVisible();
    await expect(staff.getByRole("button", { name: `Restore ${product}` })).toHaveCount(0);

    // The shop no longer shows it.
    await shopper.goto(`/shop?q=${encodeURIComponent(product)}`);
    await expect(shopper.getByText("No products found matching your search and filter criteria.")).toBeVisible();
    const gone = await shopper.goto(productPage);
    expect(gone?.status()).toBe(404);

    // The main admin finds it in the Trash: what, who, when, how long; and restores it.
    const owner = await openAs(browser, size, OWNER);
    await fromMenu(owner, "Trash");
    await expect(owner).toHaveURL(/\/admin\/trash$/);
    await expect(owner.getByRole("heading", { level: 1, name: "Trash" })).toBeVisible();
    // A table row on a laptop, a card on a phone: a row of the same table either way (components/admin/index-table.tsx).
    const entry = owner.getByRole("row", { name: new RegExp(product) });
    await expect(entry).toContainText("Product");
    await expect(entry).toContainText("Sadia Noor");
    await expect(entry).toContainText("30 days");
    await expect(entry.getByRole("button", { name: `Delete for good: ${product}` })).toBeVisible();
    if (size === PHONE) await expectNoSidewaysScroll(owner, ["/admin/trash"]);
    await owner.getByRole("button", { name: `Restore ${product}` }).click();
    await expect(owner.getByRole("status").filter({ hasText: `Product '${product}' restored.` })).toBeVisible();
    await expect(owner.getByRole("button", { name: `Restore ${product}` })).toHaveCount(0);

    // Back in the shop, its own page too.
    await shopper.goto(`/shop?q=${encodeURIComponent(product)}`);
    await expect(shopper.getByRole("link", { name: product }).first()).toBeVisible();
    const back = await shopper.goto(productPage);
    expect(back?.status()).toBe(200);
    await expect(shopper.getByRole("heading", { level: 1, name: product })).toBeVisible();
    for (const page of [shopper, staff, owner]) await page.context().close();
  });
}
