import type { CSSProperties } from "react";
import { formatRating } from "~/modules/catalog/product-rules";

/**
 * A rating as five stars, filled to the exact rating (0 means none yet). The stars are the
 * `.stars` backgrounds of app.css, so a grid of product cards carries only each one's width.
 */
export function Stars({ rating, size = 16, showValue = true }: { rating: number; size?: number; showValue?: boolean }) {
  const label = rating > 0 ? `Rated ${formatRating(rating)} out of 5` : "Not rated yet";
  const percent = Math.round(Math.max(0, Math.min(100, (rating / 5) * 100)) * 10) / 10;
  return (
    <span className="inline-flex items-center gap-1" role="img" aria-label={label}>
      <span className="stars relative inline-block" style={{ "--star": `${size}px` } as CSSProperties}>
        <span className="stars-filled absolute inset-y-0 left-0" style={{ width: `${percent}%` }} />
      </span>
      {showValue && rating > 0 && (
        <span className="text-xs text-stone-600" aria-hidden="true">
          {formatRating(rating)}
        </span>
      )}
    </span>
  );
}
