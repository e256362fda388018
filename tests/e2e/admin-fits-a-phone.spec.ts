import { expect, test, type Browser, type Page } from "@playwright/test";
import { logIn, OWNER } from "../support/e2e";
import { startOwnServer } from "../support/e2e-servers";
import { LONG, writeCrowdedExport } from "../support/crowded-shop";
import { fitProblems } from "../support/screen-fit";

/*
 * Issue 32, goal 1: the cash-on-delivery team runs its day from a phone. On a shop as crowded as a
 * busy back office (24 of every kind, long names, long unbroken e-mails: tests/support/crowded-shop.ts),
 * every back-office screen — its lists, the windows and inline edits opened by address, and the
 * questions a delete asks — fits a 360 and a 412 px phone without scrolling sideways, anything tapped
 * is at least 24 × 24 px, and on a laptop (1024 and 1280 px) nothing scrolls sideways or is cut.
 */

let shop: Awaited<ReturnType<typeof startOwnServer>> | undefined;
let removeExport = () => {};
/** Every back-office screen, found in beforeAll (some addresses hold ids). */
const screens: string[] = [];

async function openAs(browser: Browser, width: number): Promise<Page> {
  const phone = width < 768;
  const context = await browser.newContext({
    baseURL: shop!.baseURL,
    viewport: { width, height: phone ? 915 : 900 },
    isMobile: phone,
    hasTouch: phone,
  });
  const page = await context.newPage();
  await logIn(page, OWNER.email, OWNER.password);
  return page;
}

/**
 * Opens `path` and waits until the page's scripts have taken it over and drawn it again as hydrated
 * (its dialogs modal, its no-script buttons gone): the root lets go of the controls held until then
 * (app/lib/needs-script.ts), then two frames are drawn.
 */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await page.waitForFunction(() => (window as { __heldPresses?: unknown }).__heldPresses === undefined);
  await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
}

/** The address a delete's question opens at, reached as a person who dismissed the browser's question would. */
async function askedAt(page: Page, button: ReturnType<Page["getByRole"]>): Promise<string> {
  page.once("dialog", (dialog) => void dialog.dismiss());
  await button.click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  const crowd = writeCrowdedExport(24);
  removeExport = crowd.remove;
  shop = await startOwnServer({ E2E_IMPORT: crowd.file });
  const page = await openAs(browser, 1280);

  // Something in the Trash: a long-named product, category and subscriber, deleted as staff do.
  page.on("dialog", (dialog) => void dialog.accept());
  await visit(page, `/admin/products?q=${encodeURIComponent(LONG.product(24))}`);
  await page.getByRole("button", { name: `Delete ${LONG.product(24)}`, exact: true }).click();
  await expect(page.getByText("Product deleted successfully!")).toBeVisible();
  await visit(page, "/admin/categories");
  await page.getByRole("button", { name: `Delete ${LONG.category(24)}`, exact: true }).click();
  await expect(page.getByText(`Category '${LONG.category(24)}' deleted successfully!`)).toBeVisible();
  await visit(page, "/admin/managesubscriptions");
  await page.getByRole("button", { name: `Delete subscription for ${LONG.email(24)}`, exact: true }).click();
  await expect(page.getByText(`Subscription deleted for ${LONG.email(24)}`)).toBeVisible();
  page.removeAllListeners("dialog");

  // The addresses of the windows, inline edits and questions, as their buttons open them.
  await visit(page, `/admin/products?q=${encodeURIComponent(LONG.product(1))}`);
  const view = (await page.getByRole("link", { name: `View ${LONG.product(1)}`, exact: true }).getAttribute("href"))!;
  const productAsked = await askedAt(page, page.getByRole("button", { name: `Delete ${LONG.product(1)}`, exact: true }));
  await visit(page, "/admin/categories");
  await page.getByRole("button", { name: `Edit ${LONG.category(1)}`, exact: true }).click();
  await expect(page.getByRole("textbox", { name: "Category name", exact: true })).toBeVisible();
  const categoryEdit = new URL(page.url()).search;
  await visit(page, "/admin/categories");
  const categoryAsked = await askedAt(page, page.getByRole("button", { name: `Delete ${LONG.category(1)}`, exact: true }));
  await visit(page, "/admin/contactsubmissions");
  await page.getByRole("button", { name: `View message from ${LONG.name(1)}`, exact: true }).click();
  await expect(page.getByRole("dialog", { name: `Message from ${LONG.name(1)}`, exact: true })).toBeVisible();
  const message = new URL(page.url()).search;
  await visit(page, "/admin/managesubscriptions");
  const subscriberAsked = await askedAt(page, page.getByRole("button", { name: `Delete subscription for ${LONG.email(1)}`, exact: true }));
  await visit(page, "/admin/adminlist");
  await page.getByRole("button", { name: `Edit ${LONG.email(1)}`, exact: true }).click();
  await expect(page.getByRole("textbox", { name: "First name", exact: true })).toBeVisible();
  const adminEdit = new URL(page.url()).search;
  await visit(page, "/admin/adminlist");
  const adminAsked = await askedAt(page, page.getByRole("button", { name: `Delete ${LONG.email(1)}`, exact: true }));
  await visit(page, "/admin/trash");
  const trashAsked = await askedAt(page, page.getByRole("button", { name: `Delete for good: ${LONG.product(24)}`, exact: true }));
  await visit(page, "/admin/trash");
  const emptyAsked = await askedAt(page, page.getByRole("button", { name: "Empty Trash" }));
  await visit(page, "/admin/orders");
  await page.getByRole("button", { name: "View order ORD-1735900000001", exact: true }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  const order = new URL(page.url()).search;
  await page.context().close();

  screens.push(
    "/admin",
    "/admin/products",
    "/admin/products?page=2",
    productAsked,
    "/admin/products/new",
    view,
    `${view}?tab=variants`,
    `${view}?tab=media`,
    `${view}?tab=stock`,
    `${view}?confirm=delete`,
    view.replace(/\/view$/, "/edit"),
    "/admin/categories",
    `/admin/categories${categoryEdit}`,
    categoryAsked,
    "/admin/contactsubmissions",
    `/admin/contactsubmissions${message}`,
    "/admin/managesubscriptions",
    subscriberAsked,
    "/admin/createadmin",
    "/admin/adminlist",
    `/admin/adminlist${adminEdit}`,
    adminAsked,
    "/admin/settings",
    "/admin/backups",
    "/admin/trash",
    trashAsked,
    emptyAsked,
    "/admin/no-such-screen",
    "/admin/orders",
    "/admin/orders?attention=flagged",
    "/admin/orders?confirmation=pending",
    `/admin/orders${order}`,
  );
});

test.afterAll(async () => {
  await shop?.stop();
  removeExport();
});

for (const width of [360, 412, 1024, 1280]) {
  test(`at ${width} px every back-office screen fits: nothing scrolls sideways, nothing is cut, everything tapped is at least 24 px`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const page = await openAs(browser, width);
    const found: Record<string, string[]> = {};
    for (const path of screens) {
      await visit(page, path);
      const problems = await fitProblems(page, { minTarget: 24 });
      if (problems.length) found[path] = problems;
    }
    expect(found, `screens that do not fit ${width} px`).toEqual({});
    await page.context().close();
  });
}
