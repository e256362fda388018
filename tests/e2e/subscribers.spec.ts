import { settled } from "../support/axe";
import { expect, test, type Page, type Request } from "@playwright/test";

const SUCCESS = "Thank you for subscribing! 🎉";
const FAILURE = "Subscription failed. Please try again.";

const unique = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.pk`;

function newsletter(page: Page) {
  const footer = page.getByRole("contentinfo");
  return {
    input: footer.getByLabel("Subscribe to our newsletter"),
    button: footer.getByRole("button", { name: /^(Subscribe|Sending\.\.\.)$/ }),
    message: (text: string) => footer.getByText(text),
  };
}

/** Opens a page and waits until the page's scripts have taken over the footer form (so a click is not a plain POST). */
async function openPage(page: Page, path = "/") {
  await page.goto(path);
  await settled(page);
  return newsletter(page);
}

/** Every request the newsletter form sends to /subscribe. */
function recordSubscribeRequests(page: Page): Request[] {
  const sent: Request[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/subscribe")) sent.push(request);
  });
  return sent;
}

const isSubscribePost = (response: { url(): string; request(): Request }) =>
  new URL(response.url()).pathname.startsWith("/subscribe") && response.request().method() === "POST";

test.describe("footer newsletter form", () => {
  test("blank or whitespace-only input is ignored: nothing is sent", async ({ page }) => {
    const sent = recordSubscribeRequests(page);
    const form = await openPage(page);
    await form.button.click();
    await form.input.fill("   ");
    await form.input.press("Enter");
    await expect(form.button).toHaveText("Subscribe");
    await expect(form.message(SUCCESS)).toHaveCount(0);
    await expect(form.message(FAILURE)).toHaveCount(0);

    // A real address afterwards is the first and only request the form sends.
    const answered = page.waitForResponse(isSubscribePost);
    await form.input.fill(unique("after-blank"));
    await form.button.click();
    await answered;
    await expect(form.message(SUCCESS)).toBeVisible();
    expect(sent.map((r) => r.method())).toEqual(["POST"]);
  });

  test("a valid e-mail shows 'Sending...' while in flight, then a green thank-you that clears after 5 seconds", async ({ page }) => {
    await page.route("**/subscribe*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    const form = await openPage(page);
    await form.input.fill(unique("shopper"));
    await form.button.click();

    await expect(form.button).toHaveText("Sending...");
    await expect(form.button).toBeDisabled();
    await expect(form.input).toBeDisabled();

    const thanks = form.message(SUCCESS);
    await expect(thanks).toBeVisible();
    await expect(thanks).toHaveClass(/text-green/);
    await expect(form.button).toHaveText("Subscribe");
    await expect(form.button).toBeEnabled();
    await expect(form.input).toBeEnabled();
    await expect(form.input).toHaveValue("");
    await expect(thanks).toBeHidden({ timeout: 7_000 });
  });

  test("subscribing the same e-mail again in other letter case still thanks the shopper", async ({ page }) => {
    const form = await openPage(page);
    const email = unique("Repeat.Shopper");

    let answered = page.waitForResponse(isSubscribePost);
    await form.input.fill(email);
    await form.button.click();
    expect((await answered).status()).toBe(200);
    await expect(form.message(SUCCESS)).toBeVisible();

    answered = page.waitForResponse(isSubscribePost);
    await form.input.fill(email.toUpperCase());
    await form.button.click();
    expect((await answered).status()).toBe(200);
    await expect(form.message(SUCCESS)).toBeVisible();
    await expect(form.message(FAILURE)).toHaveCount(0);
  });

  test("a failing server shows the failure message in red, and the page stays usable", async ({ page }) => {
    await page.route("**/subscribe*", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ ok: false }) }),
    );
    const form = await openPage(page);
    const email = unique("unlucky");
    await form.input.fill(email);
    await form.button.click();

    const failure = form.message(FAILURE);
    await expect(failure).toBeVisible();
    await expect(failure).toHaveClass(/text-red/);
    await expect(page.getByRole("heading", { level: 1, name: "A Refined Lifestyle" })).toBeVisible();
    await expect(form.input).toHaveValue(email);
    await expect(form.button).toBeEnabled();
  });
});

test.describe("footer newsletter form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("posts the form and comes back to the same page with the thank-you message", async ({ page }) => {
    await page.goto("/about");
    const form = newsletter(page);
    await form.input.fill(unique("no-script"));
    await form.button.click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("status").filter({ hasText: SUCCESS })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Made by hand in Lahore" })).toBeVisible();
  });
});
