import { pakistanDateTime } from "./admin-date";

/**
 * CSV that spreadsheets open safely (RFC 4180, CRLF lines). A cell that a spreadsheet would read as
 * a formula (it starts with =, +, -, @, a tab or a carriage return) gets a leading apostrophe, so
 * an e-mail such as `=cmd@x.pk` shows as text and never runs. A moment is written as Pakistan time,
 * as the back office shows it ('2026-01-03 02:04:05'): the headers say "(PKT)".
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvValue = string | number | Date | null | undefined;

export function csvCell(value: CsvValue): string {
  let text = value == null ? "" : value instanceof Date ? pakistanDateTime(value) : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

const lines = (rows: CsvValue[][]) => rows.map((row) => row.map(csvCell).join(",") + "\r\n").join("");

/**
 * A whole document, piece by piece as `batches` yields its rows: a byte-order mark (so Excel reads
 * UTF-8) and the header row come with the first batch (so nothing is written before the first
 * rows have been read), then each batch's rows as one piece.
 */
export async function* csvChunks(header: string[], batches: AsyncIterable<CsvValue[][]>): AsyncGenerator<string> {
  let head = "\uFEFF" + lines([header]);
  for await (const rows of batches) {
    yield head + lines(rows);
    head = "";
  }
  if (head) yield head;
}
