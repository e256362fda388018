import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkForm } from "./form-errors";
import { parseForm } from "./form-refusal.server";

const schema = z.object({
  email: z.string().min(1, "Email is required").email("Please enter a valid email address"),
  name: z.string().min(1, "Name is required").max(5, "Name is too long"),
});

describe("one form-error path", () => {
  it("gives the first problem and each field's first problem", () => {
    const checked = checkForm(schema, { email: "", name: "" });
    expect(checked).toEqual({ ok: false, error: "Email is required", fieldErrors: { email: "Email is required", name: "Name is required" } });
  });

  it("reads FormData, keeping the first value of a name sent twice", () => {
    const form = new FormData();
    form.append("email", "a@b.pk");
    form.append("email", "not an address");
    form.append("name", "Ali");
    expect(checkForm(schema, form)).toEqual({ ok: true, value: { email: "a@b.pk", name: "Ali" } });
  });

  it("keeps a problem of the whole form under no field", () => {
    const pair = z.object({ a: z.string(), b: z.string() }).refine((v) => v.a === v.b, "The two must match");
    expect(checkForm(pair, { a: "x", b: "y" })).toEqual({ ok: false, error: "The two must match", fieldErrors: {} });
    const onB = z.object({ a: z.string(), b: z.string() }).refine((v) => v.a === v.b, { message: "Passwords do not match", path: ["b"] });
    expect(checkForm(onB, { a: "x", b: "y" })).toEqual({ ok: false, error: "Passwords do not match", fieldErrors: { b: "Passwords do not match" } });
  });

  it("answers a refused form with 400, its problems and what the route keeps", async () => {
    const parsed = parseForm(schema, { email: "x", name: "Ali" }, { values: { email: "x" } });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.response.init?.status).toBe(400);
    expect(parsed.response.data).toEqual({
      values: { email: "x" },
      error: "Please enter a valid email address",
      fieldErrors: { email: "Please enter a valid email address" },
    });
  });

  it("tells a leading message first when the form has it, whatever the field order", () => {
    const lead = ["Name is required"];
    expect(checkForm(schema, { email: "x", name: "" }, { lead })).toMatchObject({ ok: false, error: "Name is required" });
    expect(checkForm(schema, { email: "x", name: "Ali" }, { lead })).toMatchObject({ ok: false, error: "Please enter a valid email address" });
  });

  it("works out what the route keeps from the problems when asked to", () => {
    const parsed = parseForm(schema, { email: "", name: "Ali" }, (problems) => ({
      message: problems.error,
      fields: Object.keys(problems.fieldErrors),
    }));
    if (parsed.ok) throw new Error("expected a refusal");
    expect(parsed.response.data).toMatchObject({ message: "Email is required", fields: ["email"], error: "Email is required" });
  });
});
