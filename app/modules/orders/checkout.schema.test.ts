import { describe, expect, it } from "vitest";
import { CHECKOUT_MESSAGES, checkoutSchema, fieldErrors } from "./checkout.schema";
import { isValidPhone, normalizePhone } from "./phone";
import { checkoutForm } from "../../../tests/support/test-customer";

const valid = checkoutForm();

describe("the phone rule", () => {
  it.each([
    ["03001234567", "03001234567"],
    ["0300-1234567", "03001234567"],
    ["0300 123 4567", "03001234567"],
    ["+92 300 1234567", "03001234567"],
    ["+923001234567", "03001234567"],
    ["0092 300 1234567", "03001234567"],
    ["923001234567", "03001234567"],
  ])("accepts %s as %s", (typed, stored) => {
    expect(isValidPhone(typed)).toBe(true);
    expect(normalizePhone(typed)).toBe(stored);
  });

  it.each(["0300123456", "030012345678", "04235761234", "3001234567", "03OO1234567", "+44 300 1234567", ""])("refuses %s", (typed) => {
    expect(isValidPhone(typed)).toBe(false);
  });
});

describe("checkout validation messages", () => {
  it("names every missing required field with the exact text (docs/product.md)", () => {
    const result = checkoutSchema.safeParse({});
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Email is required",
      phone: "Phone number is required",
      streetAddress: "Street address is required",
      city: "City is required",
      state: "State/Province is required",
      zipCode: "ZIP code is required",
    });
  });

  it("treats whitespace as missing", () => {
    const result = checkoutSchema.safeParse({ ...valid, firstName: "   ", city: " " });
    expect(fieldErrors(result.error!)).toEqual({ firstName: "First name is required", city: "City is required" });
  });

  it.each([
    "ayesha",
    "ayesha@",
    "a b@example.pk",
    "ayesha@example",
    "<svg/onload=alert(10)>@x.pk",
    "ayesha@example.pk,evil@x.pk",
    '"ayesha"@example.pk',
  ])("refuses the e-mail %s", (email) => {
    const result = checkoutSchema.safeParse({ ...valid, email });
    expect(fieldErrors(result.error!).email).toBe(CHECKOUT_MESSAGES.emailInvalid);
  });

  it("refuses a phone that is not 03 + 9 digits with the exact text (docs/product.md)", () => {
    const result = checkoutSchema.safeParse({ ...valid, phone: "12345" });
    expect(fieldErrors(result.error!).phone).toBe("Please enter a valid Pakistani phone number (03XXXXXXXXX)");
  });

  it("stores the phone normalised, defaults the country and leaves optional fields empty", () => {
    const parsed = checkoutSchema.parse({ ...valid, phone: "+92 300 1234567", country: "" });
    expect(parsed).toMatchObject({ phone: "03001234567", country: "Pakistan", apartment: "", landmark: "", notes: "", alternatePhone: "" });
  });

  it("drops anything that is not a checkout field (prices, totals, status)", () => {
    const parsed = checkoutSchema.parse({ ...valid, total: "1", status: "completed" });
    expect(parsed).not.toHaveProperty("total");
    expect(parsed).not.toHaveProperty("status");
  });
});
