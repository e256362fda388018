import { expect, test, type Page } from "@playwright/test";
import { backOfficeScreens, openAs } from "../support/back-office-walk";
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

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  const crowd = writeCrowdedExport(24);
  removeExport = crowd.remove;
  shop = await startOwnServer({ E2E_IMPORT: crowd.file });
  const page = await openAs(browser, shop.baseURL, 1280, true);

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
  const names = {
    product: LONG.product(1),
    category: LONG.category(1),
    messageFrom: LONG.name(1),
    subscriber: LONG.email(1),
    admin: LONG.email(1),
    trashed: LONG.product(24),
    order: "ORD-1735900000001",
  };
  screens.push(...(await backOfficeScreens(page, names, visit, { productsPageTwo: true })));
  await page.context().close();
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
    const page = await openAs(browser, shop!.baseURL, width, true);
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
