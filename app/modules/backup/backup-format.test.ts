import { describe, expect, it } from "vitest";
import { countsText, sizeText } from "./backup-format";
import { backupFileName } from "./backup-command.server";

describe("the summary a backup prints", () => {
  it("gives sizes in bytes and in the unit a person reads", () => {
    expect(sizeText(999)).toBe("999 bytes");
    expect(sizeText(4_090_925)).toBe("4,090,925 bytes (4.1 MB)");
  });

  it("counts rows per table and the media files", () => {
    const part = { entry: "x", bytes: 1, sha256: "0".repeat(64) };
    expect(
      countsText({
        tables: [
          { ...part, table: "orders", rows: 100_000 },
          { ...part, table: "user", rows: 1 },
        ],
        media: [{ ...part, key: "a", bytes: 2_000 }],
      }),
    ).toEqual(["  orders       100,000 rows", "  user         1 row", "  media files  1, 2,000 bytes (2.0 kB)"]);
  });

  it("names a backup without a name after the time it is made, in UTC", () => {
    expect(backupFileName(new Date("2026-03-05T07:08:09.123Z"))).toBe("shop-20260305-070809.tar.gz");
  });
});
