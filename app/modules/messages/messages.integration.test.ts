import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "~/lib/db.server";
import { contactSubmissions } from "~/lib/db/tables/messages.server";
import { databaseFailingOn, testTarget, useTestDatabase } from "../../../tests/support/test-db";
import { testContext } from "../../../tests/support/test-context";
import { action } from "../../routes/contact";
import { contactErrorMessage, contactSchema, EMAIL_MESSAGE, REQUIRED_MESSAGE } from "./contact.schema";
import { createSubmission } from "./messages.server";
import { answer, dataWith } from "../../../tests/support/route-answer";
import { routeArgs } from "../../../tests/support/route-args";

const testDb = useTestDatabase();

const valid = { name: "Ayesha Khan", email: "ayesha@example.pk", phone: "03001234567", subject: "wholesale", message: "Do you make belts in bulk?" };

function rejection(input: Record<string, unknown>): string {
  const parsed = contactSchema.safeParse(input);
  if (parsed.success) throw new Error("expected the form to be rejected");
  return contactErrorMessage(parsed.error);
}

describe("contact schema", () => {
  it("rejects a missing or blank name, e-mail or message with the required-fields message", () => {
    expect(rejection({ ...valid, name: "" })).toBe(REQUIRED_MESSAGE);
    expect(rejection({ ...valid, name: "   " })).toBe(REQUIRED_MESSAGE);
    expect(rejection({ ...valid, email: "" })).toBe(REQUIRED_MESSAGE);
    expect(rejection({ ...valid, message: "\n \t" })).toBe(REQUIRED_MESSAGE);
    expect(REQUIRED_MESSAGE).toBe("Please fill in all required fields.");
  });

  it("rejects a malformed e-mail with the e-mail message", () => {
    for (const email of ["ayesha", "ayesha@", "ayesha@example", "a b@example.pk", "@example.pk"]) {
      expect(rejection({ ...valid, email })).toBe(EMAIL_MESSAGE);
    }
    expect(EMAIL_MESSAGE).toBe("Please enter a valid email address.");
  });

  it("names the missing fields first when the e-mail is also malformed", () => {
    expect(rejection({ ...valid, email: "nope", message: "" })).toBe(REQUIRED_MESSAGE);
  });

  it("files an unknown or missing subject under 'other' and makes the phone optional", () => {
    expect(contactSchema.parse({ ...valid, subject: "free-money" }).subject).toBe("other");
    expect(contactSchema.parse({ ...valid, subject: "" }).subject).toBe("other");
    const { phone: _phone, subject: _subject, ...rest } = valid;
    expect(contactSchema.parse(rest)).toMatchObject({ phone: "", subject: "other" });
    expect(contactSchema.parse({ ...valid, subject: "custom-order" }).subject).toBe("custom-order");
  });
});

describe(`createSubmission (${testTarget()})`, () => {
  it("stores a new, unread submission with the trimmed fields", async () => {
    const input = contactSchema.parse({
      name: "  Bilal Ahmed ",
      email: " bilal@example.pk  ",
      phone: " 0321 7654321 ",
      subject: "order-support",
      message: "  Where is my order ORD-1700000000000?  ",
    });
    const { id } = await createSubmission(testDb().db, input);
    const [row] = await testDb().db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
    expect(row).toMatchObject({
      name: "Bilal Ahmed",
      email: "bilal@example.pk",
      phone: "0321 7654321",
      subject: "order-support",
      message: "Where is my order ORD-1700000000000?",
      status: "new",
      read: false,
      updatedAt: null,
    });
    expect(row.createdAt).toBeInstanceOf(Date);
    expect(Math.abs(row.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
  });
});

/** What the /contact action answered: its data and HTTP status. */
async function post(fields: Record<string, string>, clientAddress?: string, database: { db: Db } = testDb()) {
  const request = new Request("http://shop.test/contact", { method: "POST", body: new URLSearchParams(fields) });
  const result = await answer(() => action(routeArgs({ request, params: {}, context: testContext(database, { clientAddress }) })));
  return { status: result.status, data: result.data, retryAfter: result.headers.get("Retry-After") };
}

async function countFrom(email: string) {
  return (await testDb().db.select().from(contactSubmissions).where(eq(contactSubmissions.email, email))).length;
}

describe("the /contact action", () => {
  it("stores a valid message and thanks the sender", async () => {
    const email = "saima@example.pk";
    const result = await post({ ...valid, email });
    expect(result).toMatchObject({
      status: 200,
      data: { ok: true, message: "Thank you for your message! We will get back to you within 24 hours." },
    });
    expect(await countFrom(email)).toBe(1);
  });

  it("answers 400 with the message and the typed values for a rejected form, storing nothing", async () => {
    const email = "not-an-email";
    const result = await post({ ...valid, email });
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({ ok: false, message: EMAIL_MESSAGE, fields: ["email"], values: { ...valid, email } });
    expect(await countFrom(email)).toBe(0);

    const missing = await post({ email: "x@example.pk" });
    expect(missing.status).toBe(400);
    expect(missing.data).toMatchObject({ ok: false, message: REQUIRED_MESSAGE, fields: ["name", "message"] });
  });

  it("answers 503 with the error message and keeps the typed values when the database fails", async () => {
    const result = await post(valid, undefined, databaseFailingOn("insert"));
    expect(result.status).toBe(503);
    expect(result.data).toEqual({
      ok: false,
      message: "Sorry, there was an error sending your message. Please try again.",
      fields: [],
      values: valid,
    });
  });

  it("refuses an e-mail that could carry markup or a second address, storing nothing", async () => {
    for (const email of ["<svg/onload=alert(10)>@x.pk", "saima@example.pk,evil@x.pk", '"saima"@example.pk']) {
      const result = await post({ ...valid, email }, "198.51.100.60");
      expect(result.status).toBe(400);
      expect(result.data).toMatchObject({ ok: false, message: EMAIL_MESSAGE, fields: ["email"] });
      expect(await countFrom(email)).toBe(0);
    }
  });

  it("90 messages at once from one address: 30 are stored, the rest get 429 with Retry-After; another address still writes", async () => {
    const answers = await Promise.all(Array.from({ length: 90 }, (_, i) => post({ ...valid, email: `burst${i}@example.pk` }, "198.51.100.61")));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(30);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(60);
    for (const a of refused) {
      const seconds = Number(a.retryAfter);
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(15 * 60);
      expect(a.data).toMatchObject({
        ok: false,
        message: `Too many messages from your network in a short time. Please wait ${Math.ceil(seconds / 60)} minutes and try again, or call us on +92 300 1234567.`,
        fields: [],
      });
      expect(dataWith(a, "values").values.message).toBe(valid.message);
    }
    let stored = 0;
    for (let i = 0; i < 90; i++) stored += await countFrom(`burst${i}@example.pk`);
    expect(stored).toBe(30);
    expect((await post({ ...valid, email: "elsewhere@example.pk" }, "198.51.100.62")).status).toBe(200);
  });
});
