import { expect, test, type Page } from "@playwright/test";
import { settled } from "../support/axe";

/*
 * The browser keeps the head the server wrote and the shop writes into it, after each page the
 * scripts draw, what that page names (app/lib/browser-head.tsx, docs/decisions/0071): the tab's
 * title, the description and the canonical address. Checked across pages drawn by the scripts
 * (no new document), and from an error page back to a page of the shop.
 */

const head = (page: Page) =>
  page.evaluate(() => ({
    titles: [...document.getElementsByTagNameNS("http://www.w3.org/1999/xhtml", "title")].map((title) => title.parentElement?.localName),
    canonical: document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href,
    description: document.querySelector<HTMLMetaElement>('meta[name="description"]')?.content,
    documents: (window as unknown as { documentsSeen?: number }).documentsSeen,
  }));

/** Counts the documents the tab has loaded: a page drawn by the scripts keeps the count. */
async function countDocuments(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { documentsSeen?: number };
    w.documentsSeen = Number(sessionStorage.getItem("documentsSeen") ?? 0) + 1;
    sessionStorage.setItem("documentsSeen", String(w.documentsSeen));
  });
}

for (const at of ["on a laptop", "on a phone @mobile"]) {
  test.describe(`page titles ${at}`, () => {
    test("pages drawn by the scripts name themselves in the tab, the description and the canonical address", async ({ page }) => {
      await countDocuments(page);
      await page.goto("/about");
      await settled(page);
      await expect(page).toHaveTitle("About Us | Chamra Leather");
      const about = await head(page);
      expect(about.titles).toEqual(["head"]);
      expect(about.canonical).toMatch(/\/about$/);

      await page.getByRole("main").getByRole("button", { name: "Shop the Collection" }).click();
      await expect(page).toHaveURL(/\/shop$/);
      await expect(page).toHaveTitle(/^Shop all leather goods/);
      await expect.poll(async () => (await head(page)).canonical).toMatch(/\/shop$/);
      const shop = await head(page);
      expect(shop.description).not.toEqual(about.description);
      expect(shop.titles).toEqual(["head"]);

      await page.getByRole("main").getByLabel("Search by name or description").fill("Formal Dress Belt");
      await expect(page).toHaveURL(/\/shop\?q=Formal/);
      await page.getByRole("link", { name: "Formal Dress Belt", exact: true }).click();
      await expect(page).toHaveURL(/\/product\/[A-Za-z0-9]+$/);
      await expect(page).toHaveTitle("Formal Dress Belt | Chamra Leather");
      await expect.poll(async () => (await head(page)).canonical).toBe(page.url());
      const product = await head(page);
      expect(product.titles).toEqual(["head"]);
      // All of it without loading a new document.
      expect(product.documents).toBe(1);
    });

    test("an error page's title goes with it when the shopper goes back to the shop", async ({ page }) => {
      await countDocuments(page);
      const response = await page.goto("/product/does-not-exist");
      expect(response?.status()).toBe(404);
      await settled(page);
      await expect(page).toHaveTitle("Product not found | Chamra Leather");
      expect((await head(page)).titles).toEqual(["head"]);

      await page.getByRole("link", { name: "Back to Shop" }).click();
      await expect(page).toHaveURL(/\/shop$/);
      await expect(page).toHaveTitle(/^Shop all leather goods/);
      const shop = await head(page);
      expect(shop.titles).toEqual(["head"]);
      expect(shop.documents).toBe(1);
    });

    test("an unknown category's page has one title, which says so", async ({ page }) => {
      // The shop's own title came first once, and the tab showed "Shop all leather goods".
      const response = await page.goto("/shop/category/does-not-exist");
      expect(response?.status()).toBe(404);
      await expect(page).toHaveTitle("Category not found | Chamra Leather");
      expect((await head(page)).titles).toEqual(["head"]);
      await settled(page);
      await expect(page).toHaveTitle("Category not found | Chamra Leather");
      expect((await head(page)).titles).toEqual(["head"]);
    });
  });
}
