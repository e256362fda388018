import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { logger } from "~/lib/logger.server";
import { categories, media, productCategories, products, stock, variants } from "~/lib/schema.server";
import type { StockedVariant } from "./product-rules";
import { deleteMediaFiles, type StoredMediaFile } from "~/modules/media/media-files.server";
import {
  STALE_UPLOAD_MESSAGE,
  stagedFilesExist,
  verifyStagedUpload,
  type StagedUpload,
} from "~/modules/media/staged-uploads.server";
import type { FileStorage } from "~/modules/media/storage.server";
import { PRODUCT_FORM_MESSAGES, type ProductFormData, type VariantFormData } from "./product-form.schema";
import { UNNAMED_CATEGORY } from "./catalog.server";

/**
 * Adding and editing a product as staff do it: the whole product (categories, variants, stock rows,
 * media) is written in one transaction. Files of removed media are deleted only after it commits.
 */

export interface CategoryChoice {
  id: string;
  name: string;
}

export interface EditableMedia {
  id: string;
  kind: "image" | "video";
  storageKey: string;
  widths: number[];
  contentType: string;
}

export interface EditableVariant extends StockedVariant {
  media: EditableMedia[];
}

export interface EditableProduct {
  id: string;
  name: string;
  code: string;
  description: string;
  categoryIds: string[];
  createdAt: string;
  variants: EditableVariant[];
}

const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export async function listCategoryChoices(db: Db): Promise<CategoryChoice[]> {
  const rows = await db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.name), asc(categories.id));
  return rows.map((r) => ({ id: r.id, name: r.name.trim() || UNNAMED_CATEGORY }));
}

export async function productExists(db: Db, id: string): Promise<boolean> {
  if (!ID_PATTERN.test(id)) return false;
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, id)).limit(1);
  return Boolean(row);
}

/** A product as the edit form needs it; NOT_FOUND 'Product not found!' for an unknown id. */
export async function loadProductForEdit(db: Db, id: string): Promise<EditableProduct> {
  if (!ID_PATTERN.test(id)) throw new DomainError("NOT_FOUND", PRODUCT_FORM_MESSAGES.notFound);
  const [p] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!p) throw new DomainError("NOT_FOUND", PRODUCT_FORM_MESSAGES.notFound);
  const [categoryRows, variantRows] = await Promise.all([
    db
      .select({ categoryId: productCategories.categoryId })
      .from(productCategories)
      .where(eq(productCategories.productId, id))
      .orderBy(asc(productCategories.position), asc(productCategories.categoryId)),
    db.select().from(variants).where(eq(variants.productId, id)).orderBy(asc(variants.position), asc(variants.id)),
  ]);
  const variantIds = variantRows.map((v) => v.id);
  const [stockRows, mediaRows] = variantIds.length
    ? await Promise.all([
        db.select().from(stock).where(inArray(stock.variantId, variantIds)).orderBy(asc(stock.position), asc(stock.id)),
        db.select().from(media).where(inArray(media.variantId, variantIds)).orderBy(asc(media.position), asc(media.id)),
      ])
    : [[], []];
  return {
    id: p.id,
    name: p.name,
    code: p.code,
    description: p.description,
    categoryIds: categoryRows.map((c) => c.categoryId),
    createdAt: p.createdAt.toISOString(),
    variants: variantRows.map((v) => ({
      id: v.id,
      name: v.name,
      soleColor: v.soleColor,
      price: v.price,
      inOffer: v.inOffer,
      discountPrice: v.discountPrice,
      stock: stockRows.filter((s) => s.variantId === v.id).map((s) => ({ id: s.id, size: s.size, qty: s.qty })),
      media: mediaRows
        .filter((m) => m.variantId === v.id)
        .map((m) => ({ id: m.id, kind: m.kind, storageKey: m.storageKey, widths: m.widths, contentType: m.contentType })),
    })),
  };
}

export interface SaveOptions {
  storage: FileStorage;
  /** Secret that signed the staged uploads. */
  uploadSecret: string;
  now?: Date;
}

type Tx = Db;

