import { describe, expect, it } from "vitest";
import type { Db } from "./db.server";
import { TIDY_EVERY_MS, tidyNowAndThen } from "./now-and-then.server";

describe("tidying now and then", () => {
  it("runs at most once per interval per database, again after it, and again when the clock is set back", async () => {
    const db = {} as Db;
    const other = {} as Db;
    const runs: string[] = [];
    const at = (ms: number) => new Date(1_800_000_000_000 + ms);
    await tidyNowAndThen("test", db, at(0), async () => runs.push("first"));
    await tidyNowAndThen("test", db, at(TIDY_EVERY_MS - 1), async () => runs.push("too soon"));
    await tidyNowAndThen("test", other, at(1), async () => runs.push("other database"));
    await tidyNowAndThen("another", db, at(1), async () => runs.push("another table"));
    await tidyNowAndThen("test", db, at(TIDY_EVERY_MS), async () => runs.push("next"));
    await tidyNowAndThen("test", db, at(-60_000), async () => runs.push("clock set back"));
    expect(runs).toEqual(["first", "other database", "another table", "next", "clock set back"]);
  });

  it("keeps a failure to itself", async () => {
    await expect(
      tidyNowAndThen("failing", {} as Db, new Date(), async () => {
        throw new Error("the database is away");
      }),
    ).resolves.toBeUndefined();
  });
});
