/**
 * Whole numbers with thousands separators, as the shop writes amounts and counts: 1234567 →
 * "1,234,567" (what `Intl.NumberFormat("en-PK")` and `"en-US"` write). Without `Intl` on purpose:
 * a browser loads its number formats on first use, 17 ms on a desktop and about four times that
 * on a phone, in the middle of a page's first task (docs/decisions/0039).
 */
export function withThousands(whole: number): string {
  const digits = String(Math.abs(Math.trunc(whole)));
  let out = "";
  for (let end = digits.length; end > 0; end -= 3) out = digits.slice(Math.max(0, end - 3), end) + (out ? `,${out}` : "");
  return whole < 0 && digits !== "0" ? `-${out}` : out;
}
