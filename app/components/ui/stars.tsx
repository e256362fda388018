import { formatRating } from "~/modules/catalog/product-rules";

const star = (color: string) =>
  `url("data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 20 20'><path fill='${color}' d='M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L10 14.8l-5.2 2.8 1-5.8L1.5 7.7l5.9-.8z'/></svg>`,
  )}")`;
const EMPTY = star("#d6d3d1");
const FULL = star("#b45309");

/**
 * A rating as five stars, filled to the exact rating (0 means none yet). Drawn with two repeated
 * backgrounds, so a grid of product cards stays light.
 */
export function Stars({ rating, size = 16, showValue = true }: { rating: number; size?: number; showValue?: boolean }) {
  const label = rating > 0 ? `Rated ${formatRating(rating)} out of 5` : "Not rated yet";
  const percent = Math.max(0, Math.min(100, (rating / 5) * 100));
  const row = { backgroundSize: `${size}px ${size}px`, backgroundRepeat: "repeat-x", height: size } as const;
  return (
    <span className="inline-flex items-center gap-1" role="img" aria-label={label}>
      <span className="relative inline-block" style={{ ...row, width: size * 5, backgroundImage: EMPTY }}>
        <span className="absolute inset-y-0 left-0" style={{ ...row, width: `${percent}%`, backgroundImage: FULL }} />
      </span>
      {showValue && rating > 0 && (
        <span className="text-xs text-stone-600" aria-hidden="true">
          {formatRating(rating)}
        </span>
      )}
    </span>
  );
}
