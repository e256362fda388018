/*
 * How a size reads wherever it is shown: the product page, the cart, checkout, the confirmation,
 * the customer's order page, the order mail, the CSV and packing slips. Its own small module, so
 * the browser's scripts and the server import the one rule.
 */

/** What an item that comes in one size is called (the demo catalogue stores it as its size). */
export const ONE_SIZE = "One Size";

/** Blank, or "One Size" however it was typed: a size that says nothing to choose between. */
export function isOneSize(size: string | null | undefined): boolean {
  const s = (size ?? "").trim();
  return s === "" || /^one[\s-]*size$/i.test(s);
}

/** The size as a value after "Size:" or on its button: a blank size reads 'One Size'. */
export function sizeLabel(size: string): string {
  return size.trim() || ONE_SIZE;
}

/**
 * The size among a line's details ("Size 34"; "size 34" within a sentence), or "" for an item that
 * comes in one size: never "Size One Size".
 */
export function sizeDetail(size: string | null | undefined, { midSentence = false }: { midSentence?: boolean } = {}): string {
  if (isOneSize(size)) return "";
  return `${midSentence ? "size" : "Size"} ${(size ?? "").trim()}`;
}
