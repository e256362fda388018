import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("csv", () => {
  it("quotes every cell and doubles quotes inside", () => {
    expect(csvCell('say "hi", then go')).toBe('"say ""hi"", then go"');
    expect(csvCell(null)).toBe('""');
  });

  it("writes a moment as Pakistan time, as the back office shows it, in a form spreadsheets read as a date", () => {
    // 9:04 pm UTC on 2 January is 2:04 am on the 3rd in Pakistan: the order belongs to the 3rd.
    expect(csvCell(new Date("2026-01-02T21:04:05.000Z"))).toBe('"2026-01-03 02:04:05"');
    expect(csvCell(new Date("2026-07-01T07:30:00.000Z"))).toBe('"2026-07-01 12:30:00"');
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
