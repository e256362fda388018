import type { CSSProperties } from "react";
import { formatRating } from "~/modules/catalog/product-rules";

/**
 * A rating as five stars, filled to the exact rating (0 means none yet), and the rating written
 * beside them. The stars are one element (`.stars` of app.css: five stars cut out of a bar filled
 * to the rating), so a grid of product cards carries only each one's fill.
 */
export function Stars({
  rating,
  size = 16,
  showValue = true,
}: {
  rating: number;
  /** In pixels: the sizes app.css has outlines for (`.stars`, `.stars-20`). */
  size?: 16 | 20;
  showValue?: boolean;
}) {
  const label = rating > 0 ? `Rated ${formatRating(rating)} out of 5` : "Not rated yet";
  const percent = Math.round(Math.max(0, Math.min(100, (rating / 5) * 100)) * 10) / 10;
  // Inside role="img" the written rating is not read out: the label says it.
  return (
    <span className="inline-flex items-center gap-1 text-xs text-stone-600" role="img" aria-label={label}>
      <span className={size === 20 ? "stars stars-20" : "stars"} style={{ "--filled": `${percent}%` } as CSSProperties} />
      {showValue && rating > 0 && formatRating(rating)}
    </span>
  );
}
