import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { contactSubmissions } from "~/lib/db/tables/messages.server";
import { listSubmissions, submissionCounts } from "~/modules/messages/admin-messages.server";
import { createSubmission } from "~/modules/messages/messages.server";
import { useAdminRequests, type Who } from "../../../tests/support/admin-requests";
import { answer, flashOf } from "../../../tests/support/route-answer";
import { testTarget, useTestDatabase } from "../../../tests/support/test-db";
import { action, loader } from "./contactsubmissions";
import { useLiveEvents } from "../../../tests/support/live";
import { routeArgs } from "../../../tests/support/route-args";

const testDb = useTestDatabase();
const visitors = useAdminRequests(testDb);
const PATH = "/admin/contactsubmissions";

type Row = typeof contactSubmissions.$inferSelect;

const args = (request: Request) => routeArgs({ request, params: {}, context: visitors.context() });
const load = (who: Who, query = "") => answer(() => loader(args(visitors.request(who, `${PATH}${query}`))));
const post = (who: Who, form: Record<string, string>, query = "") => answer(() => action(args(visitors.request(who, `${PATH}${query}`, { form }))));

const minutesAgo = (m: number) => new Date(Date.UTC(2026, 0, 10, 12, 0) - m * 60_000);

async function insert(values: Partial<typeof contactSubmissions.$inferInsert> & { name: string }): Promise<Row> {
  const [row] = await testDb()
    .db.insert(contactSubmissions)
    .values({ email: `${values.name.toLowerCase().replace(/\W+/g, ".")}@example.pk`, message: "Hello", ...values })
    .returning();
  return row;
}

async function row(id: string): Promise<Row> {
  const [found] = await testDb().db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
  return found;
}

async function everything() {
  return testDb().db.select().from(contactSubmissions).orderBy(asc(contactSubmissions.id));
}

const { heard } = useLiveEvents(testDb);

