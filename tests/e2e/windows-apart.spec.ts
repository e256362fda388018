import { expect, test, type Page } from "@playwright/test";
import { logIn, signUpByMail } from "../support/e2e";

/*
 * Which windows another site may keep a hold of (docs/decisions/0075): a page of another origin
 * opens one of the shop's in a new window, as a phishing page would, and checks whether it can
 * still reach it. Signing in, an account, an order's confirmation and the back office cut it off
 * (Cross-Origin-Opener-Policy); the storefront's public pages do not, so that a slow phone does not
 * start a browser process of its own for them.
 */

/** The same shop under another origin: 127.0.0.1 instead of localhost. */
const otherOrigin = (baseURL: string) => baseURL.replace("//localhost:", "//127.0.0.1:");

/**
 * Opens the shop's `path` from a page of another origin; whether that page can still reach the
 * window once it has loaded. `landsOn`: the path the window must show then (a page that sends a
 * signed-out visitor to the login page would otherwise be checked as the login page).
 */
async function reachableFromAnotherSite(opener: Page, baseURL: string, path: string, landsOn: string): Promise<boolean> {
  await opener.goto(`${otherOrigin(baseURL)}/about`);
  const [opened] = await Promise.all([
    opener.context().waitForEvent("page"),
    opener.evaluate((url) => void ((window as unknown as { held: Window | null }).held = window.open(url)), `${baseURL}${path}`),
  ]);
  await opened.waitForLoadState("load");
  expect(new URL(opened.url()).pathname, path).toBe(landsOn);
  const reachable = await opener.evaluate(() => {
    const held = (window as unknown as { held: Window | null }).held;
    return held !== null && !held.closed;
  });
  await opened.close();
  return reachable;
}

test("another site cannot keep a hold of a window it opened on signing in, an account or the back office", async ({ page, baseURL }) => {
  // Signed out, /account and /admin lead to the login page (signed in: the tests below).
  for (const [path, landsOn] of [
    ["/login", "/login"],
    ["/signup", "/signup"],
    ["/forgot-password", "/forgot-password"],
    ["/account", "/login"],
    ["/admin", "/login"],
  ])
    expect(await reachableFromAnotherSite(page, baseURL!, path, landsOn), path).toBe(false);
});

test("signed in as a customer, another site cannot keep a hold of the account's pages, and still can of the shop's", async ({ page, baseURL }) => {
  await signUpByMail(page, baseURL!, `windows.${Date.now() % 1_000_000}@example.pk`, "Sana-Walnut-Ledger-31");
  for (const path of ["/account", "/account/orders", "/account/addresses"])
    expect(await reachableFromAnotherSite(page, baseURL!, path, path), path).toBe(false);
  for (const path of ["/", "/shop"]) expect(await reachableFromAnotherSite(page, baseURL!, path, path), path).toBe(true);
});

test("signed in as staff, another site cannot keep a hold of a back-office page", async ({ page, baseURL }) => {
  await logIn(page);
  for (const path of ["/admin", "/admin/orders", "/admin/products"])
    expect(await reachableFromAnotherSite(page, baseURL!, path, path), path).toBe(false);
});

test("a window another site opened on a storefront page stays within its reach: no browser process of its own", async ({ page, baseURL }) => {
  for (const path of ["/", "/shop", "/track"]) expect(await reachableFromAnotherSite(page, baseURL!, path, path), path).toBe(true);
});
