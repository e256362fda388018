import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/lib/db.server";
import { subscribers } from "~/lib/db/tables/messages.server";
import { deleteSubscriber, listSubscribers, subscribersCsv } from "~/modules/subscribers/subscribers.server";
import { databaseFailingOn, testTarget, useTestDatabase } from "../../../tests/support/test-db";
import { testContext } from "../../../tests/support/test-context";
import { requestAs, setUpVisitors, type Visitors } from "../../../tests/support/staff";
import { answer, flashOf, statusAndData } from "../../../tests/support/route-answer";
import { action, loader } from "./managesubscriptions";
import { loader as csvLoader } from "./managesubscriptions-csv";
import { routeArgs } from "../../../tests/support/route-args";

const testDb = useTestDatabase();
let visitors: Visitors;

const minutesAgo = (m: number) => new Date(Date.UTC(2026, 0, 10, 12, 0) - m * 60_000);

beforeAll(async () => {
  visitors = await setUpVisitors(testDb());
  await testDb()
    .db.insert(subscribers)
    .values([
      { email: "old@example.pk", createdAt: minutesAgo(300) },
      { email: "new@example.pk", createdAt: minutesAgo(1) },
      { email: "middle@example.pk", createdAt: minutesAgo(60) },
      { email: "=cmd|' /C calc'!A0@x.pk", createdAt: minutesAgo(120) },
    ]);
});

const args = (request: Request, database: { db: Db } = testDb()) =>
  routeArgs({ request, params: {}, context: testContext(database, { auth: visitors.auth }) });
const allEmails = async () => (await testDb().db.select({ e: subscribers.email }).from(subscribers).orderBy(asc(subscribers.email))).map((r) => r.e);

describe(`newsletter subscriptions in the back office (${testTarget()})`, () => {
  it("asks before a delete at the list's address (?delete=<id>), for a subscription on the page only", async () => {
    const db = testDb().db;
    const [row] = await db.select().from(subscribers).where(eq(subscribers.email, "middle@example.pk"));
    const asked = await answer(loader(args(requestAs(visitors.admin, `/admin/managesubscriptions?delete=${row.id}`))));
    expect(asked.data.confirmDelete).toBe(row.id);
    const unknown = await answer(loader(args(requestAs(visitors.admin, "/admin/managesubscriptions?delete=nobody"))));
    expect(unknown.data.confirmDelete).toBeNull();
    // Asking deletes nothing.
    expect(await allEmails()).toContain("middle@example.pk");
  });

  it("lists subscribers newest first, with a page count", async () => {
    const result = await answer(loader(args(requestAs(visitors.admin, "/admin/managesubscriptions"))));
    expect(result.status).toBe(200);
    const page = result.data;
    expect(page.rows.map((r) => r.email)).toEqual(["new@example.pk", "middle@example.pk", "=cmd|' /C calc'!A0@x.pk", "old@example.pk"]);
    expect(page).toMatchObject({ total: 4, page: 1, pageCount: 1 });
  });

  it("pages on the server without overlap, and an out-of-range page shows the last one", async () => {
    const db = testDb().db;
    const first = await listSubscribers(db, { page: 1, pageSize: 3 });
    const second = await listSubscribers(db, { page: 2, pageSize: 3 });
    expect(first.pageCount).toBe(2);
    expect([...first.rows, ...second.rows].map((r) => r.email)).toHaveLength(4);
    expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).toBe(4);
    expect((await listSubscribers(db, { page: 99, pageSize: 3 })).page).toBe(2);
    const odd = await answer(loader(args(requestAs(visitors.admin, "/admin/managesubscriptions?page=abc"))));
    expect(odd.data.page).toBe(1);
  });

  it("downloads a CSV, newest first, with formula-looking e-mails turned into text", async () => {
    const result = await answer(csvLoader(args(requestAs(visitors.mainAdmin, "/admin/managesubscriptions.csv"))));
    const response = result.response!;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = Buffer.from(await response.arrayBuffer()).toString("utf8");
    expect(text.startsWith("\uFEFF")).toBe(true);
    const lines = text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe('"Email","Subscribed At (PKT)"');
    expect(lines.slice(1).map((l) => l.split('","')[0])).toEqual([
      '"new@example.pk',
      '"middle@example.pk',
      `"'=cmd|' /C calc'!A0@x.pk`,
      '"old@example.pk',
    ]);
    // Pakistan time (UTC+5), as the back office shows it.
    const pakistan = new Date(minutesAgo(1).getTime() + 5 * 60 * 60_000).toISOString();
    expect(lines[1]).toBe(`"new@example.pk","${pakistan.slice(0, 10)} ${pakistan.slice(11, 19)}"`);
    expect(text).not.toMatch(/(^|,|\n)"?=/);
    const pieces: string[] = [];
    for await (const piece of subscribersCsv(testDb().db, 3)) pieces.push(piece);
    expect(pieces).toHaveLength(2);
    expect(pieces.join("")).toBe(text);
  });

  it("deletes one subscription, back to the same page of the list, and says for whom", async () => {
    const [row] = await testDb().db.select().from(subscribers).where(eq(subscribers.email, "old@example.pk"));
    const result = await answer(action(args(requestAs(visitors.admin, "/admin/managesubscriptions?page=2&delete=x", { id: row.id }))));
    expect(result).toMatchObject({ status: 303, location: "/admin/managesubscriptions?page=2" });
    expect(flashOf(result)).toBe("Subscription deleted for old@example.pk");
    expect(await allEmails()).not.toContain("old@example.pk");
    const again = await answer(action(args(requestAs(visitors.admin, "/admin/managesubscriptions", { id: row.id }))));
    expect(statusAndData(again)).toEqual({ status: 404, data: { ok: false, message: "This subscription no longer exists." } });
    const blank = await answer(action(args(requestAs(visitors.admin, "/admin/managesubscriptions", {}))));
    expect(blank.status).toBe(400);
  });

  it("says the exact failure text (docs/product.md) when the database fails", async () => {
    // The session is read through better-auth's own handle on the real database.
    const result = await answer(
      action(args(requestAs(visitors.admin, "/admin/managesubscriptions", { id: "anything" }), databaseFailingOn("delete"))),
    );
    expect(statusAndData(result)).toEqual({ status: 500, data: { ok: false, message: "Failed to delete subscription. Check console for details." } });
  });

  it("refuses anonymous visitors (to /login) and customers (to /), and deletes nothing", async () => {
    const before = await allEmails();
    const [row] = await testDb().db.select().from(subscribers).limit(1);
    for (const [cookie, to] of [
      [visitors.anonymous, "/login"],
      [visitors.customer, "/"],
    ] as const) {
      expect(await answer(loader(args(requestAs(cookie, "/admin/managesubscriptions"))))).toMatchObject({ status: 302, location: to });
      expect(await answer(csvLoader(args(requestAs(cookie, "/admin/managesubscriptions.csv"))))).toMatchObject({ status: 302, location: to });
      expect(await answer(action(args(requestAs(cookie, "/admin/managesubscriptions", { id: row.id }))))).toMatchObject({
        status: 302,
        location: to,
      });
    }
    expect(await allEmails()).toEqual(before);
  });

  it("deleteSubscriber answers NOT_FOUND for an unknown id", async () => {
    await expect(deleteSubscriber(testDb().db, "missing", { id: "someone", name: "Someone" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
