import { sql, type SQL } from "drizzle-orm";
import type { Db } from "~/lib/db.server";
import { media, products, stock, variants } from "~/lib/db/tables/catalogue.server";
import { hasDiscount, unitPrice } from "~/modules/catalog/pricing";
import { imageUrl } from "~/modules/media/media-url";
import { cartLineOf, parseVariantKey, type DrawnCart, type PricedLine } from "./cart-line";
import { cartFromCookie } from "./cart-cookie.server";
import type { CartLineInput } from "./cart.schema";
import { jsonValue } from "~/lib/db/json-value";

/** One size of one variant as the pricing query reads it (one row per stock row, or one without). */
export interface CartLineRow {
  variantId: string;
  productId: string;
  variantName: string;
  soleColor: string;
  price: number;
  inOffer: boolean;
  discountPrice: number;
  productName: string;
  stockId: string | null;
  size: string | null;
  qty: number | null;
  image: { key: string; widths: number[] } | null;
}

/**
 * The query behind pricing: every variant of the given products with its product's name, each of
 * its sizes and its first image, in one statement (variants in display order). Raw rows: read
 * them with `cartLineRowsFrom`. Usable on its own or inside a larger statement (then order by `ord`).
 */
export function cartLineRowsQuery(productIds: string[]): SQL {
  const ids = sql.join(
    productIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`
    select row_number() over (order by v.position, v.id, s.position, s.id) as ord,
      v.id as variant_id, v.product_id, v.name as variant_name, v.sole_color, v.price, v.in_offer, v.discount_price,
      p.name as product_name, s.id as stock_id, s.size, s.qty,
      (select json_build_object('key', m.storage_key, 'widths', m.widths) from ${media} m
        where m.variant_id = v.id and m.kind = 'image' order by m.position, m.id limit 1) as image
    from ${variants} v
    join ${products} p on p.id = v.product_id
    left join ${stock} s on s.variant_id = v.id
    where v.product_id in (${ids})
    order by v.position, v.id, s.position, s.id`;
}

/** A row of `cartLineRowsQuery` as the driver answers it: big integers may come back as text, JSON as text or a value. */
export type CartLineRawRow = {
  variant_id: string | number;
  product_id: string | number;
  variant_name: string;
  sole_color: string | null;
  price: string | number;
  in_offer: boolean | string;
  discount_price: string | number;
  product_name: string;
  stock_id: string | number | null;
  size: string | null;
  qty: string | number | null;
  image: unknown;
};

/** Raw rows of `cartLineRowsQuery` as typed values (big integers come back as text). */
export function cartLineRowsFrom(rows: CartLineRawRow[]): CartLineRow[] {
  return rows.map((r) => ({
    variantId: String(r.variant_id),
    productId: String(r.product_id),
    variantName: String(r.variant_name),
    soleColor: String(r.sole_color ?? ""),
    price: Number(r.price),
    inOffer: r.in_offer === true || r.in_offer === "t",
    discountPrice: Number(r.discount_price),
    productName: String(r.product_name),
    stockId: r.stock_id == null ? null : String(r.stock_id),
    size: r.size == null ? null : String(r.size),
    qty: r.qty == null ? null : Number(r.qty),
    image: jsonValue<CartLineRow["image"]>(r.image),
  }));
}

/** Looks up every line's product, variant and size, in one query; prices come from the database only. */
export async function priceCartLines(db: Db, lines: CartLineInput[]): Promise<PricedLine[]> {
  if (lines.length === 0) return [];
  const result = (await db.execute(cartLineRowsQuery([...new Set(lines.map((l) => l.productID))]))) as { rows: CartLineRawRow[] };
  return priceLinesFrom(lines, cartLineRowsFrom(result.rows));
}

/** Prices browser lines from the rows read for them (no I/O). */
export function priceLinesFrom(lines: CartLineInput[], rows: CartLineRow[]): PricedLine[] {
  return lines.map((line) => {
    const base = parseVariantKey(line.productVariantKey, line.productSize);
    const ofProduct = rows.filter((r) => r.productId === line.productID);
    const variant = ofProduct.find((r) => r.variantId === base) ?? ofProduct.find((r) => r.variantName.replace(/ /g, "_") === base);
    const row = variant && ofProduct.find((r) => r.variantId === variant.variantId && r.stockId !== null && r.size === line.productSize);
    if (!variant || !row) {
      return {
        productID: line.productID,
        productVariantKey: line.productVariantKey,
        productSize: line.productSize,
        quantity: line.productQuantity,
        found: false,
        productName: variant?.productName ?? "",
        variantName: variant?.variantName ?? "",
        color: "",
        image: "",
        price: 0,
        discountPrice: null,
        unitPrice: 0,
        available: 0,
      };
    }
    const priced = { price: variant.price, inOffer: variant.inOffer, discountPrice: variant.discountPrice };
    return {
      productID: line.productID,
      productVariantKey: line.productVariantKey,
      productSize: line.productSize,
      quantity: line.productQuantity,
      found: true,
      productId: variant.productId,
      variantId: variant.variantId,
      stockId: row.stockId!,
      productName: variant.productName,
      variantName: variant.variantName,
      color: variant.soleColor || variant.variantName,
      image: imageUrl(variant.image ? { key: variant.image.key, widths: variant.image.widths } : null, 320),
      price: variant.price,
      discountPrice: hasDiscount(priced) ? variant.discountPrice : null,
      unitPrice: unitPrice(priced),
      available: row.qty ?? 0,
    };
  });
}

export const UNKNOWN_ITEM_NAME = "An item no longer in the shop";

/**
 * The cart mirrored in the request's cookie (cart-cookie.ts), priced, for /cart and /checkout to
 * draw on the server (docs/decisions/0062); null when the request carries no readable copy.
 * Nothing of the browser's but which items and how many is read.
 */
export async function drawnCart(db: Db, cookieHeader: string | null): Promise<DrawnCart | null> {
  const input = cartFromCookie(cookieHeader);
  if (!input) return null;
  const priced = await priceCartLines(db, input);
  const lines = input.map((line, i) => {
    const drawn = cartLineOf(line, priced[i], line.productQuantity);
    // An item the shop does not have (an old or made-up id) still has a name to be listed, and removed, by.
    return drawn.productName ? drawn : { ...drawn, productName: UNKNOWN_ITEM_NAME };
  });
  return { lines, priced };
}
