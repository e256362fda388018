import { expect, test } from "@playwright/test";
import { logIn, OWNER } from "../support/e2e";

/*
 * Issue 32, goal 7: the WhatsApp message in Settings takes only the placeholders the shop knows; an
 * unknown one is refused on the field, named, by the browser before anything is sent and by the
 * server (a page without scripts) with the same words.
 */
const REFUSED = "Unknown placeholder: {naem}. The message may use only {name}, {orderNumber}, {items}, {total}, {shop} and {shopPhone}.";

test("an unknown placeholder is named on the field in the browser, and nothing is sent", async ({ page }) => {
  await logIn(page);
  await page.goto("/admin/settings");
  const message = page.getByRole("textbox", { name: "Message" });
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await message.fill("Salam {naem}, order {orderNumber}.");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(message).toHaveAccessibleDescription(REFUSED);
  await expect(message).toHaveAttribute("aria-invalid", "true");
  expect(posts).toEqual([]);

  // Mended, the message saves, and the field's complaint goes.
  await message.fill("Salam {name}, order {orderNumber}.");
  await expect(message).not.toHaveAttribute("aria-invalid");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();
  await expect(page.getByText("Salam Ayesha Khan, order ORD-1763900000000.")).toBeVisible();

  // Back to the shop's default, for the other tests.
  await message.fill("");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();
});

test("without JavaScript the server refuses it with the same words, keeping what was typed", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await logIn(page, OWNER.email, OWNER.password);
    await page.goto("/admin/settings");
    const message = page.getByRole("textbox", { name: "Message" });
    await message.fill("Salam {naem}!");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(message).toHaveAccessibleDescription(REFUSED);
    await expect(message).toHaveValue("Salam {naem}!");
    await expect(page.getByRole("status").filter({ hasText: "Settings saved." })).toHaveCount(0);
  } finally {
    await context.close();
  }
});
