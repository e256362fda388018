import { z } from "zod";

/** One schema for the category name, used by the add and edit forms and by their actions. */
export const categoryNameSchema = z.object({
  name: z.string().trim().min(1, "Category name required").max(80, "Category name is too long (at most 80 characters)."),
});

export const CATEGORY_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const CATEGORY_IMAGE_TOO_LARGE = "The image is larger than 10 MB.";

/** The browser's first check of a chosen image file; the server checks again by content. */
export function categoryImageProblem(file: { size: number; type: string } | null | undefined): string | null {
  if (!file || file.size === 0) return null;
  if (file.size > CATEGORY_IMAGE_MAX_BYTES) return CATEGORY_IMAGE_TOO_LARGE;
  if (file.type && !file.type.startsWith("image/")) return "Please choose an image file.";
  return null;
}

export const categoryActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add") }).extend(categoryNameSchema.shape),
  z.object({ intent: z.literal("update"), id: z.string().trim().min(1).max(64) }).extend(categoryNameSchema.shape),
  z.object({ intent: z.literal("remove-image"), id: z.string().trim().min(1).max(64) }),
  z.object({ intent: z.literal("delete"), id: z.string().trim().min(1).max(64) }),
  z.object({ intent: z.literal("refresh") }),
]);
export type CategoryIntent = z.infer<typeof categoryActionSchema>["intent"];

export const categoriesQuerySchema = z.object({
  edit: z.string().trim().max(64).optional().catch(undefined),
  delete: z.string().trim().max(64).optional().catch(undefined),
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
