import { discountPercent, formatPrice, hasDiscount, type PricedVariant } from "~/modules/catalog/pricing";

/** A price, with the original struck through and the percent off when a discount applies. */
export function Price({ variant, large = false }: { variant: PricedVariant; large?: boolean }) {
  const discounted = hasDiscount(variant);
  const percent = discounted ? discountPercent(variant.price, variant.discountPrice) : null;
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2">
      <span className={`${large ? "text-2xl" : "text-base"} whitespace-nowrap font-semibold ${discounted ? "text-red-700" : "text-stone-900"}`}>
        {formatPrice(discounted ? variant.discountPrice : variant.price)}
      </span>
      {discounted && (
        <>
          <s className={`${large ? "text-base" : "text-sm"} whitespace-nowrap text-stone-600`}>
            <span className="sr-only">Was </span>
            {formatPrice(variant.price)}
          </s>
          {percent !== null && <span className="text-sm font-medium text-red-700">{percent}% off</span>}
        </>
      )}
    </span>
  );
}
