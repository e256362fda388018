import { z } from "zod";
import { parseDecimal } from "~/lib/typed-numbers";
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

const rupees = (required: string, min: string) =>
  z.preprocess(
    typedNumber,
    z
      .number({ error: required })
      .refine(Number.isFinite, required)
      .min(0, min)
      .max(MAX_RUPEES, `Please enter at most ${withThousands(MAX_RUPEES)}`)
      .transform((v) => toPaisa(v)),
  );

const optionalRupees = (min: string) =>
  z.preprocess(
    (v) => typedNumber(v) ?? 0,
    z
      .number({ error: min })
      .refine(Number.isFinite, min)
      .min(0, min)
      .max(MAX_RUPEES, `Please enter at most ${withThousands(MAX_RUPEES)}`)
      .transform((v) => toPaisa(v)),
  );

const id = z.string().trim().min(1).max(64);

export const MAX_QTY = 1_000_000;

const stockRowSchema = z.object({
  id: id.optional(),
  size: z.string().trim().max(40, "Please keep the size under 40 characters.").default(""),
  qty: z.preprocess(
    typedNumber,
    z.number({ error: M.qty }).refine(Number.isFinite, M.qty).int(M.qtyWhole).min(0, M.qtyMin).max(MAX_QTY, "Please enter at most 1,000,000"),
  ),
  /**
   * A kept row's quantity when the form was loaded: the save applies the difference to the current
   * stock. Anything but a whole number in range comes out undefined, and the server refuses the row.
   */
  loadedQty: z.preprocess(typedNumber, z.number().int().min(0).max(MAX_QTY).optional()).catch(undefined),
});

/**
 * The stock rows of a variant. A size repeated (letter case and surrounding spaces aside) is named
 * on the repeating row; checked even while other fields of the rows are wrong.
 */
const stockRowsSchema = z
  .array(stockRowSchema, { error: M.noStockRows })
  .min(1, M.noStockRows)
  .max(100)
  .superRefine(
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
  );

const keptMediaSchema = z.object({ id, kind: z.enum(MEDIA_KINDS) });
const newMediaSchema = z.object({ token: z.string().min(1).max(2000), kind: z.enum(MEDIA_KINDS) });

const variantFormSchema = z
  .object({
    id: id.optional(),
    name: z.string({ error: M.variantName }).trim().min(1, M.variantName).max(100, "Please keep the name under 100 characters."),
    soleColor: z.string().trim().max(60, "Please keep the colour under 60 characters.").default(""),
    price: rupees(M.price, M.priceMin),
    inOffer: z.boolean().default(false),
    discountPrice: optionalRupees(M.discountMin),
    stock: stockRowsSchema,
    media: z.array(keptMediaSchema).max(100).default([]),
    uploads: z.array(newMediaSchema).max(20).default([]),
  })
  .superRefine((v, ctx) => {
    if (v.uploads.filter((u) => u.kind === "image").length > MAX_NEW_IMAGES_PER_VARIANT) {
      ctx.addIssue({ code: "custom", path: ["uploads"], message: UPLOAD_MESSAGES.tooManyImages });
    }
    const videos = v.media.filter((m) => m.kind === "video").length + v.uploads.filter((u) => u.kind === "video").length;
    if (videos > MAX_VIDEOS_PER_VARIANT) ctx.addIssue({ code: "custom", path: ["uploads"], message: UPLOAD_MESSAGES.tooManyVideos });
  });

export const productFormSchema = z.object({
  name: z.string({ error: M.name }).trim().min(1, M.name).max(200, "Please keep the name under 200 characters."),
  code: z.string().trim().max(64, "Please keep the code under 64 characters.").default(""),
  description: z.string().trim().max(5000, "Please keep the description under 5000 characters.").default(""),
  categoryIds: z
    .array(id, { error: M.noCategories })
    .min(1, M.noCategories)
    .max(100)
    .transform((ids) => [...new Set(ids)]),
  variants: z.array(variantFormSchema, { error: M.noVariants }).min(1, M.noVariants).max(50, "At most 50 variants per product."),
});

export type ProductFormInput = z.input<typeof productFormSchema>;
export type ProductFormData = z.output<typeof productFormSchema>;
export type VariantFormData = ProductFormData["variants"][number];

/** First message per field, keyed by its path ('name', 'variants.0.stock.1.qty'). */
export function productFormErrors(error: z.ZodError): Record<string, string> {
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
