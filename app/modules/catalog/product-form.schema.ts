import * as z from "zod/mini";
import { parseDecimal, preprocess } from "~/lib/typed-numbers";
import { MEDIA_KINDS } from "~/lib/db/value-lists";
import { toPaisa } from "./pricing";
import { MAX_NEW_IMAGES_PER_VARIANT, MAX_VIDEOS_PER_VARIANT, UPLOAD_MESSAGES } from "~/modules/media/upload-limits";
import { withThousands } from "~/lib/thousands";

/**
 * The add/edit product form: one schema for the browser's messages and the server's rule.
 * Prices are typed in rupees and come out in paisa; quantities come out as whole numbers.
 */
export const PRODUCT_FORM_MESSAGES = {
  noVariants: "Please add at least one Product Type/Variant.",
  noCategories: "Please select at least one category.",
  name: "Product name is required",
  variantName: "Variant name is required",
  price: "Price is required",
  priceMin: "Price must be 0 or more",
  discountMin: "Discount price must be 0 or more",
  qty: "Quantity is required",
  qtyMin: "Quantity must be 0 or more",
  qtyWhole: "Quantity must be a whole number",
  noStockRows: "A variant must keep at least one stock row.",
  duplicateSize: "Each size can appear only once in a variant.",
  staleStock: "This form is out of date: its stock cannot be checked against the current stock. Please reload the page and enter your changes again.",
  fixForm: "Please fix the errors in the form before saving.",
  addFailed: "Error adding product or updating categories. Check console for details.",
  updateFailed: "Error updating product. Check console for details.",
  added: "Product added successfully and categories updated!",
  updated: "Product updated successfully!",
  notFound: "Product not found!",
  loadFailed: "Error loading product data.",
  noCategoriesAvailable: "No categories available. Please add categories first.",
} as const;

const M = PRODUCT_FORM_MESSAGES;
export const MAX_RUPEES = 100_000_000;

/** A number typed in a form: '' and whitespace are missing, '4,500' is 4500, '0x10' is refused. */
const typedNumber = parseDecimal;

/** Rupees as typed, checked, then in paisa; `required` when missing or not a number. */
const paisa = (required: string, min: string) =>
  z.pipe(
    z
      .number({ error: required })
      .check(z.refine(Number.isFinite, required), z.gte(0, min), z.lte(MAX_RUPEES, `Please enter at most ${withThousands(MAX_RUPEES)}`)),
    z.transform((v: number) => toPaisa(v)),
  );

const rupees = (required: string, min: string) => preprocess(typedNumber, paisa(required, min));

const optionalRupees = (min: string) => preprocess((v) => typedNumber(v) ?? 0, paisa(min, min));

const id = z.string().check(z.trim(), z.minLength(1), z.maxLength(64));

export const MAX_QTY = 1_000_000;

const stockRowSchema = z.object({
  id: z.optional(id),
  size: z._default(z.string().check(z.trim(), z.maxLength(40, "Please keep the size under 40 characters.")), ""),
  qty: preprocess(
    typedNumber,
    z
      .number({ error: M.qty })
      .check(z.refine(Number.isFinite, M.qty), z.int(M.qtyWhole), z.gte(0, M.qtyMin), z.lte(MAX_QTY, "Please enter at most 1,000,000")),
  ),
  /**
   * A kept row's quantity when the form was loaded: the save applies the difference to the current
   * stock. Anything but a whole number in range comes out undefined, and the server refuses the row.
   */
  loadedQty: z.catch(preprocess(typedNumber, z.optional(z.number().check(z.int(), z.gte(0), z.lte(MAX_QTY)))), undefined),
});

/**
 * The stock rows of a variant. A size repeated (letter case and surrounding spaces aside) is named
 * on the repeating row; checked even while other fields of the rows are wrong.
 */
const stockRowsSchema = z.array(stockRowSchema, { error: M.noStockRows }).check(
  z.minLength(1, M.noStockRows),
  z.maxLength(100),
  z.superRefine(
    (rows, ctx) => {
      const seen = new Set<string>();
      for (const [i, row] of rows.entries()) {
        if (typeof row?.size !== "string") continue;
        const key = row.size.trim().toLowerCase();
        if (seen.has(key)) ctx.addIssue({ code: "custom", path: [i, "size"], message: M.duplicateSize });
        seen.add(key);
      }
    },
    { when: (payload) => Array.isArray(payload.value) },
  ),
);

const keptMediaSchema = z.object({ id, kind: z.enum(MEDIA_KINDS) });
const newMediaSchema = z.object({ token: z.string().check(z.minLength(1), z.maxLength(2000)), kind: z.enum(MEDIA_KINDS) });

const variantFormSchema = z
  .object({
    id: z.optional(id),
    name: z
      .string({ error: M.variantName })
      .check(z.trim(), z.minLength(1, M.variantName), z.maxLength(100, "Please keep the name under 100 characters.")),
    soleColor: z._default(z.string().check(z.trim(), z.maxLength(60, "Please keep the colour under 60 characters.")), ""),
    price: rupees(M.price, M.priceMin),
    inOffer: z._default(z.boolean(), false),
    discountPrice: optionalRupees(M.discountMin),
    stock: stockRowsSchema,
    media: z._default(z.array(keptMediaSchema).check(z.maxLength(100)), []),
    uploads: z._default(z.array(newMediaSchema).check(z.maxLength(20)), []),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.uploads.filter((u) => u.kind === "image").length > MAX_NEW_IMAGES_PER_VARIANT) {
        ctx.addIssue({ code: "custom", path: ["uploads"], message: UPLOAD_MESSAGES.tooManyImages });
      }
      const videos = v.media.filter((m) => m.kind === "video").length + v.uploads.filter((u) => u.kind === "video").length;
      if (videos > MAX_VIDEOS_PER_VARIANT) ctx.addIssue({ code: "custom", path: ["uploads"], message: UPLOAD_MESSAGES.tooManyVideos });
    }),
  );

export const productFormSchema = z.object({
  name: z.string({ error: M.name }).check(z.trim(), z.minLength(1, M.name), z.maxLength(200, "Please keep the name under 200 characters.")),
  code: z._default(z.string().check(z.trim(), z.maxLength(64, "Please keep the code under 64 characters.")), ""),
  description: z._default(z.string().check(z.trim(), z.maxLength(5000, "Please keep the description under 5000 characters.")), ""),
  categoryIds: z.pipe(
    z.array(id, { error: M.noCategories }).check(z.minLength(1, M.noCategories), z.maxLength(100)),
    z.transform((ids: string[]) => [...new Set(ids)]),
  ),
  variants: z
    .array(variantFormSchema, { error: M.noVariants })
    .check(z.minLength(1, M.noVariants), z.maxLength(50, "At most 50 variants per product.")),
});

export type ProductFormInput = z.input<typeof productFormSchema>;
export type ProductFormData = z.output<typeof productFormSchema>;
export type VariantFormData = ProductFormData["variants"][number];

/** First message per field, keyed by its path ('name', 'variants.0.stock.1.qty'). */
export function productFormErrors(error: z.core.$ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    out[key] ??= issue.message;
  }
  return out;
}

/** The form's starting variant: 'Default' for the first, unnamed for later ones. */
export function newVariantDefaults(isFirst: boolean) {
  return { name: isFirst ? "Default" : "", soleColor: "", price: "0", inOffer: false, discountPrice: "0", stock: [{ size: "", qty: "0" }] };
}
