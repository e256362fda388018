import { and, eq, gte, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "~/lib/db.server";
import type { MediaKind } from "~/lib/db/value-lists";
import { DomainError } from "~/lib/errors";
import { logger } from "~/lib/logger.server";
import { categories, media, productCategories, products, stock, stockMovements, variants } from "~/lib/db/tables/catalogue.server";
import type { StockedVariant } from "./product-rules";
import { deleteMediaFiles, type StoredMediaFile } from "~/modules/media/media-files.server";
import { STALE_UPLOAD_MESSAGE, stagedFilesExist, verifyStagedUpload, type StagedUpload } from "~/modules/media/staged-uploads.server";
import type { FileStorage } from "~/modules/media/storage.server";
import { PRODUCT_FORM_MESSAGES, type ProductFormData, type VariantFormData } from "./product-form.schema";
import { readProductRows } from "./product-rows.server";
import { lockStockOfVariants, type LockedStock } from "~/modules/inventory/stock-locks.server";
import { sizeDetail } from "./size-label";

/**
 * Adding and editing a product as staff do it: the whole product (categories, variants, stock rows,
 * media) is written in one transaction. Files of removed media are deleted only after it commits.
 * Stock is changed by adjustments, never overwritten: see docs/decisions/0019-stock-edits-as-adjustments.md.
 */

interface EditableMedia {
  id: string;
  kind: MediaKind;
  storageKey: string;
  widths: number[];
  contentType: string;
}

interface EditableVariant extends StockedVariant {
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

export async function productExists(db: Db, id: string): Promise<boolean> {
  if (!ID_PATTERN.test(id)) return false;
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, id)).limit(1);
  return Boolean(row);
}

/** A product as the edit form needs it; NOT_FOUND 'Product not found!' for an unknown id. */
export async function loadProductForEdit(db: Db, id: string): Promise<EditableProduct> {
  if (!ID_PATTERN.test(id)) throw new DomainError("NOT_FOUND", PRODUCT_FORM_MESSAGES.notFound);
  const rows = await readProductRows(db, id);
  if (!rows) throw new DomainError("NOT_FOUND", PRODUCT_FORM_MESSAGES.notFound);
  const { product: p, categoryRows, variantRows, stockRows, mediaRows } = rows;
  return {
    id: p.id,
    name: p.name,
    code: p.code,
    description: p.description,
    categoryIds: categoryRows.map((c) => c.id),
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
  /** Id of the staff member saving: the stock trail records them as who made each adjustment. */
  by: string;
  now?: Date;
}

/** One change of a size's stock made by a save, with the quantity it left. */
interface StockAdjustment {
  stockId: string;
  delta: number;
  qty: number;
}

/** Records staff stock changes in the stock trail, as reason 'adjust', with who made them. */
async function recordAdjustments(tx: Tx, adjustments: StockAdjustment[], by: string) {
  if (adjustments.length === 0) return;
  await tx.insert(stockMovements).values(adjustments.map((a) => ({ stockId: a.stockId, delta: a.delta, reason: "adjust" as const, changedBy: by })));
}

function logAdjustments(productId: string, by: string, adjustments: StockAdjustment[]) {
  if (adjustments.length) logger.info({ productId, by, adjustments }, "staff adjusted stock");
}

/** Inserts new stock rows with their quantities; each quantity above 0 is an adjustment (recorded by the caller). */
async function insertStockRows(tx: Tx, rows: { variantId: string; position: number; size: string; qty: number }[]): Promise<StockAdjustment[]> {
  if (rows.length === 0) return [];
  const inserted = await tx.insert(stock).values(rows).returning({ id: stock.id, qty: stock.qty });
  return inserted.filter((r) => r.qty > 0).map((r) => ({ stockId: r.id, delta: r.qty, qty: r.qty }));
}

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
  const adjustments: StockAdjustment[] = [];
  const created = await db.transaction(async (tx) => {
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
      adjustments.push(
        ...(await insertStockRows(
          tx,
          v.stock.map((s, i) => ({ variantId: variant.id, position: i, size: s.size, qty: s.qty })),
        )),
      );
      await insertUploads(tx, variant.id, uploads[position], 0);
    }
    await recordAdjustments(tx, adjustments, options.by);
    return { id: row.id };
  });
  logAdjustments(created.id, options.by, adjustments);
  return created;
}

const foreign = () => new DomainError("INVALID", "The product changed while you were editing it. Please reload the page and try again.");

/** A kept stock row of the form: its quantity now (locked), as loaded into the form, and as typed. */
interface StockChange {
  row: LockedStock;
  loaded: number;
  typed: number;
}

const isLoaded = (c: { loaded?: number }): c is StockChange => c.loaded !== undefined;

/**
 * Applies each kept size's change from the form as a delta on its current stock, one guarded
 * UPDATE per size, so sales and other saves since the form was loaded are kept. A delta that
 * would take a size below zero refuses the whole save (CONFLICT), naming each such size. Answers
 * the adjustments, for the caller to record.
 */
