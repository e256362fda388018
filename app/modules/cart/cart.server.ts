import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { media, products, stock, variants } from "~/lib/schema.server";
import { hasDiscount, unitPrice } from "~/modules/catalog/pricing";
import { imageUrl } from "~/modules/media/media-url";
import { parseVariantKey } from "./cart-line";
import type { CartLineInput } from "./cart.schema";

/** A browser cart line as the database sees it now: current price and stock. */
export interface PricedLine {
  productID: string;
  productVariantKey: string;
  productSize: string;
  quantity: number;
  found: boolean;
  productId?: string;
  variantId?: string;
  stockId?: string;
  productName: string;
  variantName: string;
  color: string;
  image: string;
  price: number;
  discountPrice: number | null;
  unitPrice: number;
  available: number;
}

/** Looks up every line's product, variant and size; prices come from the database only. */
export async function priceCartLines(db: Db, lines: CartLineInput[]): Promise<PricedLine[]> {
  if (lines.length === 0) return [];
  const productIds = [...new Set(lines.map((l) => l.productID))];
  const variantRows = await db
    .select({
      id: variants.id,
      productId: variants.productId,
      name: variants.name,
      soleColor: variants.soleColor,
      price: variants.price,
      inOffer: variants.inOffer,
      discountPrice: variants.discountPrice,
      productName: products.name,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(inArray(variants.productId, productIds))
    .orderBy(asc(variants.position), asc(variants.id));
  const variantIds = variantRows.map((v) => v.id);
  const [stockRows, imageRows] = variantIds.length
    ? await Promise.all([
        db.select().from(stock).where(inArray(stock.variantId, variantIds)),
        db
          .selectDistinctOn([media.variantId], { variantId: media.variantId, storageKey: media.storageKey, widths: media.widths })
          .from(media)
          .where(and(inArray(media.variantId, variantIds), eq(media.kind, "image")))
          .orderBy(media.variantId, asc(media.position), asc(media.id)),
      ])
    : [[], []];

  return lines.map((line) => {
    const base = parseVariantKey(line.productVariantKey, line.productSize);
    const variant =
      variantRows.find((v) => v.productId === line.productID && v.id === base) ??
      variantRows.find((v) => v.productId === line.productID && v.name.replace(/ /g, "_") === base);
    const row = variant && stockRows.find((s) => s.variantId === variant.id && s.size === line.productSize);
    if (!variant || !row) {
      return {
        productID: line.productID,
        productVariantKey: line.productVariantKey,
        productSize: line.productSize,
        quantity: line.productQuantity,
        found: false,
        productName: variant?.productName ?? "",
        variantName: variant?.name ?? "",
        color: "",
        image: "",
        price: 0,
        discountPrice: null,
        unitPrice: 0,
        available: 0,
      };
    }
    const image = imageRows.find((m) => m.variantId === variant.id);
    return {
      productID: line.productID,
      productVariantKey: line.productVariantKey,
      productSize: line.productSize,
      quantity: line.productQuantity,
      found: true,
      productId: variant.productId,
      variantId: variant.id,
      stockId: row.id,
      productName: variant.productName,
      variantName: variant.name,
      color: variant.soleColor || variant.name,
      image: imageUrl(image ? { key: image.storageKey, widths: image.widths } : null, 320),
      price: variant.price,
      discountPrice: hasDiscount(variant) ? variant.discountPrice : null,
      unitPrice: unitPrice(variant),
      available: row.qty,
    };
  });
}
