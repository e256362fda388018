import * as z from "zod/mini";
import { parseJsonField } from "~/lib/json-field";
import { parseInteger, preprocess } from "~/lib/typed-numbers";

export const MAX_CART_LINES = 50;
const MAX_LINE_QUANTITY = 99;

/** What the server accepts of a browser's cart line: which item and how many, never a price. */
const cartLineInputSchema = z.object({
  productID: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
  productVariantKey: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  productSize: z._default(z.string().check(z.maxLength(50)), ""),
  productQuantity: preprocess(parseInteger, z.int().check(z.gte(1), z.lte(MAX_LINE_QUANTITY))),
});

export const cartInputSchema = z
  .array(cartLineInputSchema)
  .check(z.maxLength(MAX_CART_LINES, `A cart holds at most ${MAX_CART_LINES} different items.`));

export type CartLineInput = z.infer<typeof cartLineInputSchema>;

/** Parses the cart sent as JSON in a form field; anything malformed is an empty cart. */
export function parseCartField(value: FormDataEntryValue | null): CartLineInput[] | null {
  if (typeof value !== "string") return null;
  try {
    const parsed = cartInputSchema.safeParse(parseJsonField(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
