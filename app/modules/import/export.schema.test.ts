import { describe, expect, it } from "vitest";
import { parseTimestamp } from "./export.schema";

describe("parseTimestamp", () => {
  const at = new Date("2024-06-01T09:00:00.120Z");

  it("reads the three shapes the export tools write", () => {
    expect(parseTimestamp("2024-06-01T09:00:00.120Z")).toEqual(at);
    expect(parseTimestamp({ _seconds: 1717232400, _nanoseconds: 120_000_000 })).toEqual(at);
    expect(parseTimestamp({ __datatype__: "timestamp", value: { _seconds: 1717232400, _nanoseconds: 120_000_000 } })).toEqual(at);
    expect(parseTimestamp({ seconds: 1717232400, nanoseconds: 120_000_000 })).toEqual(at);
  });

  it("answers null for what is not a time", () => {
    for (const value of [
      undefined,
      null,
      "",
      "yesterday",
      "06/01/2024",
      "2024-13-45T00:00:00Z",
      { _seconds: "x" },
      { __datatype__: "timestamp" },
      [],
      true,
      -5,
    ]) {
      expect(parseTimestamp(value)).toBeNull();
    }
  });
});
