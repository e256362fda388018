/*
 * Its own module, not product-rules.ts: the product page's scripts include product-rules.ts and need
 * none of this (the page names colours itself), and its script budget has no bytes to spare.
 */

/**
 * A colour as shoppers and staff read it wherever it is shown after the product page (cart,
 * checkout, confirmation, e-mail, packing slip, order details): each word capitalised, as the
 * product page names its colours ('brown' → 'Brown', 'dark brown' → 'Dark Brown'); the rest as typed.
 */
export function colourLabel(colour: string): string {
  return colour.trim().replace(/(^|[\s/-])(\p{Ll})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}
