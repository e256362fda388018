import { asc, desc } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { categories, products } from "~/lib/db/tables/catalogue.server";
import type { StoredImage } from "~/modules/media/media-url";
import { CATEGORY_IMAGE_WIDTHS } from "./catalog.server";

/** The storefront's links to the catalogue: the sitemap, the footer's categories, the home page's newest category. */

// ------------------------------------------------------------------ sitemap

export async function listSitemapEntries(db: Db) {
  const [productRows, categoryRows] = await Promise.all([
    db.select({ id: products.id, updatedAt: products.updatedAt, createdAt: products.createdAt }).from(products).orderBy(desc(products.createdAt)),
    db.select({ id: categories.id, createdAt: categories.createdAt }).from(categories),
  ]);
  return {
    products: productRows.map((p) => ({ id: p.id, lastModified: (p.updatedAt ?? p.createdAt).toISOString() })),
    categories: categoryRows.map((c) => ({ id: c.id, lastModified: c.createdAt.toISOString() })),
  };
}

// ------------------------------------------------------------------ footer and home

/** The newest categories, for the footer (at most four). */
export async function listFooterCategories(db: Db, limit = 4) {
  const rows = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .orderBy(desc(categories.createdAt), asc(categories.id))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, name: r.name.trim() || "Unknown Category" }));
}

/** The newest category, for the home page's latest-collection card. */
export async function newestCategory(db: Db): Promise<{ id: string; name: string; image: StoredImage | null } | null> {
  const [row] = await db.select().from(categories).orderBy(desc(categories.createdAt), asc(categories.id)).limit(1);
  if (!row) return null;
  return {
    id: row.id,
    name: row.name.trim() || "New Arrivals",
    image: row.imageKey ? { key: row.imageKey, widths: CATEGORY_IMAGE_WIDTHS } : null,
  };
}