/** Verifies every staged upload the form refers to, before anything is written. */
async function resolveUploads(input: ProductFormData, options: SaveOptions): Promise<StagedUpload[][]> {
  const now = (options.now ?? new Date()).getTime();
  const resolved: StagedUpload[][] = [];
  for (const variant of input.variants) {
    const list: StagedUpload[] = [];
    for (const upload of variant.uploads) {
      const staged = verifyStagedUpload(options.uploadSecret, upload.token, now);
      if (staged.kind !== upload.kind || !(await stagedFilesExist(options.storage, staged))) {
        throw new DomainError("INVALID", STALE_UPLOAD_MESSAGE);
      }
      list.push(staged);
    }
    resolved.push(list);
  }
  const keys = resolved.flat().map((u) => u.storageKey);
  if (new Set(keys).size !== keys.length) throw new DomainError("INVALID", STALE_UPLOAD_MESSAGE);
  return resolved;
}

async function assertCategoriesExist(tx: Tx, ids: string[]) {
  const found = await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids));
  if (found.length !== ids.length) {
    throw new DomainError("INVALID", "One of the chosen categories no longer exists. Please reload the page and choose again.");
  }
}

/** A staged file may be attached once: a second product sharing it would lose it when the first is deleted. */
async function assertUploadsUnused(tx: Tx, uploads: StagedUpload[][]) {
  const keys = uploads.flat().map((u) => u.storageKey);
  if (keys.length === 0) return;
  const used = await tx.select({ id: media.id }).from(media).where(inArray(media.storageKey, keys)).limit(1);
  if (used.length) throw new DomainError("INVALID", STALE_UPLOAD_MESSAGE);
}

async function writeCategories(tx: Tx, productId: string, categoryIds: string[]) {
  await tx.delete(productCategories).where(eq(productCategories.productId, productId));
  await tx.insert(productCategories).values(categoryIds.map((categoryId, position) => ({ productId, categoryId, position })));
}

function variantValues(v: VariantFormData, position: number) {
  return {
    position,
    name: v.name,
    soleColor: v.soleColor,
    price: v.price,
    inOffer: v.inOffer,
    discountPrice: v.discountPrice,
  };
}

async function insertUploads(tx: Tx, variantId: string, uploads: StagedUpload[], startAt: number) {
  if (uploads.length === 0) return;
  await tx.insert(media).values(
    uploads.map((u, i) => ({
      variantId,
      kind: u.kind,
      position: startAt + i,
      storageKey: u.storageKey,
      widths: u.widths,
      width: u.width,
      height: u.height,
      contentType: u.contentType,
    })),
  );
}

/** Adds a product with its categories, variants, stock rows and media, in one transaction. */
export async function createProduct(db: Db, input: ProductFormData, options: SaveOptions): Promise<{ id: string }> {
  const uploads = await resolveUploads(input, options);
  return db.transaction(async (tx) => {
    await assertCategoriesExist(tx, input.categoryIds);
    await assertUploadsUnused(tx, uploads);
    const [row] = await tx
      .insert(products)
      .values({ name: input.name, code: input.code, description: input.description, ...(options.now ? { createdAt: options.now } : {}) })
      .returning({ id: products.id });
    await writeCategories(tx, row.id, input.categoryIds);
    for (const [position, v] of input.variants.entries()) {
      const [variant] = await tx
        .insert(variants)
        .values({ productId: row.id, ...variantValues(v, position) })
        .returning({ id: variants.id });
      await tx.insert(stock).values(v.stock.map((s, i) => ({ variantId: variant.id, position: i, size: s.size, qty: s.qty })));
      await insertUploads(tx, variant.id, uploads[position], 0);
    }
    return { id: row.id };
  });
}

const foreign = () => new DomainError("INVALID", "The product changed while you were editing it. Please reload the page and try again.");

/**
 * Saves an edited product in one transaction. Stock rows keep their ids where kept (orders refer to
 * them for restocking): updated in place, new ones inserted, removed ones deleted. Media removed
 * from the form (alone or with its variant) loses its row in the transaction and its files only
 * after the commit; a failed save deletes nothing.
 */
