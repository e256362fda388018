import { expect, test, type Page } from "@playwright/test";
import { buyBelt, logIn } from "../support/e2e";

/*
 * Anonymous storefront pages are served from memory (X-Cache: hit), allowed to run their inline
 * scripts by hash instead of a nonce, and never stale after a change made through the shop.
 */
async function beltPath(page: Page): Promise<string> {
  await page.goto("/shop?q=Formal%20Dress%20Belt");
  return (await page.getByRole("link", { name: "Formal Dress Belt" }).first().getAttribute("href"))!;
}

async function stockOfSize34(page: Page): Promise<number> {
  await page.getByRole("group", { name: /^Size/ }).getByRole("button", { name: "34", exact: true }).click();
  const text = await page.getByText(/^\d+ in stock$/).textContent();
  return Number(text!.split(" ")[0]);
}

test("a product page comes from memory the second time, works, and shows new stock right after an order", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const path = await beltPath(page);
  await page.goto(path);
  const second = await page.goto(path);
  expect(second!.headers()["x-cache"]).toBe("hit");
  const policy = second!.headers()["content-security-policy"];
  expect(policy).toMatch(/script-src 'self' 'sha256-/);
  expect(policy).not.toContain("nonce-");
  expect(second!.headers()["etag"]).toBeTruthy();
  // The page from memory runs its scripts: choosing a size works.
  const before = await stockOfSize34(page);
  await expect(page.getByRole("group", { name: /^Size/ }).getByRole("button", { name: "34", exact: true })).toHaveAttribute("aria-pressed", "true");
  expect(violations).toEqual([]);

  await buyBelt(page, { firstName: "Cache", email: "cache@example.pk" }, "34");
  const after = await page.goto(path);
  expect(after!.headers()["x-cache"]).toBe("miss");
  expect(await stockOfSize34(page)).toBe(before - 1);
  expect(violations).toEqual([]);
});

test("a browser that has the page gets a short 304", async ({ request, page }) => {
  const path = await beltPath(page);
  const first = await request.get(path);
  const etag = first.headers()["etag"];
  const again = await request.get(path, { headers: { "If-None-Match": etag } });
  expect(again.status()).toBe(304);
});

test("a search asked for again comes from memory, the same page, and works; a signed-in visitor's never", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  // A search no other test asks for: the shop's wallets, dearest first.
  const path = "/shop?q=wallet&sort=price-desc";
  const cards = () => page.getByRole("main").getByRole("heading", { level: 2 }).allTextContents();
  const first = await page.goto(path);
  expect(first!.headers()["x-cache"]).toBeUndefined();
  const rendered = await cards();
  expect(rendered.length).toBeGreaterThan(1);
  expect((await page.goto(path))!.headers()["x-cache"]).toBe("miss");
  const kept = await page.goto(path);
  expect(kept!.headers()["x-cache"]).toBe("hit");
  expect(kept!.headers()["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
  expect(await cards()).toEqual(rendered);
  // The page from memory runs its scripts: the other order comes without a reload, reversed.
  await expect(page.locator("[data-held]")).toHaveCount(0);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole("group", { name: "Sort by" }).getByRole("link", { name: "Price: low to high" }).click();
  await expect(page).toHaveURL(/\/shop\?q=wallet&sort=price-asc$/);
  await expect.poll(cards).toEqual([...rendered].reverse());
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(violations).toEqual([]);

  await logIn(page);
  for (let i = 0; i < 3; i++) expect((await page.goto(path))!.headers()["x-cache"]).toBeUndefined();
});

test("signed-in visitors and one-time messages never get a page from memory", async ({ page }) => {
  await page.goto("/");
  expect((await page.goto("/"))!.headers()["x-cache"]).toBe("hit");
  await logIn(page);
  const signedIn = await page.goto("/");
  expect(signedIn!.headers()["x-cache"]).toBeUndefined();
  await page.getByRole("navigation", { name: "Main" }).locator("summary").first().click();
  await expect(page.getByRole("navigation", { name: "Main" }).getByText("Signed in as")).toBeVisible();
});

test("a flood of addresses with parameters the page does not read is answered from the one kept page", async ({ request }) => {
  // An address no other test asks for: the shop's second page, dearest first.
  const clean = await request.get("/shop?sort=price-desc&page=2");
  expect(clean.status()).toBe(200);
  const etag = clean.headers()["etag"];
  expect(etag).toBeTruthy();
  const answers: { cache?: string; etag?: string }[] = [];
  for (let i = 0; i < 200; i++) {
    // Junk, a campaign's parameters, an empty search and a sort the shop does not know (the last
    // of a repeated parameter counts, as the page reads it).
    const extra = [`junk=${i}`, `x${i}=${i}`, "utm_source=newsletter", `utm_campaign=eid-${i}`, "q=", "sort=bogus"].slice(i % 4);
    const query = i % 2 ? ["page=2", ...extra, "sort=price-desc"] : [...extra, "sort=price-desc", "page=2"];
    const response = await request.get(`/shop?${query.join("&")}`);
    expect(response.status()).toBe(200);
    answers.push({ cache: response.headers()["x-cache"], etag: response.headers()["etag"] });
  }
  expect(answers.filter((a) => a.cache === "hit" && a.etag === etag)).toHaveLength(200);
});

test("a campaign's link keeps its parameters in the address, and its page from memory works", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|hydrat/i.test(message.text())) violations.push(message.text());
  });
  await page.goto("/shop?utm_source=facebook&utm_campaign=winter");
  const kept = await page.goto("/shop?utm_campaign=winter&utm_source=instagram");
  expect(kept!.headers()["x-cache"]).toBe("hit");
  await expect(page).toHaveURL(/\/shop\?utm_campaign=winter&utm_source=instagram$/);
  await expect(page.locator("[data-held]")).toHaveCount(0);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole("group", { name: "Sort by" }).getByRole("link", { name: "Price: low to high" }).click();
  await expect(page).toHaveURL(/\/shop\?sort=price-asc$/);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(violations).toEqual([]);
});
