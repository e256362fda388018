import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "./db.server";
import { diskFaultOf } from "./disk-fault";
import { mountTinyDisk, tinyDiskUnavailable, type TinyDisk } from "../../tests/support/tiny-disk";

/*
 * The embedded database stops (PostgreSQL's PANIC) when it cannot write its log on a full disk, and
 * a query handed to it after that spins forever in the process's one thread. The shop must never
 * hand it one: every later query is refused at once, and the data is there once the folder opens
 * again with space.
 */
const unavailable = tinyDiskUnavailable();
const disks: TinyDisk[] = [];
const opened: Database[] = [];
afterAll(async () => {
  for (const database of opened) await database.close().catch(() => {});
  for (const disk of disks) disk.remove();
});

describe("the embedded database stopped by a full disk", () => {
  it.skipIf(unavailable)(
    `refuses every later query at once, says so once, and opens again with its data${unavailable ? ` (left out: ${unavailable})` : ""}`,
    async () => {
      const disk = mountTinyDisk(64);
      disks.push(disk);
      const dataDir = path.join(disk.dir, "data");
      const panics: Error[] = [];
      let database = await openDatabase({ dataDir, onPanic: (error) => panics.push(error) });
      opened.push(database);
      await database.db.execute(sql`create table kept (note text)`);
      await database.db.execute(sql`insert into kept values ('before the disk filled')`);
      disk.fill();
      // The next log write needs a new 16 MB log file, which the full disk refuses.
      await database.db.execute(sql`select pg_switch_wal()`);
      const failed = await database.db.execute(sql`insert into kept values ('lost')`).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(diskFaultOf(failed)).toBe("full");
      expect(panics).toHaveLength(1);

      // Without the guard this query would never come back (nor would anything else in the process).
      const again = await database.db.execute(sql`select count(*) from kept`).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(diskFaultOf(again)).toBe("full");
      expect(panics).toHaveLength(1);
      await database.close();

      disk.empty();
      database = await openDatabase({ dataDir });
      opened.push(database);
      const { rows } = (await database.db.execute(sql`select note from kept`)) as { rows: { note: string }[] };
      expect(rows).toEqual([{ note: "before the disk filled" }]);
    },
  );
});
