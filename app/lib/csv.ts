import { pakistanDateTime } from "./admin-date";

/**
 * CSV that spreadsheets open safely (RFC 4180, CRLF lines). A cell that a spreadsheet would read as
 * a formula (it starts with =, +, -, @, a tab or a carriage return) gets a leading apostrophe, so
 * an e-mail such as `=cmd@x.pk` shows as text and never runs. A moment is written as Pakistan time,
 * as the back office shows it ('2026-01-03 02:04:05'): the headers say "(PKT)".
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | Date | null | undefined): string {
  let text = value == null ? "" : value instanceof Date ? pakistanDateTime(value) : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** A whole document: a byte-order mark (so Excel reads UTF-8), a header row, then the rows. */
export function toCsv(header: string[], rows: (string | number | Date | null | undefined)[][]): string {
  return "\uFEFF" + [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