export async function updateProduct(
  db: Db,
  productId: string,
  input: ProductFormData,
  options: SaveOptions,
): Promise<{ id: string; deletedFiles: number }> {
  if (!ID_PATTERN.test(productId)) throw new DomainError("NOT_FOUND", PRODUCT_FORM_MESSAGES.notFound);
  const uploads = await resolveUploads(input, options);
  const removed = await db.transaction(async (tx) => {
    const [p] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for("update");
    if (!p) throw new DomainError("NOT_FOUND", PRODUCT_FORM_MESSAGES.notFound);
    await assertCategoriesExist(tx, input.categoryIds);
    await assertUploadsUnused(tx, uploads);
    await tx
      .update(products)
      .set({ name: input.name, code: input.code, description: input.description, updatedAt: options.now ?? new Date() })
      .where(eq(products.id, productId));
    await writeCategories(tx, productId, input.categoryIds);

    const existingVariants = await tx.select({ id: variants.id }).from(variants).where(eq(variants.productId, productId));
    const existingIds = new Set(existingVariants.map((v) => v.id));
    const keptIds = new Set(input.variants.flatMap((v) => (v.id ? [v.id] : [])));
    for (const id of keptIds) if (!existingIds.has(id)) throw foreign();
    if (keptIds.size !== input.variants.filter((v) => v.id).length) throw foreign();

    const removedFiles: StoredMediaFile[] = [];
    const droppedVariants = [...existingIds].filter((id) => !keptIds.has(id));
    if (droppedVariants.length) {
      const dropped = await tx
        .select({ kind: media.kind, storageKey: media.storageKey, widths: media.widths })
        .from(media)
        .where(inArray(media.variantId, droppedVariants));
      removedFiles.push(...dropped);
      // Stock rows and media rows go with their variant (ON DELETE CASCADE).
      await tx.delete(variants).where(inArray(variants.id, droppedVariants));
    }

    for (const [position, v] of input.variants.entries()) {
      let variantId: string;
      if (v.id) {
        variantId = v.id;
        await tx.update(variants).set(variantValues(v, position)).where(eq(variants.id, variantId));
      } else {
        const [created] = await tx
          .insert(variants)
          .values({ productId, ...variantValues(v, position) })
          .returning({ id: variants.id });
        variantId = created.id;
      }

      // Stock rows: update kept ones in place, insert new ones, delete the rest.
      const currentStock = v.id ? await tx.select({ id: stock.id }).from(stock).where(eq(stock.variantId, variantId)) : [];
      const currentStockIds = new Set(currentStock.map((s) => s.id));
      const keptStock = new Set<string>();
      for (const s of v.stock) {
        if (!s.id) continue;
        if (!currentStockIds.has(s.id) || keptStock.has(s.id)) throw foreign();
        keptStock.add(s.id);
      }
      const goneStock = [...currentStockIds].filter((id) => !keptStock.has(id));
      if (goneStock.length) await tx.delete(stock).where(inArray(stock.id, goneStock));
      for (const [i, s] of v.stock.entries()) {
        if (s.id) {
          await tx.update(stock).set({ position: i, size: s.size, qty: s.qty }).where(and(eq(stock.id, s.id), eq(stock.variantId, variantId)));
        } else {
          await tx.insert(stock).values({ variantId, position: i, size: s.size, qty: s.qty });
        }
      }

      // Media: kept rows are re-ordered, removed rows scheduled for file deletion, uploads added.
      const currentMedia = v.id
        ? await tx
            .select({ id: media.id, kind: media.kind, storageKey: media.storageKey, widths: media.widths })
            .from(media)
            .where(eq(media.variantId, variantId))
        : [];
      const mediaById = new Map(currentMedia.map((m) => [m.id, m]));
      const keptMedia = new Set<string>();
      for (const m of v.media) {
        const row = mediaById.get(m.id);
        if (!row || row.kind !== m.kind || keptMedia.has(m.id)) throw foreign();
        keptMedia.add(m.id);
      }
      const goneMedia = currentMedia.filter((m) => !keptMedia.has(m.id));
      if (goneMedia.length) {
        await tx.delete(media).where(inArray(media.id, goneMedia.map((m) => m.id)));
        removedFiles.push(...goneMedia);
      }
      for (const [i, m] of v.media.entries()) {
        await tx.update(media).set({ position: i }).where(eq(media.id, m.id));
      }
      await insertUploads(tx, variantId, uploads[position], v.media.length);
    }
    return removedFiles;
  });
  // Only now that the new state is committed are the old files removed.
  await deleteMediaFiles(options.storage, removed);
  if (removed.length) logger.info({ productId, files: removed.length }, "removed media files of an edited product");
  return { id: productId, deletedFiles: removed.length };
}
