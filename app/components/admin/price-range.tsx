import { formatPrice } from "~/modules/catalog/pricing";
import type { ProductOverview } from "~/modules/catalog/product-overview";

/**
 * Min–max of a product's variant prices. When a variant is on offer, the range is struck through
 * and the lowest price a shopper can pay is shown in red.
 */
export function PriceRange({ range }: { range: ProductOverview["range"] }) {
  if (!range) return <span className="text-stone-600">No prices</span>;
  const text = range.min === range.max ? formatPrice(range.min) : `${formatPrice(range.min)} - ${formatPrice(range.max)}`;
  if (range.lowestDiscount === null) return <span className="whitespace-nowrap">{text}</span>;
  return (
    <span className="inline-flex flex-col whitespace-nowrap">
      <s className="text-stone-600">
        <span className="sr-only">Was </span>
        {text}
      </s>
      <span className="font-semibold text-red-700">
        <span className="sr-only">Now from </span>
        {formatPrice(range.lowestDiscount)}
      </span>
    </span>
  );
}
