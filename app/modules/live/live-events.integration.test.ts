import { describe, expect, it, vi } from "vitest";
import { openDatabase, type Database } from "~/lib/db.server";
import { loader as eventsLoader } from "~/routes/admin/events";
import { useAdminRequests } from "../../../tests/support/admin-requests";
import { answer } from "../../../tests/support/route-answer";
import { testTarget, useTestDatabase } from "../../../tests/support/test-db";
import { publishChange } from "./live-events.server";
import { useLiveEvents } from "../../../tests/support/live";
import { routeArgs } from "../../../tests/support/route-args";

const testDb = useTestDatabase();
const visitors = useAdminRequests(testDb);

const { heard, hub } = useLiveEvents(testDb);

describe(`live updates (${testTarget()})`, () => {
  it("a change is announced when its transaction commits, and never when it rolls back", async () => {
    await testDb()
      .db.transaction(async (tx) => {
        await publishChange(tx, { topic: "orders", id: "rolled-back" });
        throw new Error("the save failed");
      })
      .catch(() => {});
    await testDb().db.transaction(async (tx) => {
      await publishChange(tx, { topic: "orders", id: "committed" });
    });
    await vi.waitFor(() => expect(heard.map((e) => e.id)).toContain("committed"));
    expect(heard.map((e) => e.id)).not.toContain("rolled-back");
  });

  // Only PostgreSQL can have a second instance: the embedded database's folder is locked to one process.
  if (testTarget() === "postgres")
    it("a change made by another app instance reaches this one", async () => {
      // A second, separate connection pool on the same database, as a second server would have.
      const other: Database = await openDatabase({ databaseUrl: testDb().url! });
      try {
        await other.db.transaction((tx) => publishChange(tx, { topic: "submissions", id: "from-the-other-instance" }));
        await vi.waitFor(() => expect(heard).toContainEqual({ topic: "submissions", id: "from-the-other-instance" }));
      } finally {
        await other.close();
      }
    });

  it("staff get an event stream that carries each change", async () => {
    const controller = new AbortController();
    const request = visitors.request("admin", "/admin/events");
    const response = await eventsLoader(
      routeArgs({
        request: new Request(request, { signal: controller.signal }),
        params: {},
        context: visitors.context({ live: hub() }),
      }),
    );
    expect(response.headers.get("Content-Type")).toContain("text/event-stream");
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value);
    expect(text).toContain(": connected");
    await testDb().db.transaction((tx) => publishChange(tx, { topic: "orders", id: "ORD-stream" }));
    while (!text.includes("ORD-stream")) text += decoder.decode((await reader.read()).value);
    expect(text).toContain(`event: change\ndata: {"topic":"orders","id":"ORD-stream"}\n\n`);
    controller.abort();
    expect((await reader.read()).done).toBe(true);
  });

  it("the event stream is refused to anonymous visitors and customers", async () => {
    const before = hub().size;
    expect(
      await answer(() =>
        eventsLoader(routeArgs({ request: visitors.request("anonymous", "/admin/events"), params: {}, context: visitors.context({ live: hub() }) })),
      ),
    ).toMatchObject({ status: 302, location: "/login" });
    expect(
      await answer(() =>
        eventsLoader(routeArgs({ request: visitors.request("user", "/admin/events"), params: {}, context: visitors.context({ live: hub() }) })),
      ),
    ).toMatchObject({ status: 302, location: "/" });
    expect(hub().size).toBe(before);
  });
});
