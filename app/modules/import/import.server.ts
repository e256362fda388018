import { createHash } from "node:crypto";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { newId } from "~/lib/ids";
import {
  categories,
  contactSubmissions,
  importedRecords,
  media,
  orderHistory,
  orderItems,
  orders,
  productCategories,
  products,
  stock,
  subscribers,
  user,
  variants,
} from "~/lib/db/tables.server";
import { imageUrl } from "~/modules/media/media-url";
import { saveMediaOrigins } from "~/modules/media/media-origins.server";
import type { FileStorage } from "~/modules/media/storage.server";
import { readProductRows } from "~/modules/catalog/product-rows.server";
import { checkOrderMove, ORDER_STATUS_LABELS } from "~/modules/orders/order-status";
import { itemsKey } from "~/modules/orders/order-review";
import type { ExportData } from "./export-file.server";
import {
  catalogueSizeOf,
  type CatalogueSize,
  mapCategory,
  mapOrder,
  mapProduct,
  mapSubmission,
  mapSubscriber,
  mapUser,
  withoutPasswords,
  type CategoryData,
  type Mapped,
  type OrderData,
  type ProductData,
  type SubmissionData,
  type SubscriberData,
  type UserData,
} from "./import-mapping";
import { MediaDownloader, type DownloadOptions, type Downloaded } from "./media-download.server";
import { COLLECTIONS, type Collection } from "./original-fields";

/**
 * Moves the original shop's records into this shop (`npm run import`, docs/decisions/0028). Each
 * collection is written in one transaction; `imported_records` remembers which row each original
 * document became and a digest of the document, so a second run over the same export changes
 * nothing, and a document changed since is updated.
 */

export type MediaMode = "keep" | "download";

export interface ImportOptions {
  dryRun?: boolean;
  /** `keep` (default): media stay at their web addresses; `download`: fetched and stored here. */
  media?: MediaMode;
  /** Where downloaded media go (needed with `media: "download"`). */
  storage?: FileStorage;
  download?: DownloadOptions;
  /** Told every `progressEvery` records of a collection (and at its end when it is that large). */
  progress?: (message: string) => void;
  progressEvery?: number;
  now?: Date;
}

interface CollectionCounts {
  imported: number;
  updated: number;
  unchanged: number;
  skipped: number;
  /** Records written with something changed or left out on the way (also counted above). */
  adjusted: number;
}

interface RecordNote {
  collection: Collection;
  id: string;
  reason: string;
}

export interface ImportSummary {
  dryRun: boolean;
  media: MediaMode;
  counts: Record<Collection, CollectionCounts>;
  skipped: RecordNote[];
  adjusted: RecordNote[];
  /**
   * E-mail addresses of the accounts this run created. They have no password: each signs in after
   * setting one through "Forgot password" (or an invitation sent to this list).
   */
  importedUserEmails: string[];
  downloads: { stored: number; failed: { url: string; reason: string }[] };
  /** Origins of the media kept as web addresses, which the pages' security policy allows. */
  mediaOrigins: string[];
  /** Collections of the export the shop does not know, left alone. */
  ignoredCollections: string[];
  ms: number;
}

/** Thrown inside a dry run's transaction to undo everything once the report is made. */
class DryRunRollback extends Error {}

const emptyCounts = (): CollectionCounts => ({ imported: 0, updated: 0, unchanged: 0, skipped: 0, adjusted: 0 });

/** JSON with keys sorted, so that the same document always has the same digest. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** The digest of a document (passwords removed) as imported with this media mode. */
function sourceHash(doc: unknown, media: MediaMode): string {
  return createHash("sha256")
    .update(`${media}\n${stableJson(withoutPasswords(doc))}`)
    .digest("base64url");
}

interface Planned<T> {
  sourceId: string;
  hash: string;
  targetId?: string;
  mapped: Mapped<T>;
}

interface Context {
  options: Required<Pick<ImportOptions, "dryRun" | "media" | "progressEvery">> & ImportOptions;
  now: Date;
  summary: ImportSummary;
  downloader?: MediaDownloader;
}

