import { z } from "zod";
import { pageParam } from "~/lib/typed-numbers";

/** Query of the back-office product table: `?q=…&category=…&page=…` (and `delete=<id>` to confirm). */
export const adminProductsQuerySchema = z.object({
  q: z.string().trim().max(100).catch("").default(""),
  category: z.string().trim().max(64).catch("").default(""),
  page: pageParam(100_000),
  delete: z.string().trim().max(64).optional().catch(undefined),
});

export const ADMIN_PRODUCTS_PAGE_SIZE = 25;

export const PRODUCT_DELETE_FAILED = "Error deleting product. Check console for details.";

/** A product's delete, from the table (with its id) or from its own page (`productDeleteIntentSchema`). */
export const productDeleteIntentSchema = z.object({ intent: z.literal("delete", { error: () => PRODUCT_DELETE_FAILED }) });
export const deleteProductSchema = productDeleteIntentSchema.extend({
  id: z
    .string({ error: () => PRODUCT_DELETE_FAILED })
    .trim()
    .min(1, PRODUCT_DELETE_FAILED)
    .max(64, PRODUCT_DELETE_FAILED),
});

export const productViewTabs = ["overview", "variants", "media", "stock"] as const;
export type ProductViewTab = (typeof productViewTabs)[number];

export const productViewQuerySchema = z.object({
  tab: z.enum(productViewTabs).catch("overview").default("overview"),
  confirm: z.string().optional().catch(undefined),
});

export const DELETE_PRODUCT_CONFIRM = "Are you sure you want to delete this product? This will also delete all associated images and videos.";
export const PRODUCT_DELETED = "Product deleted successfully!";
