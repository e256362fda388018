import * as z from "zod/mini";
import { pageParam } from "~/lib/typed-numbers";

/** Query of the back-office product table: `?q=…&category=…&page=…` (and `delete=<id>` to confirm). */
export const adminProductsQuerySchema = z.object({
  q: z._default(z.catch(z.string().check(z.trim(), z.maxLength(100)), ""), ""),
  category: z._default(z.catch(z.string().check(z.trim(), z.maxLength(64)), ""), ""),
  page: pageParam(100_000),
  delete: z.catch(z.optional(z.string().check(z.trim(), z.maxLength(64))), undefined),
});

export const ADMIN_PRODUCTS_PAGE_SIZE = 25;

export const PRODUCT_DELETE_FAILED = "Error deleting product. Check console for details.";

/** A product's delete, from the table (with its id) or from its own page (`productDeleteIntentSchema`). */
export const productDeleteIntentSchema = z.object({ intent: z.literal("delete", { error: () => PRODUCT_DELETE_FAILED }) });
export const deleteProductSchema = z.extend(productDeleteIntentSchema, {
  id: z.string({ error: () => PRODUCT_DELETE_FAILED }).check(z.trim(), z.minLength(1, PRODUCT_DELETE_FAILED), z.maxLength(64, PRODUCT_DELETE_FAILED)),
});

export const productViewTabs = ["overview", "variants", "media", "stock"] as const;
export type ProductViewTab = (typeof productViewTabs)[number];

export const productViewQuerySchema = z.object({
  tab: z._default(z.catch(z.enum(productViewTabs), "overview"), "overview"),
  confirm: z.catch(z.optional(z.string()), undefined),
});

export const DELETE_PRODUCT_CONFIRM = "Are you sure you want to delete this product? This will also delete all associated images and videos.";
export const PRODUCT_DELETED = "Product deleted successfully!";