export async function runImport(db: Db, data: ExportData, options: ImportOptions = {}): Promise<ImportSummary> {
  const started = performance.now();
  const media = options.media ?? "keep";
  if (media === "download" && !options.storage && !options.dryRun) throw new Error("Downloading media needs the shop's storage.");
  const summary: ImportSummary = {
    dryRun: options.dryRun ?? false,
    media,
    counts: Object.fromEntries(COLLECTIONS.map((c) => [c, emptyCounts()])) as Record<Collection, CollectionCounts>,
    skipped: [],
    adjusted: [],
    importedUserEmails: [],
    downloads: { stored: 0, failed: [] },
    mediaOrigins: [],
    ignoredCollections: [],
    ms: 0,
  };
  const ctx: Context = {
    options: { ...options, dryRun: options.dryRun ?? false, media, progressEvery: options.progressEvery ?? 500 },
    now: options.now ?? new Date(),
    summary,
    // A dry run fetches nothing: it reports what would be written.
    downloader: media === "download" && !options.dryRun && options.storage ? new MediaDownloader(options.storage, options.download) : undefined,
  };

  const all = async (conn: Db) => {
    await importCollection(conn, ctx, "categories", data, (doc) => mapCategory(doc, ctx.now), writeCategories);
    await importCollection(conn, ctx, "products", data, (doc) => mapProduct(doc, ctx.now), writeProducts);
    await importCollection(conn, ctx, "users", data, (doc) => mapUser(doc, ctx.now), writeUsers);
    await importCollection(conn, ctx, "orders", data, (doc) => mapOrder(doc, ctx.now), writeOrders);
    await importCollection(conn, ctx, "contactSubmissions", data, (doc) => mapSubmission(doc, ctx.now), writeSubmissions);
    await importCollection(conn, ctx, "subscribers", data, (doc) => mapSubscriber(doc, ctx.now), writeSubscribers);
    summary.mediaOrigins = await saveMediaOrigins(conn);
  };

  if (ctx.options.dryRun) {
    // Everything in one transaction (each collection in a savepoint of it), then undone.
    await db
      .transaction(async (tx) => {
        await all(tx);
        throw new DryRunRollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof DryRunRollback)) throw error;
      });
  } else {
    await all(db);
  }
  if (ctx.downloader) summary.downloads = { stored: ctx.downloader.downloaded, failed: ctx.downloader.failed };
  summary.ms = Math.round(performance.now() - started);
  return summary;
}

type Writer<T> = (tx: Db, ctx: Context, planned: Planned<T>[], counts: CollectionCounts) => Promise<void>;

async function importCollection<T>(
  conn: Db,
  ctx: Context,
  collection: Collection,
  data: ExportData,
  map: (doc: unknown) => Mapped<T>,
  write: Writer<T>,
): Promise<void> {
  const documents = Object.entries(data[collection] ?? {}).filter(([id]) => !id.startsWith("__"));
  if (documents.length === 0) return;
  const counts = ctx.summary.counts[collection];
  const known = new Map<string, { targetId: string; hash: string }>();
  const rows = await conn
    .select({ sourceId: importedRecords.sourceId, targetId: importedRecords.targetId, hash: importedRecords.sourceHash })
    .from(importedRecords)
    .where(eq(importedRecords.collection, collection));
  for (const r of rows) known.set(r.sourceId, { targetId: r.targetId, hash: r.hash });

  const planned: Planned<T>[] = [];
  for (const [sourceId, doc] of documents) {
    const hash = sourceHash(doc, ctx.options.media);
    const previous = known.get(sourceId);
    if (previous && previous.hash === hash) {
      counts.unchanged++;
      continue;
    }
    const mapped = map(doc);
    if (!mapped.ok) {
      counts.skipped++;
      const kept = previous ? "; what an earlier import brought over is kept" : "";
      ctx.summary.skipped.push({ collection, id: sourceId, reason: mapped.reason + kept });
      continue;
    }
    planned.push({ sourceId, hash, targetId: previous?.targetId, mapped });
  }

  await conn.transaction(async (tx) => {
    await write(tx, ctx, planned, counts);
  });
  for (const p of planned) {
    if (!p.mapped.ok) continue;
    if (p.mapped.adjusted.length) {
      counts.adjusted++;
      for (const reason of p.mapped.adjusted) ctx.summary.adjusted.push({ collection, id: p.sourceId, reason });
    }
  }
}

