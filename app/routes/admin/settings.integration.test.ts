import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/lib/db.server";
import { getConfirmationTemplate, saveConfirmationTemplate } from "~/modules/orders/order-confirmation.server";
import { getFirstOrderThreshold } from "~/modules/orders/order-review.server";
import { DEFAULT_FIRST_ORDER_THRESHOLD } from "~/modules/orders/order-review";
import { testTarget, useTestDatabase } from "../../../tests/support/test-db";
import { testContext } from "../../../tests/support/test-context";
import { requestAs, setUpVisitors, type Visitors } from "../../../tests/support/staff";
import { answer, dataWith } from "../../../tests/support/route-answer";
import { action } from "./settings";
import { routeArgs } from "../../../tests/support/route-args";

/** Issue 32, goal 7: Settings refuses unknown placeholders in the WhatsApp message and names them, on the server. */
const testDb = useTestDatabase();
let visitors: Visitors;

beforeAll(async () => {
  visitors = await setUpVisitors(testDb());
});

const args = (request: Request, database: { db: Db } = testDb()) =>
  routeArgs({ request, params: {}, context: testContext(database, { auth: visitors.auth }) });
const save = (cookie: string, form: Record<string, string>) => answer(action(args(requestAs(cookie, "/admin/settings", form))));

describe(`the settings' confirmation message (${testTarget()})`, () => {
  it("saves a message that uses only the known placeholders", async () => {
    const result = await save(visitors.mainAdmin, { template: "Salam {name}! Order {orderNumber}, {total}. {shop} {shopPhone} {items}" });
    expect(result).toMatchObject({ status: 200, data: { ok: true, message: "Settings saved." } });
    expect(await getConfirmationTemplate(testDb().db)).toBe("Salam {name}! Order {orderNumber}, {total}. {shop} {shopPhone} {items}");
  });

  it("refuses an unknown placeholder on the message's field, naming it, keeps what was typed, and saves nothing", async () => {
    await saveConfirmationTemplate(testDb().db, "Hello {name}");
    const result = await save(visitors.mainAdmin, { template: "Hello {naem}, your {total} and {Total}" });
    expect(result.status).toBe(400);
    expect(result.data).toEqual({
      ok: false,
      message: null,
      templateError:
        "Unknown placeholders: {naem}, {Total}. The message may use only {name}, {orderNumber}, {items}, {total}, {shop} and {shopPhone}.",
      template: "Hello {naem}, your {total} and {Total}",
    });
    expect(await getConfirmationTemplate(testDb().db)).toBe("Hello {name}");
  });

  it("answers a post without the field, or of the wrong shape, with a 400 on the field", async () => {
    const missing = await save(visitors.mainAdmin, {});
    expect(missing.status).toBe(400);
    expect(dataWith(missing, "templateError").templateError).toEqual(expect.any(String));
  });

  it("refuses plain admins, saving nothing", async () => {
    await saveConfirmationTemplate(testDb().db, "Hello {name}");
    const result = await save(visitors.admin, { template: "Changed {name}" });
    expect(result.status).toBe(403);
    expect(await getConfirmationTemplate(testDb().db)).toBe("Hello {name}");
  });
});

describe(`the settings' first-order threshold (${testTarget()})`, () => {
  it("saves whole rupees as typed, leaves the message alone, and brings the default back when emptied", async () => {
    await saveConfirmationTemplate(testDb().db, "Hello {name}");
    const saved = await save(visitors.mainAdmin, { intent: "first-order-threshold", threshold: "40,000" });
    expect(saved).toMatchObject({ status: 200, data: { ok: true, message: "Settings saved.", intent: "first-order-threshold" } });
    expect(await getFirstOrderThreshold(testDb().db)).toBe(4_000_000);
    expect(await getConfirmationTemplate(testDb().db)).toBe("Hello {name}");
    await save(visitors.mainAdmin, { intent: "first-order-threshold", threshold: "" });
    expect(await getFirstOrderThreshold(testDb().db)).toBe(DEFAULT_FIRST_ORDER_THRESHOLD);
  });

  it("refuses an amount that is not whole rupees on its own form, and plain admins, saving nothing", async () => {
    await save(visitors.mainAdmin, { intent: "first-order-threshold", threshold: "30000" });
    const bad = await save(visitors.mainAdmin, { intent: "first-order-threshold", threshold: "30k" });
    expect(bad).toMatchObject({
      status: 400,
      data: { ok: false, message: "Please enter the amount in whole rupees, e.g. 25000.", intent: "first-order-threshold" },
    });
    const plain = await save(visitors.admin, { intent: "first-order-threshold", threshold: "1" });
    expect(plain.status).toBe(403);
    expect(await getFirstOrderThreshold(testDb().db)).toBe(3_000_000);
  });
});
