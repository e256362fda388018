import { settled } from "../support/axe";
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { CONTACT_SUBJECTS, OWNER } from "../support/e2e";

const PATH = "/admin/contactsubmissions";
const DELETE_MESSAGE_QUESTION = "Delete this message? It stays in the Trash for 30 days.";

async function logIn(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(OWNER.email);
  await page.getByLabel("Password").fill(OWNER.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

/** Opens the inbox and waits until its live connection is up. */
async function openInbox(page: Page, query = "") {
  await page.goto(`${PATH}${query}`);
  await expect(page.getByRole("heading", { level: 1, name: "Contact Submissions" })).toBeVisible();
  await expect(page.getByText("Live", { exact: true })).toBeVisible();
}

/** A shopper sends a message through /contact, in a browser of their own. */
async function sendMessage(browser: Browser, input: { name: string; email: string; subject: string; message: string }) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto("/contact");
    await settled(page);
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByLabel("Name").fill(input.name);
    await form.getByLabel("Email").fill(input.email);
    await form.getByLabel("Phone").fill("03001234567");
    await form.getByLabel("Subject").selectOption({ label: input.subject });
    await form.getByLabel("Message").fill(input.message);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByRole("status")).toHaveText("Thank you for your message! We will get back to you within 24 hours.");
  } finally {
    await context.close();
  }
}

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The status the dialog shows, in its customer information. */
const dialogStatus = (dialog: Locator, status: string) => dialog.getByRole("definition").filter({ hasText: new RegExp(`^${status}$`) });

function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