/** Remembers (or updates) which row an original document became. */
async function remember(tx: Db, collection: Collection, p: Planned<unknown>, targetId: string) {
  await tx
    .insert(importedRecords)
    .values({ collection, sourceId: p.sourceId, targetId, sourceHash: p.hash })
    .onConflictDoUpdate({
      target: [importedRecords.collection, importedRecords.sourceId],
      set: { targetId, sourceHash: p.hash, updatedAt: new Date() },
    });
}

/** Our id of each original id of a collection, as far as it was imported. */
async function targetsOf(tx: Db, collection: Collection, sourceIds: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(sourceIds)];
  const out = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await tx
      .select({ sourceId: importedRecords.sourceId, targetId: importedRecords.targetId })
      .from(importedRecords)
      .where(and(eq(importedRecords.collection, collection), inArray(importedRecords.sourceId, ids.slice(i, i + 1000))));
    for (const r of rows) out.set(r.sourceId, r.targetId);
  }
  return out;
}

function note(p: Planned<unknown>, reason: string) {
  if (p.mapped.ok) p.mapped.adjusted.push(reason);
}

/** Counts the record as imported or updated, and tells progress. */
function counted(ctx: Context, collection: Collection, counts: CollectionCounts, p: Planned<unknown>, index: number, total: number) {
  if (p.targetId) counts.updated++;
  else counts.imported++;
  const every = ctx.options.progressEvery;
  const done = index + 1;
  if (ctx.options.progress && total >= every && (done % every === 0 || done === total))
    ctx.options.progress(`${collection}: ${done} of ${total} written`);
}

/** Runs `work` for each record, fetching media for up to `ahead` records at a time first. */
async function eachWithMedia<T, M>(
  planned: Planned<T>[],
  fetchMedia: (p: Planned<T>) => Promise<M>,
  work: (p: Planned<T>, media: M, i: number) => Promise<void>,
) {
  const ahead = 50;
  for (let start = 0; start < planned.length; start += ahead) {
    const batch = planned.slice(start, start + ahead);
    const fetched = await Promise.all(batch.map(fetchMedia));
    for (const [j, p] of batch.entries()) await work(p, fetched[j], start + j);
  }
}

// ------------------------------------------------------------------ categories

const writeCategories: Writer<CategoryData> = async (tx, ctx, planned, counts) => {
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

const writeProducts: Writer<ProductData> = async (tx, ctx, planned, counts) => {
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

// ------------------------------------------------------------------ users

const writeUsers: Writer<UserData> = async (tx, ctx, planned, counts) => {
  for (const [i, p] of planned.entries()) {
    if (!p.mapped.ok) continue;
    const u = p.mapped.value;
    const [holder] = await tx.select({ id: user.id }).from(user).where(eq(user.email, u.email)).limit(1);
    if (holder && holder.id !== p.targetId) {
      skip(ctx, "users", counts, p, `an account with the e-mail ${u.email} already exists here: left as it is`);
      continue;
    }
    const name = `${u.firstName} ${u.lastName}`.trim() || u.email;
    const values = {
      email: u.email,
      name,
      firstName: u.firstName,
      lastName: u.lastName,
      gender: u.gender,
      numberCode: u.numberCode,
      number: u.number,
      role: u.role,
    };
    let id = p.targetId;
    if (id) {
      const updated = await tx
        .update(user)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(user.id, id))
        .returning({ id: user.id });
      if (updated.length === 0) id = p.targetId = undefined;
    }
    if (!id) {
      // A profile only: no credential account, so no password until the person sets one.
      id = newId(24);
      await tx.insert(user).values({ id, ...values, emailVerified: false, createdAt: u.createdAt, updatedAt: u.createdAt });
      ctx.summary.importedUserEmails.push(u.email);
    }
    await remember(tx, "users", p, id);
    counted(ctx, "users", counts, p, i, planned.length);
  }
};

function skip(ctx: Context, collection: Collection, counts: CollectionCounts, p: Planned<unknown>, reason: string) {
  counts.skipped++;
  ctx.summary.skipped.push({ collection, id: p.sourceId, reason });
  // Not written: its notes are not reported as adjustments.
  p.mapped = { ok: false, reason };
}

// ------------------------------------------------------------------ orders

/** A number no other order has: the original's when free, else the original's with `-2`, `-3` … */
async function freeOrderNumber(tx: Db, wanted: string, ownId: string | undefined): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? wanted : `${wanted}-${n}`;
    const where = ownId ? and(eq(orders.orderNumber, candidate), ne(orders.id, ownId)) : eq(orders.orderNumber, candidate);
    const [taken] = await tx.select({ id: orders.id }).from(orders).where(where).limit(1);
    if (!taken) return candidate;
  }
}

