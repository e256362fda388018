import { formatRating } from "~/modules/catalog/product-rules";

const STAR = "M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L10 14.8l-5.2 2.8 1-5.8L1.5 7.7l5.9-.8z";

function Row({ className, size }: { className: string; size: string }) {
  return (
    <span className={`flex ${className}`}>
      {[0, 1, 2, 3, 4].map((i) => (
        <svg key={i} viewBox="0 0 20 20" className={`${size} shrink-0`} aria-hidden="true">
          <path fill="currentColor" d={STAR} />
        </svg>
      ))}
    </span>
  );
}

/** A rating as five stars (partly filled by the exact rating). 0 means the product has none yet. */
export function Stars({ rating, size = "h-4 w-4", showValue = true }: { rating: number; size?: string; showValue?: boolean }) {
  const label = rating > 0 ? `Rated ${formatRating(rating)} out of 5` : "Not rated yet";
  const percent = Math.max(0, Math.min(100, (rating / 5) * 100));
  return (
    <span className="inline-flex items-center gap-1" role="img" aria-label={label}>
      <span className="relative inline-flex" aria-hidden="true">
        <Row className="text-stone-300" size={size} />
        <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${percent}%` }}>
          <Row className="text-amber-700" size={size} />
        </span>
      </span>
      {showValue && rating > 0 && <span className="text-xs text-stone-600" aria-hidden="true">{formatRating(rating)}</span>}
    </span>
  );
}
