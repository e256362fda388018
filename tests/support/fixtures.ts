import type { Db } from "~/lib/db.server";
import { newId } from "~/lib/ids";
import { categories, media, productCategories, products, stock, variants } from "~/lib/db/tables/catalogue.server";
import { checkoutSchema, type CheckoutInput } from "~/modules/orders/checkout.schema";
import { checkoutForm } from "./test-customer";

/** A shopper's checkout form as the server has parsed it, for placing orders in tests and the bench. */
export function testCustomer(overrides: Record<string, string> = {}): CheckoutInput {
  return checkoutSchema.parse(checkoutForm(overrides));
}

/** Inserts one product with variants and stock for a test; amounts in paisa. */
export async function insertProduct(
  db: Db,
  input: {
    name?: string;
    description?: string;
    categoryIds?: string[];
    createdAt?: Date;
    variants: {
      name: string;
      color?: string;
      price: number;
      inOffer?: boolean;
      discountPrice?: number;
      stock: [size: string, qty: number][];
      images?: string[];
    }[];
  },
) {
  const productId = newId();
  await db.insert(products).values({
    id: productId,
    name: input.name ?? `Product ${productId}`,
    description: input.description ?? "",
    createdAt: input.createdAt ?? new Date(),
  });
  if (input.categoryIds?.length) {
    await db.insert(productCategories).values(input.categoryIds.map((categoryId, position) => ({ productId, categoryId, position })));
  }
  const out: { productId: string; variants: { id: string; stock: { id: string; size: string }[] }[] } = { productId, variants: [] };
  for (const [position, v] of input.variants.entries()) {
    const variantId = newId();
    await db.insert(variants).values({
      id: variantId,
      productId,
      position,
      name: v.name,
      soleColor: v.color ?? v.name.toLowerCase(),
      price: v.price,
      inOffer: v.inOffer ?? false,
      discountPrice: v.discountPrice ?? 0,
    });
    const stockRows = v.stock.map(([size, qty], i) => ({ id: newId(), variantId, size, qty, position: i }));
    if (stockRows.length) await db.insert(stock).values(stockRows);
    for (const [i, key] of (v.images ?? []).entries()) {
      await db.insert(media).values({ variantId, kind: "image", position: i, storageKey: key, widths: [320, 640], contentType: "image/webp" });
    }
    out.variants.push({ id: variantId, stock: stockRows.map((s) => ({ id: s.id, size: s.size })) });
  }
  return out;
}

export async function insertCategory(db: Db, name: string, createdAt = new Date()) {
  const id = newId();
  await db.insert(categories).values({ id, name, createdAt });
  return id;
}