const writeOrders: Writer<OrderData> = async (tx, ctx, planned, counts) => {
  const productTargets = await targetsOf(
    tx,
    "products",
    planned.flatMap((p) => (p.mapped.ok ? p.mapped.value.items.map((it) => it.productSourceId).filter(Boolean) : [])),
  );
  // Product ids of lines that name a product no longer here are left empty (the line is a snapshot).
  const existing = new Set(
    productTargets.size
      ? (
          await tx
            .select({ id: products.id })
            .from(products)
            .where(inArray(products.id, [...productTargets.values()]))
        ).map((r) => r.id)
      : [],
  );
  // The sizes those products have here: each line is linked to the one it was sold from.
  const sizes: CatalogueSize[] = existing.size
    ? await tx
        .select({ productId: variants.productId, variantName: variants.name, size: stock.size, stockId: stock.id })
        .from(stock)
        .innerJoin(variants, eq(variants.id, stock.variantId))
        .where(inArray(variants.productId, [...existing]))
    : [];
  await eachWithMedia(
    planned,
    async (p) => {
      const out = new Map<string, Downloaded>();
      if (!p.mapped.ok || !ctx.downloader) return out;
      const images = [...new Set(p.mapped.value.items.map((it) => it.productImage).filter(Boolean))];
      await Promise.all(images.map(async (url) => out.set(url, await ctx.downloader!.get(url, { use: "order" }))));
      return out;
    },
    async (p, downloaded, i) => {
      if (!p.mapped.ok) return;
      const o = p.mapped.value;
      const orderNumber = await freeOrderNumber(tx, o.orderNumber, p.targetId);
      if (orderNumber !== o.orderNumber) note(p, `order number ${o.orderNumber} is already taken here: numbered ${orderNumber}`);
      const { items, ...fields } = o;
      let id = p.targetId;
      const before = id
        ? (
            await tx
              .select({ status: orders.status, courier: orders.courier, trackingNumber: orders.trackingNumber })
              .from(orders)
              .where(eq(orders.id, id))
          )[0]
        : undefined;
      if (!before) id = p.targetId = undefined;
      // The one rule of every status change (order-status.ts): the original records no courier or CN,
      // so it cannot make an order Shipped here; nor make a move the transition table has not.
      const move = checkOrderMove(before?.status ?? null, o.status, {
        courier: before?.courier ?? null,
        trackingNumber: before?.trackingNumber ?? null,
      });
      const status = move.ok ? o.status : (before?.status ?? IMPORTED_INSTEAD);
      if (!move.ok)
        note(p, `status ${JSON.stringify(o.status)} refused (${move.message}): ${before ? "kept" : "imported as"} ${JSON.stringify(status)}`);
      const values = { ...fields, orderNumber, status };
      if (id) {
        await tx.update(orders).set(values).where(eq(orders.id, id));
        await tx.delete(orderItems).where(eq(orderItems.orderId, id));
      } else {
        [{ id }] = await tx.insert(orders).values(values).returning({ id: orders.id });
        const refused = move.ok ? "" : ` (${ORDER_STATUS_LABELS[o.status]} there; ${move.message})`;
        await tx
          .insert(orderHistory)
          .values({ orderId: id, fromStatus: null, toStatus: status, note: `Imported from the original shop${refused}`, createdAt: o.createdAt });
      }
      if (before && before.status !== status) {
        await tx.insert(orderHistory).values({ orderId: id, fromStatus: before.status, toStatus: status, note: "Changed in the original shop" });
      }
      const orderId = id;
      const rows = items.map((it, n) => {
        let productImage = it.productImage;
        const got = productImage ? downloaded.get(productImage) : undefined;
        if (got) {
          if (got.ok && got.use === "order") productImage = imageUrl({ key: got.key, widths: got.widths }, 320);
          else {
            note(p, `${ORDER_LINE} ${n}: image ${productImage} could not be stored (${got.ok ? "?" : got.reason}): shown without it`);
            productImage = "";
          }
        }
        const target = productTargets.get(it.productSourceId);
        const productId = target && existing.has(target) ? target : null;
        const stockId = catalogueSizeOf(sizes, { productId, color: it.color, size: it.size });
        if (productId && !stockId) {
          const what = [it.color, it.size ? `size ${it.size}` : ""].filter(Boolean).join(", ");
          note(
            p,
            `${ORDER_LINE} ${n}: ${it.productName}${what ? ` (${what})` : ""} matches no single size in the catalogue: cancelling the order gives no stock back for it`,
          );
        }
        return {
          orderId,
          productId,
          stockId,
          productName: it.productName,
          productImage,
          color: it.color,
          size: it.size,
          quantity: it.quantity,
          price: it.price,
          discountPrice: it.discountPrice,
          unitPrice: it.unitPrice,
          lineTotal: it.lineTotal,
        };
      });
      await tx.insert(orderItems).values(rows);
      await tx
        .update(orders)
        .set({ itemsKey: itemsKey(rows) })
        .where(eq(orders.id, orderId));
      await remember(tx, "orders", p, orderId);
      counted(ctx, "orders", counts, p, i, planned.length);
    },
  );
};

