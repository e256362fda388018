import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("csv", () => {
  it("quotes every cell and doubles quotes inside", () => {
    expect(csvCell('say "hi", then go')).toBe('"say ""hi"", then go"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(new Date("2026-01-02T03:04:05.000Z"))).toBe('"2026-01-02T03:04:05.000Z"');
  });

  it("turns anything a spreadsheet would run as a formula into text", () => {
    for (const risky of ["=cmd@x.pk", "+1@x.pk", "-2@x.pk", "@sum@x.pk", "\t=1", "\r=1"]) {
      expect(csvCell(risky)).toBe(`"'${risky}"`);
    }
    expect(csvCell("ali@x.pk")).toBe('"ali@x.pk"');
  });

  it("writes a BOM, a header and CRLF lines", () => {
    expect(toCsv(["Email"], [["a@x.pk"], ["b@x.pk"]])).toBe('\uFEFF"Email"\r\n"a@x.pk"\r\n"b@x.pk"\r\n');
  });
});
