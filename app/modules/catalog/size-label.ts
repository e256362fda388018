/*
 * How a size reads wherever it is shown: the product page, the cart, checkout, the confirmation,
 * the customer's order page, the order mail, the CSV and packing slips. Its own small module, so
 * the browser's scripts and the server import the one rule.
 */

/** What an item that comes in one size is called (the demo catalogue stores it as its size). */
const ONE_SIZE = "One Size";

/** The size as a value after "Size:" or on its button: a blank size reads 'One Size'. */
export function sizeLabel(size: string): string {
  return size.trim() || ONE_SIZE;
}

/**
 * The size among a line's details ("Size 34"; `word` "size" within a sentence: "size 34"), or ""
 * for an item that comes in one size (blank, or "One Size" however typed): never "Size One Size".
 */
export function sizeDetail(size: string | null | undefined, word: "Size" | "size" = "Size"): string {
  const s = (size ?? "").trim();
  return /^(one[\s-]*size)?$/i.test(s) ? "" : `${word} ${s}`;
}
