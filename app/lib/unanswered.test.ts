import { data, redirect, UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { isUnanswered, keepFormWhenUnanswered } from "./unanswered";

describe("a form whose save gets no answer", () => {
  const kept = { ok: false as const, message: "Please send it again." };

  it("passes the action's answer through", async () => {
    expect(await keepFormWhenUnanswered(async () => ({ ok: true }), kept)).toEqual({ ok: true });
  });

  it("keeps the form when the connection fails, or a proxy answers 502 for a server gone on the way", async () => {
    const lost = await keepFormWhenUnanswered(async () => Promise.reject(new TypeError("Failed to fetch")), kept);
    expect(lost).toEqual({ ...kept, unanswered: true });
    expect(isUnanswered(lost)).toBe(true);
    const gateway = new ErrorResponse(502, "Bad Gateway", "");
    expect(await keepFormWhenUnanswered(async () => Promise.reject(gateway), kept)).toEqual({ ...kept, unanswered: true });
  });

  it("lets a redirect and a refusal the server did answer go on as before", async () => {
    const moved = redirect("/admin/products/1/view");
    await expect(keepFormWhenUnanswered(async () => Promise.reject(moved), kept)).rejects.toBe(moved);
    const refused = new ErrorResponse(403, "Forbidden", "Cross-site request refused.");
    await expect(keepFormWhenUnanswered(async () => Promise.reject(refused), kept)).rejects.toBe(refused);
    expect(isUnanswered(data({ ok: true }))).toBe(false);
    expect(isUnanswered({ ok: false, message: "Please fix the errors in the form before proceeding." })).toBe(false);
    expect(isUnanswered(undefined)).toBe(false);
  });
});
