import { expect, type Browser, type Locator, type Page } from "@playwright/test";
import { logIn, OWNER } from "./e2e";

/*
 * The walk through every back-office screen that the accessibility walk (accessible-pages.spec.ts)
 * and the phone-fit walk (admin-fits-a-phone.spec.ts) both take: a page of its own at a width, the
 * list of screens, and the addresses of the windows, inline edits and questions as their buttons
 * open them. Each spec checks the screens in its own way.
 */

/** A page in a context of its own on `baseURL`, `width` px wide (below 768 px, a phone's), signed in as the owner when `staff`. */
export async function openAs(browser: Browser, baseURL: string, width: number, staff: boolean): Promise<Page> {
  const phone = width < 768;
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height: phone ? 915 : 900 },
    isMobile: phone,
    hasTouch: phone,
  });
  const page = await context.newPage();
  if (staff) await logIn(page, OWNER.email, OWNER.password);
  return page;
}

/** The address a delete's question opens at, reached as a person who dismissed the browser's question would. */
async function askedAt(page: Page, button: Locator): Promise<string> {
  page.once("dialog", (dialog) => void dialog.dismiss());
  await button.click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/** What the walk opens on the shop it walks: the names on its buttons. */
export interface BackOfficeNames {
  /** A product: found by the list's search, then viewed, edited and asked about. */
  product: string;
  /** A category, edited and asked about. */
  category: string;
  /** Who sent a contact message, opened in its window. */
  messageFrom: string;
  /** A subscriber's e-mail, asked about. */
  subscriber: string;
  /** An admin's e-mail (not the owner), edited and asked about. */
  admin: string;
  /** A product in the Trash, asked about. */
  trashed: string;
  /** An order's number, opened in its window. */
  order: string;
}

/**
 * Every back-office screen of the shop `page` is signed in to as the owner, in the walk's order:
 * the lists, and the windows, inline edits and questions opened by address (found here by
 * clicking their buttons, opening each list with `visit`). `also` adds the products' second page
 * (a shop with more than one page of products) and the orders' packing slips.
 */
export async function backOfficeScreens(
  page: Page,
  names: BackOfficeNames,
  visit: (page: Page, path: string) => Promise<void>,
  also: { productsPageTwo?: boolean; packingSlips?: boolean } = {},
): Promise<string[]> {
  /** A list row's inline edit (the search its Edit button opens, `field` shown) and the address its delete's question opens at. */
  const editAndAsk = async (list: string, row: string, field: string) => {
    await visit(page, list);
    await page.getByRole("button", { name: `Edit ${row}`, exact: true }).click();
    await expect(page.getByRole("textbox", { name: field, exact: true })).toBeVisible();
    const edit = new URL(page.url()).search;
    await visit(page, list);
    return [edit, await askedAt(page, page.getByRole("button", { name: `Delete ${row}`, exact: true }))] as const;
  };

  await visit(page, `/admin/products?q=${encodeURIComponent(names.product)}`);
  const view = (await page.getByRole("link", { name: `View ${names.product}`, exact: true }).getAttribute("href"))!;
  const productAsked = await askedAt(page, page.getByRole("button", { name: `Delete ${names.product}`, exact: true }));
  const [categoryEdit, categoryAsked] = await editAndAsk("/admin/categories", names.category, "Category name");
  await visit(page, "/admin/contactsubmissions");
  await page.getByRole("button", { name: `View message from ${names.messageFrom}`, exact: true }).click();
  await expect(page.getByRole("dialog", { name: `Message from ${names.messageFrom}`, exact: true })).toBeVisible();
  const message = new URL(page.url()).search;
  await visit(page, "/admin/managesubscriptions");
  const subscriberAsked = await askedAt(page, page.getByRole("button", { name: `Delete subscription for ${names.subscriber}`, exact: true }));
  const [adminEdit, adminAsked] = await editAndAsk("/admin/adminlist", names.admin, "First name");
  await visit(page, "/admin/trash");
  const trashAsked = await askedAt(page, page.getByRole("button", { name: `Delete for good: ${names.trashed}`, exact: true }));
  await visit(page, "/admin/trash");
  const emptyAsked = await askedAt(page, page.getByRole("button", { name: "Empty Trash" }));
  await visit(page, "/admin/orders");
  await page.getByRole("button", { name: `View order ${names.order}`, exact: true }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  const order = new URL(page.url()).search;

  return [
    "/admin",
    "/admin/products",
    ...(also.productsPageTwo ? ["/admin/products?page=2"] : []),
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
    ...(also.packingSlips ? ["/admin/orders/slips"] : []),
  ];
}
