import { expect, test, type Page } from "@playwright/test";
import { addBeltToCart } from "../support/e2e";

/*
 * Every field is found by the words of its label, as a shopper's assistive technology (and a test
 * written from the specification) looks for it: the mark of a required field is not part of its
 * name, and no other control, form or landmark on the page carries the same words.
 */

/** Each label must name exactly one element, whether matched as a whole or as words within a name. */
async function expectFoundByLabel(page: Page, labels: string[]) {
  for (const label of labels) {
    await expect(page.getByLabel(label, { exact: true }), `"${label}", exactly`).toHaveCount(1);
    await expect(page.getByLabel(label), `"${label}", as words within a name`).toHaveCount(1);
  }
}

const CHECKOUT_FIELDS = [
  "First name",
  "Last name",
  "Email",
  "Alternate phone",
  "Street address",
  "City",
  "State/Province",
  "ZIP code",
  "Order notes",
];

function checks(phone: boolean) {
  const at = phone ? " on a phone @mobile" : "";

  test(`checkout's fields, required or not, are each found by their label${at}`, async ({ page }) => {
    await addBeltToCart(page);
    await page.goto("/checkout");
    await expectFoundByLabel(page, CHECKOUT_FIELDS);
    // "Phone" is also within "Alternate phone": as a whole it names the one field.
    await expect(page.getByLabel("Phone", { exact: true })).toHaveCount(1);
    await page.getByLabel("Phone", { exact: true }).fill("03001234567");
    await expect(page.getByRole("textbox", { name: "Phone", exact: true })).toHaveValue("03001234567");
  });

  test(`the contact form's message field is the only thing named Message${at}`, async ({ page }) => {
    await page.goto("/contact");
    await expectFoundByLabel(page, ["Name", "Email", "Subject", "Message"]);
  });

  test(`a product's quantity field is the only thing named Quantity${at}`, async ({ page }) => {
    await page.goto("/shop?q=Formal%20Dress%20Belt");
    await page.getByRole("link", { name: "Formal Dress Belt" }).click();
    await expectFoundByLabel(page, ["Quantity"]);
    // The steppers keep their names for the buttons they are.
    await expect(page.getByRole("button", { name: "Increase quantity" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Decrease quantity" })).toBeVisible();
  });

  test(`a cart line's quantity is the only thing named for it${at}`, async ({ page }) => {
    await addBeltToCart(page);
    await page.goto("/cart");
    await expectFoundByLabel(page, ["Quantity of Formal Dress Belt"]);
    await expect(page.getByLabel("Quantity of Formal Dress Belt")).toHaveText("1");
    await page.getByRole("button", { name: "Increase quantity of Formal Dress Belt" }).click();
    await expect(page.getByLabel("Quantity of Formal Dress Belt")).toHaveText("2");
  });

  test(`signing up, the country code is found by its name${at}`, async ({ page }) => {
    await page.goto("/signup");
    await expectFoundByLabel(page, ["Email", "Password", "First name", "Last name", "Gender", "Country code", "Phone number"]);
    await expect(page.getByLabel("Country code")).toHaveValue("+92");
  });
}

checks(false);
test.describe("phone", () => checks(true));
