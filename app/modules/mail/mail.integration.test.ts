import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import addressparser from "nodemailer/lib/addressparser/index.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { mailOutbox } from "~/lib/db/tables/messages.server";
import { countingDatabase } from "../../../tests/support/statement-counter";
import { createTestDatabase, testTarget, type TestDatabase } from "../../../tests/support/test-db";
import { createTransport, deliverDueMail, enqueueMail, MAX_MAIL_ATTEMPTS, retryDelayMs, startMailer, UndeliverableMail } from "./mail.server";

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
    const transport = { send: async (m: { to: { address: string } }) => void sent.push(m.to.address) };
    await Promise.all([deliverDueMail(database.db, transport), deliverDueMail(database.db, transport)]);
    expect(sent.sort()).toEqual(["p0", "p1", "p2", "p3", "p4", "p5"].map((p) => `${p}@example.pk`));
  });

  it("claims due mail in batches: one statement claims a batch, one more records how each went", async () => {
    await database.db.delete(mailOutbox);
    for (let i = 0; i < 5; i++) await enqueueMail(database.db, { to: `b${i}@example.pk`, subject: "s", text: "t" });
    const counting = await countingDatabase(database);
    const transport = {
      send: async (m: { to: { address: string } }) => {
        if (m.to.address === "b1@example.pk") throw new Error("mailbox full");
        if (m.to.address === "b2@example.pk") throw new UndeliverableMail("no such mailbox");
      },
    };
    const now = new Date();
    expect(await deliverDueMail(counting.db, transport, now)).toEqual({ sent: 3, failed: 2 });
    expect(counting.statements).toHaveLength(2);
    const rows = new Map((await database.db.select().from(mailOutbox)).map((r) => [r.to, r]));
    expect(rows.get("b0@example.pk")).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(rows.get("b0@example.pk")!.sentAt).not.toBeNull();
    expect(rows.get("b1@example.pk")).toMatchObject({ status: "pending", attempts: 1, lastError: "mailbox full" });
    expect(rows.get("b1@example.pk")!.nextAttemptAt.getTime()).toBe(now.getTime() + retryDelayMs(1));
    expect(rows.get("b2@example.pk")).toMatchObject({ status: "failed", attempts: 1, lastError: "no such mailbox" });
  });

  it("the worker, kicked once per order, delivers a burst of orders' mail in a few batches, each mail once", async () => {
    await database.db.delete(mailOutbox);
    for (let i = 0; i < 25; i++) await enqueueMail(database.db, { to: `k${i}@example.pk`, subject: "s", text: "t" });
    const counting = await countingDatabase(database);
    const sent: string[] = [];
    const mailer = startMailer(
      counting.db,
      { send: async (m) => void sent.push(m.to.address) },
      { intervalMs: 60_000, kickDelayMs: 20, batchSize: 20 },
    );
    try {
      for (let i = 0; i < 25; i++) mailer.kick();
      await vi.waitFor(() => expect(sent).toHaveLength(25), { timeout: 5000 });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(new Set(sent).size).toBe(25);
      // A batch of 20 (claim, record), then the 5 left (claim, record): no run per kick.
      expect(counting.statements).toHaveLength(4);
    } finally {
      mailer.stop();
    }
  });

  it("while paused (a full or read-only disk) the worker tries nothing and spends no attempt; then it delivers", async () => {
    await database.db.delete(mailOutbox);
    await enqueueMail(database.db, { to: "p@example.pk", subject: "s", text: "t" });
    let paused = true;
    let asked = 0;
    const sent: string[] = [];
    const mailer = startMailer(
      database.db,
      { send: async (m) => void sent.push(m.to.address) },
      { intervalMs: 60_000, kickDelayMs: 10, paused: async () => (asked++, paused) },
    );
    try {
      mailer.kick();
      await vi.waitFor(() => expect(asked).toBe(1));
      const [row] = await database.db.select().from(mailOutbox);
      expect(row).toMatchObject({ status: "pending", attempts: 0 });
      paused = false;
      mailer.kick();
      await vi.waitFor(() => expect(sent).toEqual(["p@example.pk"]));
    } finally {
      mailer.stop();
    }
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

  it("a recipient's name with quotes, new lines and <> adds no header and no recipient", async () => {
    await database.db.delete(mailOutbox);
    const dir = fs.mkdtempSync(path.join(outbox, "names-"));
    const name = 'Ayesha "Boss" Khan\r\nBcc: evil@x.pk\r\nX-Injected: yes\n<evil2@x.pk>, evil3@x.pk';
    await enqueueMail(database.db, { to: "ayesha@example.pk", toName: name, subject: "Order Confirmed!\r\nBcc: evil4@x.pk", text: "t" });
    expect(await deliverDueMail(database.db, createTransport({ outboxDir: dir }))).toEqual({ sent: 1, failed: 0 });
    const headers = headersOf(fs.readFileSync(path.join(dir, fs.readdirSync(dir)[0]), "utf8"));
    expect(headers.map((h) => h.name).sort()).toEqual([
      "Content-Transfer-Encoding",
      "Content-Type",
      "Date",
      "From",
      "MIME-Version",
      "Message-ID",
      "Subject",
      "To",
    ]);
    // One recipient, the name shown as a name (quoted), nothing in it read as an address or a header.
    const to = addressparser(headers.find((h) => h.name === "To")!.value);
    expect(to).toEqual([{ address: "ayesha@example.pk", name: 'Ayesha "Boss" Khan Bcc: evil@x.pk X-Injected: yes <evil2@x.pk>, evil3@x.pk' }]);
    expect(headers.find((h) => h.name === "Subject")!.value).toBe("Order Confirmed! Bcc: evil4@x.pk");
    expect(headers.find((h) => h.name === "From")!.value).toBe("Chamra Leather <orders@chamra.pk>");
  });

  it("an address with a second address or a header in it is never sent to anyone", async () => {
    await database.db.delete(mailOutbox);
    const dir = fs.mkdtempSync(path.join(outbox, "addresses-"));
    for (const to of [
      "buyer@example.pk, evil@x.pk",
      "buyer@example.pk\r\nBcc: evil@x.pk",
      "<svg/onload=alert(10)>@x.pk",
      "Buyer <buyer@example.pk>",
    ]) {
      await enqueueMail(database.db, { to, subject: "s", text: "t" });
    }
    expect(await deliverDueMail(database.db, createTransport({ outboxDir: dir }))).toEqual({ sent: 0, failed: 4 });
    expect(fs.readdirSync(dir)).toEqual([]);
    const rows = await database.db.select().from(mailOutbox);
    // It could never be sent, so it is not retried.
    for (const row of rows) expect(row).toMatchObject({ status: "failed", attempts: 1, lastError: "not a valid e-mail address" });
  });
});

/** The header lines of a rendered message, folded lines joined. */
function headersOf(eml: string): { name: string; value: string }[] {
  const head = eml.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " ");
  return head.split(/\r?\n/).map((line) => ({ name: line.slice(0, line.indexOf(":")), value: line.slice(line.indexOf(":") + 1).trim() }));
}