describe(`the contact submissions inbox (${testTarget()})`, () => {
  let seeded: Record<string, Row>;

  beforeAll(async () => {
    seeded = {
      ayesha: await insert({
        name: "Ayesha Khan",
        subject: "custom-order",
        message: "A brown laptop bag with my initials, please.",
        createdAt: minutesAgo(1),
      }),
      bilal: await insert({
        name: "Bilal Ahmed",
        email: "bilal@shop.pk",
        subject: "order-support",
        message: "Where is order ORD-1?",
        status: "replied",
        read: true,
        createdAt: minutesAgo(2),
      }),
      sana: await insert({
        name: "Sana Malik",
        subject: "wholesale",
        message: "Do you sell 50% off_in bulk?",
        status: "resolved",
        read: true,
        createdAt: minutesAgo(3),
      }),
      // Stored as replied but unread: the inbox shows it as new.
      omar: await insert({
        name: "Omar Farooq",
        subject: "complaint",
        message: "The strap broke.",
        status: "replied",
        read: false,
        createdAt: minutesAgo(4),
      }),
      hina: await insert({ name: "Hina Raza", subject: "other", message: "Lovely wallets.", status: "read", read: true, createdAt: minutesAgo(5) }),
    };
  });

  it("lists submissions newest first with the cards' counts by the status the inbox shows", async () => {
    const result = await load("admin");
    expect(result.status).toBe(200);
    expect(result.data.rows.map((r) => r.name)).toEqual(["Ayesha Khan", "Bilal Ahmed", "Sana Malik", "Omar Farooq", "Hina Raza"]);
    expect(result.data.counts).toEqual({ total: 5, unread: 2, replied: 1, resolved: 1 });
    expect(result.data).toMatchObject({ total: 5, page: 1, pageCount: 1, selected: null });
    expect(result.data.rows[0]).toMatchObject({
      subject: "custom-order",
      status: "new",
      read: false,
      preview: "A brown laptop bag with my initials, please.",
    });
  });

  it("searches name, e-mail and message, case-insensitively, with % and _ taken literally", async () => {
    const names = async (q: string) => (await load("admin", `?q=${encodeURIComponent(q)}`)).data.rows.map((r) => r.name);
    expect(await names("ayesha")).toEqual(["Ayesha Khan"]);
    expect(await names("SHOP.PK")).toEqual(["Bilal Ahmed"]);
    expect(await names("strap")).toEqual(["Omar Farooq"]);
    expect(await names("50%")).toEqual(["Sana Malik"]);
    expect(await names("f_in")).toEqual(["Sana Malik"]);
    expect(await names("%")).toEqual(["Sana Malik"]);
    expect(await names("_")).toEqual(["Sana Malik"]);
    expect(await names("nobody-writes-this")).toEqual([]);
  });

  it("filters on the status the inbox shows ('new' = unread) and on the subject, together with the search", async () => {
    const names = async (query: string) => (await load("admin", query)).data.rows.map((r) => r.name);
    expect(await names("?status=new")).toEqual(["Ayesha Khan", "Omar Farooq"]);
    expect(await names("?status=replied")).toEqual(["Bilal Ahmed"]);
    expect(await names("?status=resolved")).toEqual(["Sana Malik"]);
    expect(await names("?status=read")).toEqual(["Hina Raza"]);
    expect(await names("?subject=complaint")).toEqual(["Omar Farooq"]);
    expect(await names("?subject=complaint&status=replied")).toEqual([]);
    expect(await names("?status=new&q=bag")).toEqual(["Ayesha Khan"]);
    // Unknown values are ignored rather than refused.
    expect(await names("?status=deleted&subject=spam&page=abc")).toHaveLength(5);
  });

  it("pages by 25 without overlap; a page past the end shows the last one", async () => {
    const db = testDb().db;
    for (let i = 0; i < 26; i++)
      await insert({ name: `Paging Person ${i}`, subject: "wholesale", message: "bulk paging", createdAt: minutesAgo(100 + i) });
    const first = await load("admin", "?q=bulk+paging");
    expect(first.data).toMatchObject({ total: 26, page: 1, pageCount: 2 });
    expect(first.data.rows).toHaveLength(25);
    const second = await load("admin", "?q=bulk+paging&page=2");
    expect(second.data.rows.map((r) => r.name)).toEqual(["Paging Person 25"]);
    expect(new Set([...first.data.rows, ...second.data.rows].map((r) => r.id)).size).toBe(26);
    expect((await load("admin", "?q=bulk+paging&page=9")).data.page).toBe(2);
    expect((await submissionCounts(db)).total).toBe(31);
    expect((await listSubmissions(db, { q: "bulk paging", pageSize: 10, page: 3 })).rows).toHaveLength(6);
  });

  it("opening an unread submission marks it read and shows it, keeping the search and filters", async () => {
    const before = await row(seeded.omar.id);
    const result = await post("admin", { intent: "open", id: seeded.omar.id }, "?status=new&subject=complaint");
    expect(result.status).toBe(303);
    expect(result.location).toBe(`${PATH}?status=new&subject=complaint&view=${seeded.omar.id}`);
    const after = await row(seeded.omar.id);
    expect(after).toMatchObject({ status: "read", read: true });
    expect(after.updatedAt).toBeInstanceOf(Date);
    expect(before.updatedAt).toBeNull();

    const view = await load("admin", `?view=${seeded.omar.id}`);
    expect(view.data.selected).toMatchObject({ id: seeded.omar.id, name: "Omar Farooq", status: "read", read: true, message: "The strap broke." });
    expect(view.data.selected?.updatedAt).toBe(after.updatedAt!.toISOString());
  });

  it("opening a read submission changes nothing; showing one by its address never marks it read", async () => {
    const hina = await row(seeded.hina.id);
    expect((await post("admin", { intent: "open", id: hina.id })).status).toBe(303);
    expect(await row(hina.id)).toEqual(hina);

    const ayesha = await row(seeded.ayesha.id);
    const shown = await load("admin", `?view=${ayesha.id}`);
    expect(shown.data.selected).toMatchObject({ id: ayesha.id, read: false, status: "new", updatedAt: null });
    expect(await row(ayesha.id)).toEqual(ayesha);
  });

  it("the status dropdown: 'read' marks read, other statuses leave the read flag alone", async () => {
    const id = seeded.ayesha.id;
    expect(await post("admin", { intent: "status", id, status: "resolved" })).toMatchObject({ status: 200, data: { ok: true, id } });
    expect(await row(id)).toMatchObject({ status: "resolved", read: false });
    expect((await load("admin", "?status=new")).data.rows.map((r) => r.id)).toContain(id);

    await post("admin", { intent: "status", id, status: "read" });
    expect(await row(id)).toMatchObject({ status: "read", read: true });

    await post("admin", { intent: "status", id, status: "new" });
    expect(await row(id)).toMatchObject({ status: "new", read: true });
    expect((await load("admin", "?status=new")).data.rows.map((r) => r.id)).not.toContain(id);
  });

  it("Mark as Unread sets unread and 'new'; Mark as Read sets read and 'read'", async () => {
    const id = seeded.bilal.id;
    await post("admin", { intent: "read", id, read: "false" });
    expect(await row(id)).toMatchObject({ status: "new", read: false });
    await post("admin", { intent: "read", id, read: "true" });
    expect(await row(id)).toMatchObject({ status: "read", read: true });
  });

  it("Mark as Replied sets 'replied' and read, and stays on the inbox: no post sends the browser to a mail draft", async () => {
    const id = seeded.sana.id;
    await post("admin", { intent: "read", id, read: "false" });
    expect(await post("admin", { intent: "reply", id })).toMatchObject({ status: 200, data: { ok: true } });
    expect(await row(id)).toMatchObject({ status: "replied", read: true });

    // A page from before (its Reply via Email was a form that marked Replied, then opened the draft)
    // is marked as asked, and answered in the page: the mail draft is the link's alone now.
    await post("admin", { intent: "status", id, status: "resolved" });
    const oldPage = await post("admin", { intent: "reply", id, openMail: "1" });
    expect(oldPage).toMatchObject({ status: 200, location: null, data: { ok: true } });
    expect(await row(id)).toMatchObject({ status: "replied", read: true });
  });

  it("gives each row the sender's phone, for its Call and WhatsApp", async () => {
    const { id } = await createSubmission(testDb().db, {
      name: "Phone Caller",
      email: "caller@example.pk",
      phone: "0300-1234567",
      subject: "other",
      message: "Call me",
    });
    const list = await load("admin", "?q=Phone%20Caller");
    expect(list.data.rows.find((r) => r.id === id)?.phone).toBe("0300-1234567");
  });

  it("asks before a delete at the inbox's address (?delete=<id>), then moves the message to the Trash and says so", async () => {
    const { id } = await createSubmission(testDb().db, {
      name: "Leaving Soon",
      email: "leaving@example.pk",
      phone: "",
      subject: "other",
      message: "Bye",
    });
    const asked = await load("admin", `?status=new&delete=${id}`);
    expect(asked.data.toDelete).toMatchObject({ id, name: "Leaving Soon" });
    expect(await row(id)).toBeDefined();
    expect((await load("admin", "?delete=no-such-id")).data.toDelete).toBeNull();

    const done = await post("admin", { intent: "delete", id }, "?status=new");
    expect(done).toMatchObject({ status: 303, location: `${PATH}?status=new` });
    expect(flashOf(done)).toBe("Message deleted.");
    expect(await row(id)).toBeUndefined();
  });

  it("answers with the exact error texts (docs/product.md) for an unknown submission or a bad value, changing nothing", async () => {
    const before = await everything();
    expect(await post("admin", { intent: "status", id: "no-such-id", status: "resolved" })).toEqual(
      expect.objectContaining({ status: 404, data: { ok: false, message: "Error updating submission status: This submission no longer exists." } }),
    );
    expect(await post("admin", { intent: "read", id: "no-such-id", read: "true" })).toEqual(
      expect.objectContaining({ status: 404, data: { ok: false, message: "Error updating read status: This submission no longer exists." } }),
    );
    expect((await post("admin", { intent: "open", id: "no-such-id" })).data).toEqual({
      ok: false,
      message: "Error updating read status: This submission no longer exists.",
    });
    expect((await post("admin", { intent: "reply", id: "no-such-id" })).status).toBe(404);

    const badStatus = await post("admin", { intent: "status", id: seeded.hina.id, status: "archived" });
    expect(badStatus).toMatchObject({ status: 400, data: { ok: false, message: "Error updating submission status: Please choose a status." } });
    const badRead = await post("admin", { intent: "read", id: seeded.hina.id, read: "maybe" });
    expect(badRead).toMatchObject({ status: 400, data: { ok: false, message: "Error updating read status: Please choose read or unread." } });
    expect((await post("admin", { intent: "archive", id: seeded.hina.id })).status).toBe(400);
    expect((await post("admin", { intent: "delete", id: "" })).status).toBe(400);
    expect((await post("admin", { intent: "status", status: "read" })).status).toBe(400);
    expect(await everything()).toEqual(before);

    const missing = await load("admin", "?view=no-such-id");
    expect(missing.status).toBe(200);
    expect(missing.data.selected).toBeNull();
  });

  it("returns a message with HTML or script in it as plain text, exactly as sent", async () => {
    const message = `<script>alert("x")</script>\n<img src=x onerror=alert(1)> & <b>bold</b>`;
    const { id } = await createSubmission(testDb().db, { name: "<i>Eve</i>", email: "eve@example.pk", phone: "", subject: "other", message });
    const view = await load("admin", `?view=${id}`);
    expect(view.data.selected).toMatchObject({ name: "<i>Eve</i>", message });
    expect(view.data.rows.find((r) => r.id === id)?.preview).toBe(`<script>alert("x")</script> <img src=x onerror=alert(1)> & <b>bold</b>`);
  });

  it("announces every change to open inboxes, and not a move that changes nothing", async () => {
    const { id } = await createSubmission(testDb().db, { name: "Live Test", email: "live@example.pk", phone: "", subject: "other", message: "ping" });
    await vi.waitFor(() => expect(heard).toContainEqual({ topic: "submissions", id }));
    heard.length = 0;
    await post("admin", { intent: "status", id, status: "resolved" });
    await vi.waitFor(() => expect(heard).toContainEqual({ topic: "submissions", id }));
    heard.length = 0;
    await post("admin", { intent: "status", id, status: "resolved" });
    await post("admin", { intent: "read", id, read: "true" });
    await vi.waitFor(() => expect(heard).toEqual([{ topic: "submissions", id }]));
  });

  it("refuses anonymous visitors (to /login) and customers (to /) on the page and every action, changing nothing", async () => {
    const before = await everything();
    const id = seeded.ayesha.id;
    for (const [who, to] of [
      ["anonymous", "/login"],
      ["user", "/"],
    ] as const) {
      expect(await load(who)).toMatchObject({ status: 302, location: to });
      expect(await load(who, `?view=${id}`)).toMatchObject({ status: 302, location: to });
      const forms: Record<string, string>[] = [
        { intent: "open", id },
        { intent: "status", id, status: "resolved" },
        { intent: "read", id, read: "false" },
        { intent: "read", id, read: "true" },
        { intent: "reply", id },
        { intent: "reply", id, openMail: "1" },
      ];
      for (const form of forms) {
        expect(await post(who, form)).toMatchObject({ status: 302, location: to });
      }
    }
    expect(await everything()).toEqual(before);
  });
});
