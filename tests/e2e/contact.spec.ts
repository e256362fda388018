import { settled } from "../support/axe";
import { expect, test, type Page, type Request, type Response } from "@playwright/test";
import { CONTACT_SUBJECTS } from "../support/e2e";

const REQUIRED = "Please fill in all required fields.";
const BAD_EMAIL = "Please enter a valid email address.";
const THANKS = "Thank you for your message! We will get back to you within 24 hours.";

function contactForm(page: Page) {
  const form = page.getByRole("form", { name: "Contact form" });
  return {
    form,
    name: form.getByLabel("Name"),
    email: form.getByLabel("Email"),
    phone: form.getByLabel("Phone"),
    subject: form.getByLabel("Subject"),
    message: form.getByLabel("Message"),
    send: form.getByRole("button", { name: /^(Send Message|Sending\.\.\.)$/ }),
  };
}

type ContactForm = ReturnType<typeof contactForm>;

/** Opens /contact and waits until the page's scripts have taken over the form (so a click is not a plain POST). */
async function openContact(page: Page) {
  await page.goto("/contact");
  await settled(page);
  return contactForm(page);
}

async function fillValid(f: ContactForm, overrides: Partial<Record<"name" | "email" | "phone" | "message", string>> = {}) {
  await f.name.fill(overrides.name ?? "Ayesha Khan");
  await f.email.fill(overrides.email ?? "ayesha@example.pk");
  await f.phone.fill(overrides.phone ?? "03001234567");
  await f.subject.selectOption({ label: "Custom Order" });
  await f.message.fill(overrides.message ?? "Could you make a brown laptop bag with my initials?");
}

const isContactPost = (response: Response) => new URL(response.url()).pathname.startsWith("/contact") && response.request().method() === "POST";

function recordContactPosts(page: Page): Request[] {
  const sent: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.startsWith("/contact")) sent.push(request);
  });
  return sent;
}

test.describe("contact page", () => {
  test("shows the form with labelled fields, the contact details and the FAQ", async ({ page }) => {
    await page.goto("/contact");
    await expect(page).toHaveTitle("Contact Us | Chamra Leather");
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
    const f = contactForm(page);
    for (const field of [f.name, f.email, f.phone, f.subject, f.message]) await expect(field).toBeVisible();
    await expect(f.subject.locator("option:not([value=''])")).toHaveText(CONTACT_SUBJECTS);

    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "support@chamra.pk" })).toHaveAttribute("href", "mailto:support@chamra.pk");
    await expect(main.getByRole("link", { name: "+92 300 1234567" })).toHaveAttribute("href", "tel:+923001234567");
    await expect(main.getByText("12 Workshop Road, Gulberg III, Lahore, Pakistan")).toBeVisible();
    await expect(main.getByText("Mon-Sat 9-6 (9 AM to 6 PM)")).toBeVisible();
    await expect(main.getByRole("heading", { name: "We reply within 24 hours" })).toBeVisible();
    // The return policy is in sight with the details, not only inside a closed question.
    await expect(main.getByText("Returns: unused items within 7 days of delivery; custom orders are final.")).toBeVisible();

    const returns = main.locator("details", { hasText: "What is your return policy?" });
    await expect(returns.getByText(/within 7 days/)).toBeHidden();
    await returns.getByText("What is your return policy?").click();
    await expect(returns.getByText(/unused items .* within 7 days of delivery\. Custom orders .* are final/i)).toBeVisible();
    await main.getByText("Do you deliver across Pakistan?").click();
    await expect(main.getByText(/free to every city .* 3-5 business days/)).toBeVisible();
    await main.getByText("How can I pay?").click();
    await expect(main.getByText(/cash on delivery only/)).toBeVisible();
  });

  test("submitting the empty form asks for the required fields without sending anything", async ({ page }) => {
    const sent = recordContactPosts(page);
    const f = await openContact(page);
    await f.send.click();
    await expect(f.form.getByRole("alert")).toHaveText(REQUIRED);
    await expect(f.name).toHaveAttribute("aria-invalid", "true");
    await expect(f.message).toHaveAttribute("aria-invalid", "true");
    await expect(f.phone).not.toHaveAttribute("aria-invalid", "true");
    expect(sent).toHaveLength(0);
  });

  test("a malformed e-mail is refused with its message and the input is kept", async ({ page }) => {
    const sent = recordContactPosts(page);
    const f = await openContact(page);
    await fillValid(f, { email: "ayesha@example" });
    await f.send.click();
    await expect(f.form.getByRole("alert")).toHaveText(BAD_EMAIL);
    await expect(f.email).toHaveAttribute("aria-invalid", "true");
    await expect(f.name).toHaveValue("Ayesha Khan");
    await expect(f.email).toHaveValue("ayesha@example");
    await expect(f.message).toHaveValue("Could you make a brown laptop bag with my initials?");
    expect(sent).toHaveLength(0);
  });

  test("a valid message is sent, thanked for, and the form is cleared", async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.startsWith("/contact"),
      async (route) => {
        if (route.request().method() === "POST") await held;
        await route.continue();
      },
    );
    const f = await openContact(page);
    await fillValid(f);
    const answered = page.waitForResponse(isContactPost);
    await f.send.click();
    await expect(f.send).toHaveText("Sending...");
    await expect(f.send).toBeDisabled();
    release();

    expect((await answered).status()).toBe(200);
    await expect(f.form.getByRole("status")).toHaveText(THANKS);
    await expect(f.form.getByRole("alert")).toHaveCount(0);
    await expect(page).toHaveURL(/\/contact(#contact-result)?$/);
    await expect(f.form.getByRole("status")).toBeInViewport();
    for (const field of [f.name, f.email, f.phone, f.message]) await expect(field).toHaveValue("");
    await expect(f.subject).toHaveValue("");
    await expect(f.send).toHaveText("Send Message");
    await expect(f.send).toBeEnabled();
  });
});

