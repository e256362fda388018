import * as z from "zod/mini";

/** One schema for the category name, used by the add and edit forms and by their actions. */
const categoryNameSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, "Category name required"), z.maxLength(80, "Category name is too long (at most 80 characters).")),
});

export const CATEGORY_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const CATEGORY_IMAGE_TOO_LARGE = "The image is larger than 10 MB.";

/** The name rule's message for a value, or undefined when it is fine. */
export function categoryNameProblem(name: unknown): string | undefined {
  const parsed = categoryNameSchema.safeParse({ name });
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** The browser's first check of a chosen image file; the server checks again by content. */
function categoryImageProblem(file: { size: number; type: string } | null | undefined): string | null {
  if (!file || file.size === 0) return null;
  if (file.size > CATEGORY_IMAGE_MAX_BYTES) return CATEGORY_IMAGE_TOO_LARGE;
  if (file.type && !file.type.startsWith("image/")) return "Please choose an image file.";
  return null;
}

const isFileLike = (value: unknown): value is { size: number; type: string } =>
  typeof value === "object" && value !== null && "size" in value && "type" in value;

/**
 * The add and edit forms as the browser checks them before sending (useFormCheck): the name's
 * rule, and the chosen image's size and type.
 */
export const categoryFormSchema = z.extend(categoryNameSchema, {
  image: z.unknown().check(
    z.superRefine((file, ctx) => {
      const problem = categoryImageProblem(isFileLike(file) ? file : null);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  ),
});

export const categoryIntents = ["add", "update", "remove-image", "delete", "refresh"] as const;
export type CategoryIntent = (typeof categoryIntents)[number];

const rowId = z.string().check(z.trim(), z.minLength(1), z.maxLength(64));

export const categoryActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), ...categoryNameSchema.shape }),
  z.object({ intent: z.literal("update"), id: rowId, ...categoryNameSchema.shape }),
  z.object({ intent: z.literal("remove-image"), id: rowId }),
  z.object({ intent: z.literal("delete"), id: rowId }),
  z.object({ intent: z.literal("refresh") }),
]);

export const categoriesQuerySchema = z.object({
  edit: z.catch(z.optional(z.string().check(z.trim(), z.maxLength(64))), undefined),
  delete: z.catch(z.optional(z.string().check(z.trim(), z.maxLength(64))), undefined),
});

/** The confirmation before a category is deleted (docs/product.md#products-and-categories). */
export function deleteCategoryConfirmText(name: string, productCount: number): string {
  const products = `${productCount} ${productCount === 1 ? "product" : "products"}`;
  return `Are you sure you want to delete the category '${name}'? It will be removed permanently, its image will be deleted, and it will be removed from ${products}. Those products keep their other categories.`;
}

export const CATEGORY_MESSAGES = {
  added: (name: string) => `Category '${name}' added successfully!`,
  updated: (name: string) => `Category '${name}' updated successfully!`,
  imageRemoved: "Category image removed.",
  deleted: (name: string) => `Category '${name}' deleted successfully!`,
  refreshed: "Product counts refreshed!",
  addFailed: "Error adding category",
  updateFailed: "Error updating category",
  removeImageFailed: "Error removing category image",
  deleteFailed: (reason: string) => `Error deleting category: ${reason}`,
  refreshFailed: "Error refreshing product counts",
} as const;
