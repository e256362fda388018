import { eq, inArray } from "drizzle-orm";
import { newId } from "~/lib/ids";
import { categories, media, productCategories, products, stock, variants } from "~/lib/db/tables/catalogue.server";
import { readProductRows } from "~/modules/catalog/product-rows.server";
import type { CategoryData, ProductData } from "./import-mapping";
import type { Downloaded } from "./media-download.server";
import { counted, eachWithMedia, note, remember, targetsOf, type Writer } from "./import-records.server";

// The import's writers of the catalogue: categories, then products with their variants, sizes and media.

// ------------------------------------------------------------------ categories

export const writeCategories: Writer<CategoryData> = async (tx, ctx, planned, counts) => {
  await eachWithMedia(
    planned,
    async (p) => {
      const url = p.mapped.ok ? p.mapped.value.imageUrl : null;
      return url && ctx.downloader ? ctx.downloader.get(url, { use: "category" }) : undefined;
    },
    async (p, downloaded, i) => {
      if (!p.mapped.ok) return;
      const c = p.mapped.value;
      let imageKey = c.imageUrl;
      if (downloaded) {
        if (downloaded.ok && downloaded.use === "category") imageKey = downloaded.key;
        else {
          note(p, `image ${c.imageUrl} could not be stored (${downloaded.ok ? "?" : downloaded.reason}): the category has no image`);
          imageKey = null;
        }
      }
      const values = { name: c.name, imageKey, createdAt: c.createdAt };
      let id = p.targetId;
      if (id) {
        const updated = await tx.update(categories).set(values).where(eq(categories.id, id)).returning({ id: categories.id });
        if (updated.length === 0) id = undefined;
      }
      if (!id) [{ id }] = await tx.insert(categories).values(values).returning({ id: categories.id });
      if (p.targetId && id !== p.targetId) p.targetId = undefined;
      await remember(tx, "categories", p, id);
      counted(ctx, "categories", counts, p, i, planned.length);
    },
  );
};

// ------------------------------------------------------------------ products

function contentTypeOf(url: string, kind: "image" | "video"): string {
  let name = url;
  try {
    name = decodeURIComponent(new URL(url).pathname).toLowerCase();
  } catch {
    // the address was checked before; keep the default
  }
  const ext = /\.([a-z0-9]+)$/.exec(name)?.[1] ?? "";
  const types: Record<string, string> = {
    jpg: "image/jpeg",
    jpeg: "image/jpeg",
    png: "image/png",
    webp: "image/webp",
    gif: "image/gif",
    avif: "image/avif",
    mp4: "video/mp4",
    m4v: "video/mp4",
    webm: "video/webm",
    mov: "video/quicktime",
  };
  return types[ext] ?? (kind === "image" ? "image/jpeg" : "video/mp4");
}

type VariantMedia = Map<string, Downloaded>;