async function adjustStock(tx: Tx, productName: string, variantNames: Map<string, string>, changes: StockChange[]): Promise<StockAdjustment[]> {
  const adjustments: StockAdjustment[] = [];
  const short: string[] = [];
  for (const { row, loaded, typed } of changes) {
    const delta = typed - loaded;
    if (delta === 0) continue;
    const [after] = await tx
      .update(stock)
      .set({ qty: sql`${stock.qty} + ${delta}` })
      .where(and(eq(stock.id, row.id), gte(sql`${stock.qty} + ${delta}`, 0)))
      .returning({ qty: stock.qty });
    if (after) {
      adjustments.push({ stockId: row.id, delta, qty: after.qty });
      continue;
    }
    const details = [variantNames.get(row.variantId) ?? "", sizeDetail(row.size, "size")].filter(Boolean).join(", ");
    const what = details ? `${productName} (${details})` : productName;
    short.push(`${what}: ${loaded} when you opened the form, ${row.qty} now, so it cannot go down by ${-delta}`);
  }
  if (short.length) {
    throw new DomainError(
      "CONFLICT",
      `The stock changed while you were editing. ${short.join("; ")}. Please reload the page to see the current stock.`,
    );
  }
  return adjustments;
}

/**
 * Saves an edited product in one transaction. Stock rows keep their ids where kept (orders refer to
 * them for restocking): a kept size's quantity changes by what was changed in the form (typed minus
 * loaded), new sizes are inserted, removed ones deleted. Media removed from the form (alone or with
 * its variant) loses its row in the transaction and its files only after the commit; a failed save
 * deletes nothing.
 */
export async function updateProduct(
  db: Db,
  productId: string,
  input: ProductFormData,
  options: SaveOptions,
): Promise<{ id: string; deletedFiles: number }> {
  if (!ID_PATTERN.test(productId)) throw new DomainError("NOT_FOUND", PRODUCT_FORM_MESSAGES.notFound);
  const uploads = await resolveUploads(input, options);
  const adjustments: StockAdjustment[] = [];
  const removed = await db.transaction(async (tx) => {
    // 'no key update': two saves of a product wait for each other, but orders (whose items refer to
    // the product) are not held up, so an order holding a size and a save waiting for it cannot deadlock.
    const [p] = await tx.select({ id: products.id, name: products.name }).from(products).where(eq(products.id, productId)).for("no key update");
    if (!p) throw new DomainError("NOT_FOUND", PRODUCT_FORM_MESSAGES.notFound);
    await assertCategoriesExist(tx, input.categoryIds);
    await assertUploadsUnused(tx, uploads);
    await tx
      .update(products)
      .set({ name: input.name, code: input.code, description: input.description, updatedAt: options.now ?? new Date() })
      .where(eq(products.id, productId));
    await writeCategories(tx, productId, input.categoryIds);

    const existingVariants = await tx.select({ id: variants.id, name: variants.name }).from(variants).where(eq(variants.productId, productId));
    const existingIds = new Set(existingVariants.map((v) => v.id));
    const keptIds = new Set(input.variants.flatMap((v) => (v.id ? [v.id] : [])));
    for (const id of keptIds) if (!existingIds.has(id)) throw foreign();
    if (keptIds.size !== input.variants.filter((v) => v.id).length) throw foreign();

    // Every size of the product, in the one stock lock order orders and cancellations use.
    const lockedStock = await lockStockOfVariants(tx, [...existingIds]);
    const stockById = new Map(lockedStock.map((s) => [s.id, s]));
    const changes: (Omit<StockChange, "loaded"> & { loaded?: number })[] = [];
    const seen = new Set<string>();
    for (const v of input.variants) {
      for (const s of v.stock) {
        if (!s.id) continue;
        const row = stockById.get(s.id);
        if (!row || row.variantId !== v.id || seen.has(s.id)) throw foreign();
        seen.add(s.id);
        changes.push({ row, loaded: s.loadedQty, typed: s.qty });
      }
    }
    // Without the quantity the form was loaded with (an old page, or a tampered one) there is no
    // telling what the staff member changed: refuse rather than overwrite.
    if (!changes.every(isLoaded)) throw new DomainError("CONFLICT", PRODUCT_FORM_MESSAGES.staleStock);
    adjustments.push(...(await adjustStock(tx, p.name, new Map(existingVariants.map((v) => [v.id, v.name])), changes)));

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

      // Stock rows: kept ones (quantities already adjusted) get their size and place, new ones are
      // inserted, the rest deleted.
      const keptStock = new Set(v.stock.flatMap((s) => (s.id ? [s.id] : [])));
      const goneStock = lockedStock.filter((s) => s.variantId === variantId && !keptStock.has(s.id)).map((s) => s.id);
      if (goneStock.length) await tx.delete(stock).where(inArray(stock.id, goneStock));
      const newRows: { variantId: string; position: number; size: string; qty: number }[] = [];
      for (const [i, s] of v.stock.entries()) {
        if (s.id) {
          await tx
            .update(stock)
            .set({ position: i, size: s.size })
            .where(and(eq(stock.id, s.id), eq(stock.variantId, variantId)));
        } else {
          newRows.push({ variantId, position: i, size: s.size, qty: s.qty });
        }
      }
      adjustments.push(...(await insertStockRows(tx, newRows)));

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
        await tx.delete(media).where(
          inArray(
            media.id,
            goneMedia.map((m) => m.id),
          ),
        );
        removedFiles.push(...goneMedia);
      }
      for (const [i, m] of v.media.entries()) {
        await tx.update(media).set({ position: i }).where(eq(media.id, m.id));
      }
      await insertUploads(tx, variantId, uploads[position], v.media.length);
    }
    await recordAdjustments(tx, adjustments, options.by);
    return removedFiles;
  });
  logAdjustments(productId, options.by, adjustments);
  // Only now that the new state is committed are the old files removed.
  await deleteMediaFiles(options.storage, removed);
  if (removed.length) logger.info({ productId, files: removed.length }, "removed media files of an edited product");
  return { id: productId, deletedFiles: removed.length };
}
