import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "~/lib/schema.server";
import { createTestDatabase, testTarget, type TestDatabase } from "../../../tests/support/test-db";
import { createTransport, deliverDueMail, enqueueMail, MAX_MAIL_ATTEMPTS, retryDelayMs } from "./mail.server";

let database: TestDatabase;
const outbox = fs.mkdtempSync(path.join(os.tmpdir(), "shop-outbox-"));

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
  fs.rmSync(outbox, { recursive: true, force: true });
});

describe(`the mail outbox (${testTarget()})`, () => {
  it("without SMTP_URL, delivers each mail once as an .eml file", async () => {
    await enqueueMail(database.db, { to: "buyer@example.pk", subject: "Order Confirmed! ORD-1", text: "Total: PKR 3,360" });
    const transport = createTransport({ outboxDir: outbox });
    expect(await deliverDueMail(database.db, transport)).toEqual({ sent: 1, failed: 0 });
    expect(await deliverDueMail(database.db, transport)).toEqual({ sent: 0, failed: 0 });
    const files = fs.readdirSync(outbox).filter((f) => f.endsWith(".eml"));
    expect(files).toHaveLength(1);
    const eml = fs.readFileSync(path.join(outbox, files[0]), "utf8");
    expect(eml).toContain("To: buyer@example.pk");
    expect(eml).toContain("Subject: Order Confirmed! ORD-1");
    expect(eml).toContain("Total: PKR 3,360");
  });

  it("two deliverers running at once send each mail once", async () => {
    await database.db.delete(mailOutbox);
    for (let i = 0; i < 6; i++) await enqueueMail(database.db, { to: `p${i}@example.pk`, subject: "s", text: "t" });
    const sent: string[] = [];
    const transport = { send: async (m: { to: string }) => void sent.push(m.to) };
    await Promise.all([deliverDueMail(database.db, transport), deliverDueMail(database.db, transport)]);
    expect(sent.sort()).toEqual(["p0", "p1", "p2", "p3", "p4", "p5"].map((p) => `${p}@example.pk`));
  });

  it("gives up after the last attempt and waits longer between attempts", async () => {
    await database.db.delete(mailOutbox);
    await enqueueMail(database.db, { to: "x@example.pk", subject: "s", text: "t" });
    const failing = { send: async () => Promise.reject(new Error("connection refused")) };
    let at = Date.now();
    for (let i = 0; i < MAX_MAIL_ATTEMPTS; i++) {
      await deliverDueMail(database.db, failing, new Date(at));
      at += retryDelayMs(i + 1) + 1000;
    }
    const [row] = await database.db.select().from(mailOutbox);
    expect(row).toMatchObject({ status: "failed", attempts: MAX_MAIL_ATTEMPTS, lastError: "connection refused" });
    expect(retryDelayMs(2)).toBeGreaterThan(retryDelayMs(1));
  });
});