test.describe("contact submissions inbox", () => {
  test("a message sent from the shop appears live, is opened, replied to and resolved", async ({ page, browser }) => {
    const errors = pageErrors(page);
    await logIn(page);
    await openInbox(page);
    const newMessages = page.getByText("New Messages").locator("..").locator("dd");
    const unreadBefore = Number(await newMessages.textContent());

    const name = unique("Zara");
    const email = `${name.split(" ")[1]}@example.pk`;
    const message = `Could you make a <b>brown</b> laptop bag?\nWith my initials: <script>Z.A.</script>`;
    await sendMessage(browser, { name, email, subject: "Custom Order", message });

    // No reload: the open inbox hears of the new message.
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(row.getByRole("rowheader").getByText("New", { exact: true })).toBeVisible();
    await expect(row.getByRole("cell", { name: "Custom Order" })).toBeVisible();
    await expect(row.getByRole("link", { name: `WhatsApp ${name}` })).toHaveAttribute("href", "https://wa.me/923001234567");
    await expect(newMessages).toHaveText(String(unreadBefore + 1));

    await row.getByRole("button", { name: `View message from ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Message from ${name}` });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/view=/);
    await expect(dialog.getByText(email)).toBeVisible();
    await expect(dialog.getByText("03001234567")).toBeVisible();
    // The message is shown as text, line breaks kept; nothing in it is run or rendered as HTML.
    await expect(dialog.getByText("Could you make a <b>brown</b> laptop bag?", { exact: false })).toBeVisible();
    await expect(dialog.getByText("<script>Z.A.</script>", { exact: false })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Mark as Unread" })).toBeVisible();
    await expect(dialogStatus(dialog, "Read")).toBeVisible();
    await expect(newMessages).toHaveText(String(unreadBefore));

    // The customer gave a phone: Call and WhatsApp, on the number as the orders normalise it.
    await expect(dialog.getByRole("link", { name: `Call ${name}` })).toHaveAttribute("href", "tel:+923001234567");
    await expect(dialog.getByRole("link", { name: `WhatsApp ${name}` })).toHaveAttribute("href", "https://wa.me/923001234567");

    // Reply via Email only opens the mail app: the message is not marked Replied by it.
    const reply = dialog.getByRole("link", { name: "Reply via Email" });
    await expect(reply).toHaveAttribute("href", `mailto:${email}?subject=Re%3A%20Custom%20Order`);
    // The mail program is not opened in the test browser.
    await page.evaluate(() =>
      document.addEventListener("click", (event) => {
        if ((event.target as Element).closest("a[href^='mailto:']")) event.preventDefault();
      }),
    );
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await reply.click();
    await expect(dialogStatus(dialog, "Read")).toBeVisible();
    expect(posts).toEqual([]);
    // Marking it replied is an action of its own.
    await dialog.getByRole("button", { name: "Mark as Replied" }).click();
    await expect(dialogStatus(dialog, "Replied")).toBeVisible();
    await expect(dialog.getByLabel("Update status")).toHaveValue("replied");
    await expect(dialog.getByRole("button", { name: "Mark as Replied" })).toHaveCount(0);

    await dialog.getByLabel("Update status").selectOption("resolved");
    await expect(dialogStatus(dialog, "Resolved")).toBeVisible();
    await expect(dialog.getByText("Last updated")).toBeVisible();

    await dialog.getByRole("button", { name: "Mark as Unread" }).click();
    await expect(dialog.getByRole("button", { name: "Mark as Read" })).toBeVisible();
    await expect(dialogStatus(dialog, "New")).toBeVisible();
    await dialog.getByRole("button", { name: "Mark as Read" }).click();
    await expect(dialog.getByRole("button", { name: "Mark as Unread" })).toBeVisible();

    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/view=/);
    await expect(row.getByRole("cell", { name: "Read", exact: true })).toBeVisible();
    await row.getByLabel(`Status for ${name}`).selectOption("resolved");
    await expect(row.getByRole("cell", { name: "Resolved", exact: true })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("search and filters narrow the table through the address", async ({ page, browser }) => {
    const complaint = unique("Kamran");
    const wholesale = unique("Nadia");
    await sendMessage(browser, { name: complaint, email: "kamran@example.pk", subject: "Complaint", message: "The buckle of my belt came loose." });
    await sendMessage(browser, { name: wholesale, email: "nadia@example.pk", subject: "Wholesale", message: "Forty wallets for a corporate gift." });
    await logIn(page);
    await openInbox(page);

    const search = page.getByRole("searchbox", { name: "Search by name, email, or message" });
    await expect(search).toHaveAttribute("placeholder", "Search by name, email, or message...");
    await search.fill("corporate gift");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=corporate\+gift/);
    await expect(page.getByRole("row").filter({ hasText: wholesale })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: complaint })).toHaveCount(0);

    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).not.toHaveURL(/q=/);
    await expect(search).toHaveValue("");
    await page.getByLabel("Filter by subject").selectOption({ label: "Complaint" });
    await expect(page).toHaveURL(/subject=complaint/);
    await expect(page.getByRole("row").filter({ hasText: complaint })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: wholesale })).toHaveCount(0);

    await page.getByLabel("Filter by status").selectOption({ label: "Resolved" });
    await expect(page).toHaveURL(/status=resolved/);
    await expect(page.getByText("No submissions found matching your criteria.")).toBeVisible();
    await page.getByLabel("Filter by status").selectOption({ label: "New" });
    await expect(page.getByRole("row").filter({ hasText: complaint })).toBeVisible();
    await expect(page.getByLabel("Filter by status").locator("option")).toHaveText(["All Status", "New", "Read", "Replied", "Resolved"]);
    await expect(page.getByLabel("Filter by subject").locator("option")).toHaveText(["All Subjects", ...CONTACT_SUBJECTS]);
    for (const card of ["Total Submissions", "New Messages", "Replied", "Resolved"])
      await expect(page.locator("dt", { hasText: card })).toBeVisible();
    for (const column of ["Customer", "Subject", "Message Preview", "Status", "Date", "Actions"])
      await expect(page.getByRole("columnheader", { name: column })).toBeVisible();
  });

  test("a message is deleted the one way every delete asks: the browser's question, else the same question in the page", async ({
    page,
    browser,
  }) => {
    const name = unique("Rabia");
    await sendMessage(browser, { name, email: "rabia@example.pk", subject: "Other", message: "Please remove my message." });
    await logIn(page);
    await openInbox(page, `?q=${encodeURIComponent(name)}`);
    await page.getByRole("button", { name: `View message from ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Message from ${name}` });

    // Dismissed in the browser, the question stays in the page, where Cancel goes back to the message.
    page.once("dialog", (asked) => {
      expect([asked.type(), asked.message()]).toEqual(["confirm", DELETE_MESSAGE_QUESTION]);
      void asked.dismiss();
    });
    await dialog.getByRole("button", { name: `Delete message from ${name}` }).click();
    const question = page.getByRole("alertdialog", { name: `Delete the message from ${name}?` });
    await expect(question).toContainText(DELETE_MESSAGE_QUESTION);
    await question.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeVisible();

    // Accepted, it goes to the Trash and the inbox says so.
    page.once("dialog", (asked) => void asked.accept());
    await dialog.getByRole("button", { name: `Delete message from ${name}` }).click();
    await expect(page.getByRole("status").filter({ hasText: "Message deleted." })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
  });

  test("without JavaScript the dialog opens by its address and marks the message read", async ({ browser }) => {
    const name = unique("Farah");
    await sendMessage(browser, { name, email: "farah@example.pk", subject: "Other", message: "Hello from a plain browser." });
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto("/login");
      await page.getByLabel("Email").fill(OWNER.email);
      await page.getByLabel("Password").fill(OWNER.password);
      await page.getByRole("button", { name: "Log in" }).click();
      await expect(page).toHaveURL(/\/admin$/);
      await page.goto(`${PATH}?q=${encodeURIComponent(name)}`);
      const row = page.getByRole("row").filter({ hasText: name });
      await expect(row.getByRole("rowheader").getByText("New", { exact: true })).toBeVisible();
      await row.getByRole("button", { name: `View message from ${name}` }).click();
      const dialog = page.getByRole("dialog", { name: `Message from ${name}` });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText("Hello from a plain browser.")).toBeVisible();
      await expect(dialog.getByRole("button", { name: "Mark as Unread" })).toBeVisible();
      await dialog.getByLabel("Update status").selectOption("resolved");
      await dialog.getByRole("button", { name: "Update" }).click();
      await expect(dialogStatus(page.getByRole("dialog"), "Resolved")).toBeVisible();

      // Its delete asks first in the page, and deletes once answered.
      await page
        .getByRole("dialog")
        .getByRole("button", { name: `Delete message from ${name}` })
        .click();
      const question = page.getByRole("alertdialog", { name: `Delete the message from ${name}?` });
      await expect(question).toContainText(DELETE_MESSAGE_QUESTION);
      await question.getByRole("button", { name: "Delete Message" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Message deleted." })).toBeVisible();
      await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});
