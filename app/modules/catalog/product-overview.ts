import { priceRange, type PricedVariant } from "./pricing";
import { isOnOffer } from "./product-rules";

/**
 * The figures the back office shows for one product: price range (with the lowest price a
 * shopper can pay on offer), total stock, number of variants and whether any variant is on offer.
 * Pure, so the product table and the product view agree.
 */
export interface ProductOverview {
  range: { min: number; max: number; lowestDiscount: number | null } | null;
  totalStock: number;
  variantCount: number;
  onOffer: boolean;
}

export function productOverview(variants: ReadonlyArray<PricedVariant & { stock: ReadonlyArray<{ qty: number }> }>): ProductOverview {
  return {
    range: priceRange(variants),
    totalStock: variants.reduce((sum, v) => sum + v.stock.reduce((s, row) => s + row.qty, 0), 0),
    variantCount: variants.length,
    onOffer: variants.some(isOnOffer),
  };
}
