import { and, asc, count, desc, eq, exists, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { categories, media, productCategories, products, stock, variants } from "~/lib/db/tables/catalogue.server";
import type { StoredImage } from "~/modules/media/media-url";
import type { StoredMediaFile } from "~/modules/media/media-files.server";
import { moveToTrash, type DeletedBy } from "~/modules/trash/trash.server";
import { lockStockOfVariants } from "~/modules/inventory/stock-locks.server";
import { getProductDetail, UNNAMED_CATEGORY } from "./catalog.server";
import type { ProductDetail } from "./catalog-views";
import { likePattern } from "~/lib/sql-like";
import { productOverview, type ProductOverview } from "./product-overview";
import { ADMIN_PRODUCTS_PAGE_SIZE } from "./admin-products.schema";

interface AdminProductRow {
  id: string;
  name: string;
  code: string;
  createdAt: string;
  image: StoredImage | null;
  categories: string[];
  overview: ProductOverview;
}

export interface AdminProductsPage {
  items: AdminProductRow[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * One page of the back-office product table. The page's product ids are found first (newest
 * first), then their variants, stock totals, categories and first image are read for those ids
 * only: five queries per page whatever the size of the catalogue.
 */
export async function listAdminProducts(
  db: Db,
  input: { q?: string; categoryId?: string; page?: number; pageSize?: number },
): Promise<AdminProductsPage> {
  const pageSize = Math.min(Math.max(input.pageSize ?? ADMIN_PRODUCTS_PAGE_SIZE, 1), 100);
  const page = Math.max(input.page ?? 1, 1);
  const where: SQL[] = [];
  const q = input.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    where.push(or(ilike(products.name, pattern), ilike(products.code, pattern))!);
  }
  if (input.categoryId) {
    where.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(productCategories)
          .where(and(eq(productCategories.productId, products.id), eq(productCategories.categoryId, input.categoryId))),
      ),
    );
  }
  const condition = where.length ? and(...where) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ id: products.id, name: products.name, code: products.code, createdAt: products.createdAt })
      .from(products)
      .where(condition)
      .orderBy(desc(products.createdAt), asc(products.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(products).where(condition),
  ]);
  if (rows.length === 0) return { items: [], total: Number(total), page, pageSize };

  const ids = rows.map((r) => r.id);
  const [variantRows, stockRows, categoryRows, imageRows] = await Promise.all([
    db
      .select({
        id: variants.id,
        productId: variants.productId,
        price: variants.price,
        inOffer: variants.inOffer,
        discountPrice: variants.discountPrice,
      })
      .from(variants)
      .where(inArray(variants.productId, ids)),
    db
      .select({ variantId: stock.variantId, qty: sql<number>`coalesce(sum(${stock.qty}), 0)::int` })
      .from(stock)
      .innerJoin(variants, eq(variants.id, stock.variantId))
      .where(inArray(variants.productId, ids))
      .groupBy(stock.variantId),
    db
      .select({ productId: productCategories.productId, name: categories.name })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .where(inArray(productCategories.productId, ids))
      .orderBy(asc(productCategories.productId), asc(productCategories.position), asc(categories.name)),
    db
      .selectDistinctOn([variants.productId], { productId: variants.productId, storageKey: media.storageKey, widths: media.widths })
      .from(media)
      .innerJoin(variants, eq(variants.id, media.variantId))
      .where(and(inArray(variants.productId, ids), eq(media.kind, "image")))
      .orderBy(variants.productId, asc(variants.position), asc(variants.id), asc(media.position), asc(media.id)),
  ]);

  const stockByVariant = new Map(stockRows.map((s) => [s.variantId, Number(s.qty)]));
  const variantsByProduct = new Map<string, (typeof variantRows)[number][]>();
  for (const v of variantRows) variantsByProduct.set(v.productId, [...(variantsByProduct.get(v.productId) ?? []), v]);
  const categoriesByProduct = new Map<string, string[]>();
  for (const c of categoryRows)
    categoriesByProduct.set(c.productId, [...(categoriesByProduct.get(c.productId) ?? []), c.name.trim() || UNNAMED_CATEGORY]);
  const imageByProduct = new Map(imageRows.map((m) => [m.productId, { key: m.storageKey, widths: m.widths }]));

  const items = rows.map((p) => ({
    id: p.id,
    name: p.name,
    code: p.code,
    createdAt: p.createdAt.toISOString(),
    image: imageByProduct.get(p.id) ?? null,
    categories: categoriesByProduct.get(p.id) ?? [],
    overview: productOverview((variantsByProduct.get(p.id) ?? []).map((v) => ({ ...v, stock: [{ qty: stockByVariant.get(v.id) ?? 0 }] }))),
  }));
  return { items, total: Number(total), page, pageSize };
}

/** Categories to filter the product table by, by name. */
export async function listCategoryChoices(db: Db): Promise<{ id: string; name: string }[]> {
  const rows = await db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.name), asc(categories.id));
  return rows.map((r) => ({ id: r.id, name: r.name.trim() || UNNAMED_CATEGORY }));
}

/** A product as the back office views it: everything the shop page knows, plus its overview figures. */
export async function getAdminProductView(db: Db, id: string): Promise<ProductDetail & { overview: ProductOverview }> {
  const product = await getProductDetail(db, id);
  return { ...product, overview: productOverview(product.variants) };
}

/**
 * Deletes a product: it moves, with its variants, stock, media rows and category links, into the
 * Trash (docs/decisions/0053), where its image and video files stay until it is deleted for good.
 * Order lines keep their snapshots.
 *
 * Locks as the product editor does, so it never deadlocks with orders: the product 'for no key
 * update' (a concurrent save waits, but an order's items can still take their key-share lock on
 * it), then every size in the one stock lock order. An order already holding a size finishes
 * first; one that comes later finds the size gone. Locking the product 'for update' instead made
 * an order that held a size wait for the product while the delete waited for that size.
 */
export async function deleteProduct(db: Db, id: string, by: DeletedBy): Promise<{ name: string }> {
  return db.transaction(async (tx) => {
    // The product first, so media added by a concurrent edit cannot slip past the file list.
    const [product] = await tx.select({ id: products.id, name: products.name }).from(products).where(eq(products.id, id)).for("no key update");
    if (!product) throw new DomainError("NOT_FOUND", "Product not found");
    const variantIds = (await tx.select({ id: variants.id }).from(variants).where(eq(variants.productId, id))).map((v) => v.id);
    await lockStockOfVariants(tx, variantIds);
    const files: StoredMediaFile[] = await tx
      .select({ kind: media.kind, storageKey: media.storageKey, widths: media.widths })
      .from(media)
      .innerJoin(variants, eq(variants.id, media.variantId))
      .where(eq(variants.productId, id));
    await moveToTrash(tx, { kind: "product", itemId: id, name: product.name, by, files });
    return { name: product.name };
  });
}
