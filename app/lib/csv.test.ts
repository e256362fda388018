import { describe, expect, it } from "vitest";
import { csvCell, csvChunks, type CsvValue } from "./csv";

async function* batchesOf(...batches: CsvValue[][][]) {
  yield* batches;
}
const written = async (chunks: AsyncIterable<string>) => {
  const pieces: string[] = [];
  for await (const piece of chunks) pieces.push(piece);
  return pieces;
};

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

  it("writes a BOM, a header and CRLF lines, the header with the first batch, one piece per batch", async () => {
    expect(await written(csvChunks(["Email"], batchesOf([["a@x.pk"], ["b@x.pk"]], [["c@x.pk"]])))).toEqual([
      '\uFEFF"Email"\r\n"a@x.pk"\r\n"b@x.pk"\r\n',
      '"c@x.pk"\r\n',
    ]);
    expect(await written(csvChunks(["Email"], batchesOf()))).toEqual(['\uFEFF"Email"\r\n']);
  });
});
