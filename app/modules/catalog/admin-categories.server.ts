import { count, eq } from "drizzle-orm";
import type { Readable } from "node:stream";
import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { categories, productCategories } from "~/lib/db/tables/catalogue.server";
import { storeImage } from "~/modules/media/images.server";
import { deleteMediaFiles, type StoredMediaFile } from "~/modules/media/media-files.server";
import { moveToTrash, type DeletedBy } from "~/modules/trash/trash.server";
import type { FileStorage } from "~/modules/media/storage.server";
import { CATEGORY_IMAGE_WIDTHS, listCategories, UNNAMED_CATEGORY } from "./catalog.server";
import type { CategorySummary } from "./catalog-views";
import { CATEGORY_IMAGE_MAX_BYTES, CATEGORY_IMAGE_TOO_LARGE } from "./admin-categories.schema";

const CATEGORY_FOLDER = "category_images";
const NOT_FOUND = () => new DomainError("NOT_FOUND", "Category not found");

/** Every category with its product count, computed from the product links (newest first). */
export function listAdminCategories(db: Db): Promise<CategorySummary[]> {
  return listCategories(db);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * Checks and stores a category image as WebP at every category width. A picture narrower than the
 * largest width is not enlarged: its largest rendition also stands for the missing widths, so
 * every URL a page builds from the key exists.
 */
export async function storeCategoryImage(storage: FileStorage, bytes: Buffer): Promise<string> {
  if (bytes.length > CATEGORY_IMAGE_MAX_BYTES) throw new DomainError("INVALID", CATEGORY_IMAGE_TOO_LARGE);
  const stored = await storeImage(storage, bytes, CATEGORY_FOLDER, CATEGORY_IMAGE_WIDTHS);
  const largest = Math.max(...stored.widths);
  const missing = CATEGORY_IMAGE_WIDTHS.filter((w) => !stored.widths.includes(w));
  if (missing.length) {
    const file = await storage.open(`${stored.key}-${largest}.webp`);
    if (!file) throw new Error(`stored image ${stored.key} vanished`);
    const data = await readAll(file.stream);
    for (const w of missing) await storage.put(`${stored.key}-${w}.webp`, data);
  }
  return stored.key;
}

/** The stored files of a category image. */
const categoryImageFile = (key: string): StoredMediaFile => ({ kind: "image", storageKey: key, widths: CATEGORY_IMAGE_WIDTHS });

/** Deletes the stored files of a category image (failures are logged, not fatal). */
function deleteCategoryImageFiles(storage: FileStorage, key: string): Promise<void> {
  return deleteMediaFiles(storage, [categoryImageFile(key)]);
}

export async function addCategory(db: Db, storage: FileStorage, input: { name: string; image?: Buffer | null }) {
  const imageKey = input.image ? await storeCategoryImage(storage, input.image) : null;
  try {
    const [row] = await db.insert(categories).values({ name: input.name.trim(), imageKey }).returning();
    return row;
  } catch (error) {
    if (imageKey) await deleteCategoryImageFiles(storage, imageKey);
    throw error;
  }
}

/** Renames a category and, when a new image is given, replaces its image (the old files are deleted after the save). */
export async function updateCategory(db: Db, storage: FileStorage, id: string, input: { name: string; image?: Buffer | null }) {
  const newKey = input.image ? await storeCategoryImage(storage, input.image) : null;
  let oldKey: string | null;
  try {
    oldKey = await db.transaction(async (tx) => {
      const [current] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
      if (!current) throw NOT_FOUND();
      await tx
        .update(categories)
        .set(newKey ? { name: input.name.trim(), imageKey: newKey } : { name: input.name.trim() })
        .where(eq(categories.id, id));
      return current.imageKey;
    });
  } catch (error) {
    if (newKey) await deleteCategoryImageFiles(storage, newKey);
    throw error;
  }
  if (newKey && oldKey) await deleteCategoryImageFiles(storage, oldKey);
  return { name: input.name.trim() };
}

export async function removeCategoryImage(db: Db, storage: FileStorage, id: string) {
  const oldKey = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
    if (!current) throw NOT_FOUND();
    await tx.update(categories).set({ imageKey: null }).where(eq(categories.id, id));
    return current.imageKey;
  });
  if (oldKey) await deleteCategoryImageFiles(storage, oldKey);
}

/**
 * Deletes a category: it moves, with its links to products (those products keep their other
 * categories), into the Trash (docs/decisions/0053); its image files stay until it is deleted for good.
 */
export async function deleteCategory(db: Db, id: string, by: DeletedBy): Promise<{ name: string; productCount: number }> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
    if (!current) throw NOT_FOUND();
    const [{ n }] = await tx.select({ n: count() }).from(productCategories).where(eq(productCategories.categoryId, id));
    const files = current.imageKey ? [categoryImageFile(current.imageKey)] : [];
    await moveToTrash(tx, { kind: "category", itemId: id, name: current.name.trim() || UNNAMED_CATEGORY, by, files });
    return { name: current.name, productCount: Number(n) };
  });
}
