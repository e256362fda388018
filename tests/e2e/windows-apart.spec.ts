import { expect, test, type Page } from "@playwright/test";

/*
 * Which windows another site may keep a hold of (docs/decisions/0075): a page of another origin
 * opens one of the shop's in a new window, as a phishing page would, and checks whether it can
 * still reach it. Signing in, an account, an order's confirmation and the back office cut it off
 * (Cross-Origin-Opener-Policy); the storefront's public pages do not, so that a slow phone does not
 * start a browser process of its own for them.
 */

/** The same shop under another origin: 127.0.0.1 instead of localhost. */
const otherOrigin = (baseURL: string) => baseURL.replace("//localhost:", "//127.0.0.1:");

/** Opens the shop's `path` from a page of another origin; whether that page can still reach the window once it has loaded. */
async function reachableFromAnotherSite(opener: Page, baseURL: string, path: string): Promise<boolean> {
  await opener.goto(`${otherOrigin(baseURL)}/about`);
  const [opened] = await Promise.all([
    opener.context().waitForEvent("page"),
    opener.evaluate((url) => void ((window as unknown as { held: Window | null }).held = window.open(url)), `${baseURL}${path}`),
  ]);
  await opened.waitForLoadState("load");
  const reachable = await opener.evaluate(() => {
    const held = (window as unknown as { held: Window | null }).held;
    return held !== null && !held.closed;
  });
  await opened.close();
  return reachable;
}

test("another site cannot keep a hold of a window it opened on signing in, an account or the back office", async ({ page, baseURL }) => {
  // Signed out, /account and /admin lead to the login page.
  for (const path of ["/login", "/signup", "/forgot-password", "/account", "/admin"])
    expect(await reachableFromAnotherSite(page, baseURL!, path), path).toBe(false);
});

test("a window another site opened on a storefront page stays within its reach: no browser process of its own", async ({ page, baseURL }) => {
  for (const path of ["/", "/shop", "/track"]) expect(await reachableFromAnotherSite(page, baseURL!, path), path).toBe(true);
});
