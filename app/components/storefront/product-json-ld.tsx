import { BRAND } from "~/lib/brand";
import { CURRENCY, unitPrice } from "~/modules/catalog/pricing";
import { imageUrl } from "~/modules/media/media-url";
import type { ProductDetail } from "~/modules/catalog/catalog-views";

type JsonLdProduct = Pick<ProductDetail, "id" | "name" | "description" | "code" | "rating" | "reviewCount" | "variants">;

/** schema.org Product data for search engines; image and page URLs are absolute. */
export function productJsonLd(product: JsonLdProduct, publicUrl: string): Record<string, unknown> {
  const base = `${publicUrl.replace(/\/+$/, "")}/`;
  const absolute = (path: string) => new URL(path, base).toString();
  const first = product.variants[0];
  const images = [...new Set(product.variants.flatMap((v) => v.images.map((img) => absolute(imageUrl(img, 960)))))];
  const inStock = product.variants.some((v) => v.stock.some((s) => s.qty > 0));
  const data: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    sku: product.code || undefined,
    image: images.length ? images : [absolute(imageUrl(null))],
    brand: { "@type": "Brand", name: BRAND.fullName },
    url: absolute(`product/${product.id}`),
  };
  // A rating without any counted review is rejected by search engines: only a real one is given.
  if (product.rating > 0 && product.reviewCount > 0) {
    data.aggregateRating = {
      "@type": "AggregateRating",
      ratingValue: product.rating,
      bestRating: 5,
      reviewCount: product.reviewCount,
    };
  }
  if (first) {
    data.offers = {
      "@type": "Offer",
      priceCurrency: CURRENCY,
      price: (unitPrice(first) / 100).toFixed(2),
      availability: inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
      url: absolute(`product/${product.id}`),
      seller: { "@type": "Organization", name: BRAND.fullName },
    };
  }
  return data;
}

/** JSON for inside a script element: '<' is escaped so no text can close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/** Not executed by the browser (type application/ld+json), so it needs no CSP nonce. */
export function ProductJsonLd({ product, publicUrl }: { product: JsonLdProduct; publicUrl: string }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(productJsonLd(product, publicUrl)) }} />;
}
