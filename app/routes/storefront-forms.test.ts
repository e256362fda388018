import { describe, expect, it } from "vitest";
import { answer } from "../../tests/support/route-answer";
import { databaseFailingOn } from "../../tests/support/test-db";
import { testContext } from "../../tests/support/test-context";
import { action as confirmOrderAction } from "./confirm-order";
import { action as contactAction } from "./contact";
import { action as forgotPasswordAction } from "./forgot-password";
import { action as loginAction } from "./login";
import { action as resetPasswordAction } from "./reset-password";
import { action as signupAction } from "./signup";
import { action as subscribeAction } from "./subscribe";
import { action as trackAction } from "./track";
import { routeArgs, type RouteFunction } from "../../tests/support/route-args";
import { PASSWORD_TOO_SHORT } from "~/modules/accounts/password-rules";

/*
 * Issue 33, goal 4: every storefront form refused for its values answers the same way
 * (parseForm, docs/decisions/0063): 400, the first problem in `error` (the words the page shows at
 * the top), each field's first problem in `fieldErrors`, and what was typed, never a password. A
 * form refused for its values never reaches the database: the one given here fails on any use.
 */

async function refusal<R>(action: RouteFunction<R>, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const request = new Request(`http://localhost:3000${path}`, { method: "POST", body: new URLSearchParams(fields), headers });
  const context = testContext(databaseFailingOn("select"), { clientAddress: "198.51.100.40" });
  const a = await answer(() => action(routeArgs({ request, params: {}, context })));
  return { status: a.status, data: a.data };
}

describe("storefront forms refused for their values", () => {
  it("login: both fields named, the e-mail kept, the password not", async () => {
    const a = await refusal(loginAction, "/login", { email: "shopper@example.pk", password: "" });
    expect(a).toEqual({
      status: 400,
      data: {
        email: "shopper@example.pk",
        error: "Please fill out all required fields.",
        fieldErrors: { password: "Please fill out all required fields." },
      },
    });
    expect(JSON.stringify((await refusal(loginAction, "/login", { email: "", password: "secret-typed" })).data)).not.toContain("secret-typed");
  });

  it("signup: each missing field under its name, what was typed kept, never the password", async () => {
    const a = await refusal(signupAction, "/signup", {
      email: "new@example.pk",
      password: "Saddle-Stitch-4417",
      firstName: "Sana",
      lastName: "",
      gender: "",
    });
    expect(a.status).toBe(400);
    expect(a.data).toMatchObject({
      error: "Please fill out all required fields.",
      fieldErrors: { lastName: "Please fill out all required fields.", gender: "Please fill out all required fields." },
      values: { email: "new@example.pk", firstName: "Sana" },
      sent: null,
    });
    expect(JSON.stringify(a.data)).not.toContain("Saddle-Stitch-4417");
  });

  it("forgot password and reset password", async () => {
    expect(await refusal(forgotPasswordAction, "/forgot-password", { email: "not-an-address" })).toEqual({
      status: 400,
      data: {
        sent: false,
        email: "not-an-address",
        error: "Please enter a valid email address.",
        fieldErrors: { email: "Please enter a valid email address." },
      },
    });
    expect(await refusal(resetPasswordAction, "/reset-password", { token: "t", password: "short" })).toEqual({
      status: 400,
      data: {
        linkError: null,
        error: "Password must be at least 8 characters.",
        fieldErrors: { password: "Password must be at least 8 characters." },
      },
    });
  });

  it("track: the order number and the phone each say what is wrong, and both are kept", async () => {
    const a = await refusal(trackAction, "/track", { orderNumber: "12345", phone: "12" });
    expect(a).toEqual({
      status: 400,
      data: {
        values: { orderNumber: "12345", phone: "12" },
        error: "Please enter the order number from your confirmation (ORD- and 13 digits).",
        fieldErrors: {
          orderNumber: "Please enter the order number from your confirmation (ORD- and 13 digits).",
          phone: "Please enter a valid Pakistani phone number (03XXXXXXXXX)",
        },
      },
    });
  });

  it("contact: a missing field is said first, whatever the field order, and each field has its own problem", async () => {
    const a = await refusal(contactAction, "/contact", { name: "Ayesha", email: "nope", phone: "", subject: "other", message: "" });
    expect(a.status).toBe(400);
    expect(a.data).toMatchObject({
      ok: false,
      message: "Please fill in all required fields.",
      error: "Please fill in all required fields.",
      fields: ["email", "message"],
      fieldErrors: { email: "Please enter a valid email address.", message: "Please fill in all required fields." },
      values: { name: "Ayesha", email: "nope" },
    });
  });

  it("the newsletter box, asked from the footer's script", async () => {
    const a = await refusal(subscribeAction, "/subscribe", { email: "nope" }, { Accept: "application/json", "Sec-Fetch-Mode": "cors" });
    expect(a).toEqual({
      status: 400,
      data: {
        ok: false,
        message: "Please enter a valid email address.",
        error: "Please enter a valid email address.",
        fieldErrors: { email: "Please enter a valid email address." },
      },
    });
  });

  it("Save my details on the confirmation: a short password is named under the password, and never echoed", async () => {
    const a = await refusal(confirmOrderAction, "/confirmorder", { intent: "save-details", receipt: "a-receipt", password: "short1" });
    expect(a).toEqual({
      status: 400,
      data: { error: PASSWORD_TOO_SHORT.customer, fieldErrors: { password: PASSWORD_TOO_SHORT.customer } },
    });
    expect(JSON.stringify(a.data)).not.toContain("short1");
  });
});