test("a message sent while the connection drops is kept in the form, with the error, and goes the next time @mobile", async ({ page }) => {
  const f = await openContact(page);
  await fillValid(f, { message: "Do you have the Heritage Messenger Bag in olive?" });
  // The phone loses its signal: nothing reaches the shop.
  const toContact = (url: URL) => url.pathname.startsWith("/contact");
  await page.route(toContact, (route) => route.abort("internetdisconnected"));
  await f.send.click();
  await expect(f.form.getByRole("alert")).toHaveText("Sorry, there was an error sending your message. Please try again.");
  await expect(f.message).toHaveValue("Do you have the Heritage Messenger Bag in olive?");
  await expect(f.name).toHaveValue("Ayesha Khan");
  await expect(f.subject).toHaveValue("custom-order");

  await page.unroute(toContact);
  await f.send.click();
  await expect(f.form.getByRole("status")).toHaveText(THANKS);
});

test("on a phone the outcome shows where the shopper tapped Send @mobile", async ({ page }) => {
  const f = await openContact(page);
  await f.send.tap();
  await expect(f.form.getByRole("alert")).toHaveText(REQUIRED);
  await expect(f.form.getByRole("alert")).toBeInViewport();
  await fillValid(f);
  await f.send.tap();
  await expect(f.form.getByRole("status")).toHaveText(THANKS);
  await expect(f.form.getByRole("status")).toBeInViewport();
  await expect(f.message).toHaveValue("");
});

test.describe("contact page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts and the page shows the thank-you message", async ({ page }) => {
    await page.goto("/contact");
    const f = contactForm(page);
    await fillValid(f, { name: "Usman Tariq", email: "usman@example.pk" });
    const answered = page.waitForResponse(isContactPost);
    await f.send.click();
    expect((await answered).status()).toBe(200);
    await expect(f.form.getByRole("status")).toHaveText(THANKS);
    await expect(f.form.getByRole("status")).toBeInViewport();
    await expect(f.name).toHaveValue("");
    await expect(f.email).toHaveValue("");
    await expect(f.message).toHaveValue("");
  });

  test("the server refuses a bad e-mail with HTTP 400, its message, and keeps the input", async ({ page }) => {
    await page.goto("/contact");
    const f = contactForm(page);
    await fillValid(f, { email: "usman at example.pk" });
    const answered = page.waitForResponse(isContactPost);
    await f.send.click();
    expect((await answered).status()).toBe(400);
    await expect(f.form.getByRole("alert")).toHaveText(BAD_EMAIL);
    await expect(f.name).toHaveValue("Ayesha Khan");
    await expect(f.email).toHaveValue("usman at example.pk");
    await expect(f.phone).toHaveValue("03001234567");
    await expect(f.subject).toHaveValue("custom-order");
    await expect(f.message).toHaveValue("Could you make a brown laptop bag with my initials?");
  });

  test("the server asks for the required fields when they are empty", async ({ page }) => {
    await page.goto("/contact");
    const f = contactForm(page);
    await f.email.fill("usman@example.pk");
    const answered = page.waitForResponse(isContactPost);
    await f.send.click();
    expect((await answered).status()).toBe(400);
    await expect(f.form.getByRole("alert")).toHaveText(REQUIRED);
    await expect(f.email).toHaveValue("usman@example.pk");
  });
});