export const writeProducts: Writer<ProductData> = async (tx, ctx, planned, counts) => {
  const categoryTargets = await targetsOf(
    tx,
    "categories",
    planned.flatMap((p) => (p.mapped.ok ? p.mapped.value.categoryIds : [])),
  );
  await eachWithMedia(
    planned,
    async (p): Promise<VariantMedia> => {
      const out: VariantMedia = new Map();
      if (!p.mapped.ok || !ctx.downloader) return out;
      const jobs = p.mapped.value.variants.flatMap((v) => [
        ...v.images.map((url) => ["image", url] as const),
        ...v.videos.map((url) => ["video", url] as const),
      ]);
      await Promise.all(jobs.map(async ([kind, url]) => out.set(`${kind}:${url}`, await ctx.downloader!.get(url, { use: "product", kind }))));
      return out;
    },
    async (p, downloaded, i) => {
      if (!p.mapped.ok) return;
      const d = p.mapped.value;
      const values = {
        name: d.name,
        description: d.description,
        code: d.code,
        rating: d.rating,
        reviewCount: d.reviewCount,
        createdAt: d.createdAt,
        updatedAt: d.updatedAt,
      };
      let id = p.targetId;
      // What the product has here: its variants and sizes are updated in place, by name and size.
      let earlier: Awaited<ReturnType<typeof readProductRows>> = null;
      if (id) {
        const updated = await tx.update(products).set(values).where(eq(products.id, id)).returning({ id: products.id });
        if (updated.length === 0) id = p.targetId = undefined;
        // Categories and media are written again from the export.
        else {
          await tx.delete(productCategories).where(eq(productCategories.productId, id));
          earlier = await readProductRows(tx, id);
        }
      }
      if (!id) [{ id }] = await tx.insert(products).values(values).returning({ id: products.id });
      const productId = id;
      const here = { variants: earlier?.variantRows ?? [], sizes: earlier?.stockRows ?? [] };
      const keptVariants = new Set<string>();
      const keptSizes = new Set<string>();

      const links: { productId: string; categoryId: string; position: number }[] = [];
      for (const sourceId of d.categoryIds) {
        const categoryId = categoryTargets.get(sourceId);
        if (categoryId) links.push({ productId, categoryId, position: links.length });
        else note(p, `category ${sourceId} does not exist: link left out`);
      }
      if (d.categoryIds.length && links.length === 0) note(p, "none of its categories exists: the product is Uncategorized");
      if (links.length) await tx.insert(productCategories).values(links);

      for (const [position, v] of d.variants.entries()) {
        const fields = { position, name: v.name, soleColor: v.soleColor, price: v.price, inOffer: v.inOffer, discountPrice: v.discountPrice };
        // A variant and size the shop already has keep their ids: the orders sold from them still
        // find them, so cancelling one gives its stock back.
        const same = here.variants.find((e) => !keptVariants.has(e.id) && e.name === v.name);
        const variantId = same?.id ?? newId();
        if (same) {
          keptVariants.add(same.id);
          await tx.update(variants).set(fields).where(eq(variants.id, same.id));
          await tx.delete(media).where(eq(media.variantId, same.id));
        } else await tx.insert(variants).values({ id: variantId, productId, ...fields });
        for (const [n, size] of v.stock.entries()) {
          const had = here.sizes.find((e) => e.variantId === variantId && !keptSizes.has(e.id) && e.size === size.size);
          if (had) {
            keptSizes.add(had.id);
            await tx.update(stock).set({ position: n, qty: size.qty }).where(eq(stock.id, had.id));
          } else await tx.insert(stock).values({ variantId, position: n, size: size.size, qty: size.qty });
        }
        const rows: (typeof media.$inferInsert)[] = [];
        for (const [kind, list] of [
          ["image", v.images],
          ["video", v.videos],
        ] as const) {
          for (const url of list) {
            const got = downloaded.get(`${kind}:${url}`);
            if (!got) {
              rows.push({ variantId, kind, position: rows.length, storageKey: url, widths: [], contentType: contentTypeOf(url, kind) });
            } else if (got.ok && got.use === "product") {
              const f = got.file;
              rows.push({
                variantId,
                kind,
                position: rows.length,
                storageKey: f.storageKey,
                widths: f.widths,
                width: f.width,
                height: f.height,
                contentType: f.contentType,
              });
            } else {
              note(p, `${v.name}: ${kind} ${url} could not be stored (${got.ok ? "?" : got.reason}): left out`);
            }
          }
        }
        if (rows.length) await tx.insert(media).values(rows);
      }
      // What the original no longer has goes (a variant takes its sizes and media with it).
      const goneSizes = here.sizes.filter((e) => keptVariants.has(e.variantId) && !keptSizes.has(e.id)).map((e) => e.id);
      if (goneSizes.length) await tx.delete(stock).where(inArray(stock.id, goneSizes));
      const goneVariants = here.variants.filter((e) => !keptVariants.has(e.id)).map((e) => e.id);
      if (goneVariants.length) await tx.delete(variants).where(inArray(variants.id, goneVariants));
      await remember(tx, "products", p, productId);
      counted(ctx, "products", counts, p, i, planned.length);
    },
  );
};
