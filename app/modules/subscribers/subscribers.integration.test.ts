import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "~/lib/db.server";
import { subscribers } from "~/lib/db/tables/messages.server";
import { databaseFailingOn, testTarget, useTestDatabase } from "../../../tests/support/test-db";
import { testContext } from "../../../tests/support/test-context";
import { action } from "../../routes/subscribe";
import { subscribeSchema } from "./subscriber.schema";
import { subscribe } from "./subscribers.server";
import { answer } from "../../../tests/support/route-answer";
import { routeArgs } from "../../../tests/support/route-args";

const testDb = useTestDatabase();

async function rowsFor(email: string) {
  return testDb()
    .db.select()
    .from(subscribers)
    .where(sql`lower(${subscribers.email}) = lower(${email})`);
}

function firstMessage(input: unknown): string | undefined {
  const parsed = subscribeSchema.safeParse(input);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

describe("subscribe schema", () => {
  it("says 'Email is required.' for a missing, empty or whitespace-only e-mail", () => {
    expect(firstMessage({})).toBe("Email is required.");
    expect(firstMessage({ email: "" })).toBe("Email is required.");
    expect(firstMessage({ email: "   \t " })).toBe("Email is required.");
  });

  it("rejects a malformed address and accepts a valid one, trimmed", () => {
    expect(firstMessage({ email: "not-an-email" })).toBe("Please enter a valid email address.");
    expect(subscribeSchema.parse({ email: "  zara@example.pk " }).email).toBe("zara@example.pk");
  });
});

describe(`subscribe (${testTarget()})`, () => {
  it("keeps one row for the same e-mail in any letter case, and both calls succeed", async () => {
    await expect(subscribe(testDb().db, "Zara.Ali@Example.PK")).resolves.toEqual({ created: true });
    await expect(subscribe(testDb().db, "zara.ali@example.pk")).resolves.toEqual({ created: false });
    const rows = await rowsFor("zara.ali@example.pk");
    expect(rows).toHaveLength(1);
    expect(rows[0].email).toBe("Zara.Ali@Example.PK");
    expect(rows[0].createdAt).toBeInstanceOf(Date);
  });

  it("keeps different e-mails apart", async () => {
    await subscribe(testDb().db, "hamza@example.pk");
    await subscribe(testDb().db, "hamza2@example.pk");
    expect(await rowsFor("hamza@example.pk")).toHaveLength(1);
    expect(await rowsFor("hamza2@example.pk")).toHaveLength(1);
  });
});

async function post(fields: Record<string, string>, clientAddress?: string, database: { db: Db } = testDb()) {
  const request = new Request("http://shop.test/subscribe", { method: "POST", body: new URLSearchParams(fields) });
  const result = await answer(() => action(routeArgs({ request, params: {}, context: testContext(database, { clientAddress }) })));
  return { status: result.status, data: result.data, retryAfter: result.headers.get("Retry-After") };
}

describe("the /subscribe action", () => {
  it("answers ok for a new and for a repeated e-mail alike, so it does not reveal who subscribed", async () => {
    expect(await post({ email: "noor@example.pk" })).toMatchObject({ status: 200, data: { ok: true } });
    expect(await post({ email: "NOOR@example.pk" })).toMatchObject({ status: 200, data: { ok: true } });
    expect(await rowsFor("noor@example.pk")).toHaveLength(1);
  });

  it("answers 400 'Email is required.' for a blank e-mail and stores nothing", async () => {
    expect(await post({ email: "  " })).toMatchObject({ status: 400, data: { ok: false, message: "Email is required." } });
    expect(await post({})).toMatchObject({ status: 400, data: { ok: false, message: "Email is required." } });
  });

  it("answers 503 when the database fails", async () => {
    expect(await post({ email: "later@example.pk" }, undefined, databaseFailingOn("insert"))).toMatchObject({ status: 503, data: { ok: false } });
  });

  it("refuses an e-mail that could carry markup or a second address, storing nothing", async () => {
    for (const email of ["<svg/onload=alert(10)>@x.pk", "noor@example.pk,evil@x.pk", '"noor"@example.pk']) {
      expect(await post({ email }, "198.51.100.70")).toMatchObject({
        status: 400,
        data: { ok: false, message: "Please enter a valid email address." },
      });
      expect(await rowsFor(email)).toHaveLength(0);
    }
  });

  it("90 sign-ups at once from one address: 30 are stored, the rest get 429 with Retry-After; another address still signs up", async () => {
    const answers = await Promise.all(Array.from({ length: 90 }, (_, i) => post({ email: `flood${i}@example.pk` }, "198.51.100.71")));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(30);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(60);
    for (const a of refused) {
      const seconds = Number(a.retryAfter);
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(15 * 60);
      expect(a.data).toEqual({
        ok: false,
        message: `Too many sign-ups from your network in a short time. Please wait ${Math.ceil(seconds / 60)} minutes and try again.`,
      });
    }
    const stored = await testDb()
      .db.select()
      .from(subscribers)
      .where(sql`${subscribers.email} like 'flood%'`);
    expect(stored).toHaveLength(30);
    expect(await post({ email: "elsewhere@example.pk" }, "198.51.100.72")).toMatchObject({ status: 200, data: { ok: true } });
  });
});