const ORDER_LINE = "line";

/** A new order whose original status this shop refuses is imported as a new order still to ship. */
const IMPORTED_INSTEAD = "confirmed";

// ------------------------------------------------------------------ contact submissions and subscribers

const writeSubmissions: Writer<SubmissionData> = async (tx, ctx, planned, counts) => {
  for (const [i, p] of planned.entries()) {
    if (!p.mapped.ok) continue;
    const values = p.mapped.value;
    let id = p.targetId;
    if (id) {
      const updated = await tx.update(contactSubmissions).set(values).where(eq(contactSubmissions.id, id)).returning({ id: contactSubmissions.id });
      if (updated.length === 0) id = p.targetId = undefined;
    }
    if (!id) [{ id }] = await tx.insert(contactSubmissions).values(values).returning({ id: contactSubmissions.id });
    await remember(tx, "contactSubmissions", p, id);
    counted(ctx, "contactSubmissions", counts, p, i, planned.length);
  }
};

const writeSubscribers: Writer<SubscriberData> = async (tx, ctx, planned, counts) => {
  for (const [i, p] of planned.entries()) {
    if (!p.mapped.ok) continue;
    const s = p.mapped.value;
    const [holder] = await tx
      .select({ id: subscribers.id })
      .from(subscribers)
      .where(sql`lower(${subscribers.email}) = lower(${s.email})`)
      .limit(1);
    if (holder && holder.id !== p.targetId) {
      skip(ctx, "subscribers", counts, p, `${s.email} is already subscribed here`);
      continue;
    }
    let id = p.targetId;
    if (id) {
      const updated = await tx.update(subscribers).set(s).where(eq(subscribers.id, id)).returning({ id: subscribers.id });
      if (updated.length === 0) id = p.targetId = undefined;
    }
    if (!id) [{ id }] = await tx.insert(subscribers).values(s).returning({ id: subscribers.id });
    await remember(tx, "subscribers", p, id);
    counted(ctx, "subscribers", counts, p, i, planned.length);
  }
};
