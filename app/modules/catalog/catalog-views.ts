import type { StoredImage } from "~/modules/media/media-url";
import type { StockedVariant } from "./product-rules";

/**
 * What the storefront shows of the catalogue: the shapes catalog.server.ts reads and the pages and
 * components draw. Plain types, safe for the browser.
 */

export interface CategorySummary {
  id: string;
  name: string;
  image: StoredImage | null;
  createdAt: string;
  productCount: number;
}

export interface ProductCard {
  id: string;
  name: string;
  categoryName: string;
  rating: number;
  /** The cheapest way to buy it: that variant's price and offer (the one still in stock, when any is). */
  price: number;
  inOffer: boolean;
  discountPrice: number;
  /** True when its variants cost different amounts: the card says "from". */
  priceVaries: boolean;
  /** True when any variant is on offer. */
  onSale: boolean;
  /** True only when no variant has anything left. */
  outOfStock: boolean;
  isNew: boolean;
  image: StoredImage | null;
}

export interface ProductDetail {
  id: string;
  name: string;
  description: string;
  code: string;
  rating: number;
  reviewCount: number;
  createdAt: string;
  categories: { id: string; name: string }[];
  variants: VariantDetail[];
}

export interface VariantDetail extends StockedVariant {
  images: (StoredImage & { id: string; width: number | null; height: number | null })[];
  videos: { id: string; key: string; contentType: string }[];
}
