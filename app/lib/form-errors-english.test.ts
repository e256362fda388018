import { describe, expect, it } from "vitest";
import { checkForm } from "./form-errors";
import { signupSchema } from "~/modules/accounts/account.schema";
import { cartInputSchema } from "~/modules/cart/cart.schema";

/*
 * The browser's schemas are written with zod/mini, which carries no words of its own: a rule
 * without a message of ours would say "Invalid input" in the browser where the server (zod classic
 * loaded) says what is wrong. form-errors.ts gives both the same English. This file imports no zod
 * classic, as a form page's scripts do not.
 */
describe("a rule without a message of ours, checked as the browser checks it", () => {
  const signup = {
    email: "ali@example.pk",
    password: "a long enough password 1",
    firstName: "Ali",
    lastName: "Khan",
    gender: "male",
  };

  it("says what is wrong in English, as the server does", () => {
    const checked = checkForm(signupSchema, { ...signup, number: "1".repeat(21) });
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.fieldErrors.number).toBe("Too big: expected string to have <=20 characters");
  });

  it("answers with the schema's own message where it has one", () => {
    const checked = checkForm(signupSchema, { ...signup, number: "12ab" });
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.fieldErrors.number).toBe("Please enter a phone number with digits only.");
  });

  it("reads a cart's quantity typed as text, and refuses one that is not a whole number", () => {
    const line = { productID: "p1", productVariantKey: "v1" };
    expect(cartInputSchema.safeParse([{ ...line, productQuantity: " 3 " }]).data).toEqual([{ ...line, productSize: "", productQuantity: 3 }]);
    expect(cartInputSchema.safeParse([{ ...line, productQuantity: "0x10" }]).success).toBe(false);
  });
});
