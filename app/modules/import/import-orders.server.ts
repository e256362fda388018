import { and, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { orderHistory, orderItems, orders } from "~/lib/db/tables/orders.server";
import { products, stock, variants } from "~/lib/db/tables/catalogue.server";
import { imageUrl } from "~/modules/media/media-url";
import { checkOrderMove, ORDER_STATUS_LABELS } from "~/modules/orders/order-status";
import { itemsKey } from "~/modules/orders/order-review";
import { catalogueSizeOf, type CatalogueSize, type OrderData } from "./import-order-mapping";
import type { Downloaded } from "./media-download.server";
import { counted, eachWithMedia, note, remember, targetsOf, type Writer } from "./import-records.server";
import { sizeDetail } from "~/modules/catalog/size-label";

// The import's writer of orders: each line linked to the size it was sold from, each status change by the one rule.

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

export const writeOrders: Writer<OrderData> = async (tx, ctx, planned, counts) => {
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
          const what = [it.color, sizeDetail(it.size, "size")].filter(Boolean).join(", ");
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
