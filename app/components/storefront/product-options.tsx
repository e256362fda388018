import { useId, useState } from "react";
import { swatchTone } from "~/modules/catalog/product-rules";
import { NEEDS_SCRIPT } from "~/lib/needs-script";
import { sizeLabel } from "~/modules/catalog/size-label";
import { clampQuantity, colourOf, type ColourVariant, type StockRow } from "./product-selection";

const groupLabel = "text-sm font-medium text-stone-800";

/**
 * One choice per colour/variant, each with its name in sight: a round swatch in the colour's tone
 * with the name below it, or, for a name that is not a colour ('Plain', 'Embossed'), a chip with
 * the name. The selected one is pressed.
 */
export function ColourSwatches<T extends ColourVariant>({
  options,
  selected,
  onSelect,
}: {
  options: { index: number; variant: T }[];
  selected: T;
  onSelect: (index: number) => void;
}) {
  const labelId = useId();
  return (
    <div>
      <p id={labelId} className={groupLabel}>
        Colour: <span className="font-normal text-stone-700">{selected.name}</span>
      </p>
      <div role="group" aria-labelledby={labelId} className="mt-2 flex flex-wrap items-start gap-3">
        {options.map(({ index, variant }) => {
          const pressed = variant === selected;
          const tone = swatchTone(colourOf(variant));
          if (!tone) {
            return (
              <button
                key={variant.id}
                type="button"
                aria-pressed={pressed}
                onClick={() => onSelect(index)}
                // The pressed look follows aria-pressed, which a tap before the scripts sets at once.
                className="min-h-11 rounded-full border-2 border-leather-300 bg-white px-4 text-sm font-medium text-stone-800 transition hover:border-leather-500 aria-pressed:border-leather-700 aria-pressed:bg-leather-700 aria-pressed:text-white"
              >
                {variant.name}
              </button>
            );
          }
          return (
            <button
              key={variant.id}
              type="button"
              aria-label={variant.name}
              aria-pressed={pressed}
              title={variant.name}
              onClick={() => onSelect(index)}
              className="group flex w-16 flex-col items-center gap-1"
            >
              <span className="flex h-11 w-11 items-center justify-center rounded-full border-2 border-transparent transition group-hover:border-leather-300 group-aria-pressed:border-leather-700">
                <span aria-hidden="true" className="h-8 w-8 rounded-full border border-stone-300 shadow-inner" style={{ backgroundColor: tone }} />
              </span>
              <span
                aria-hidden="true"
                className="line-clamp-2 text-center text-xs leading-tight text-stone-700 group-aria-pressed:font-semibold group-aria-pressed:text-stone-900"
              >
                {variant.name}
              </span>
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** Size buttons in display order; sold-out sizes are disabled, struck through and named so. */
export function SizePicker({ rows, selected, onSelect }: { rows: StockRow[]; selected: string; onSelect: (size: string) => void }) {
  const labelId = useId();
  if (rows.length === 0) return null;
  return (
    <div>
      <p id={labelId} className={groupLabel}>
        Size: <span className="font-normal text-stone-700">{sizeLabel(selected)}</span>
      </p>
      <div role="group" aria-labelledby={labelId} className="mt-2 flex flex-wrap gap-2">
        {rows.map((row) => {
          const soldOut = row.qty <= 0;
          const pressed = row.size === selected;
          const label = sizeLabel(row.size);
          return (
            <button
              // By size, not by stock row: choosing another colour keeps each size's button, and the
              // focus on it (a Space pressed as a held colour press was done again went nowhere).
              key={row.size}
              type="button"
              disabled={soldOut}
              aria-pressed={pressed}
              aria-label={soldOut ? `${label}, sold out` : label}
              onClick={() => onSelect(row.size)}
              className={`min-h-11 min-w-12 rounded-md border px-3 text-sm font-medium transition ${
                soldOut
                  ? "cursor-not-allowed border-stone-200 bg-stone-100 text-stone-600 line-through"
                  : "border-leather-300 bg-white text-stone-900 hover:border-leather-600 aria-pressed:border-leather-800 aria-pressed:bg-leather-800 aria-pressed:text-white"
              }`}
            >
              {label}
            </button>
          );
        })}
      </div>
    </div>
  );
}

const stepButton =
  "flex h-11 w-11 items-center justify-center text-xl text-stone-800 hover:bg-leather-100 disabled:cursor-not-allowed disabled:text-stone-400 disabled:hover:bg-transparent";

/** Quantity between 1 and the stock: minus, a number field, plus. */
export function QuantityPicker({ quantity, stock, onChange }: { quantity: number; stock: number; onChange: (quantity: number) => void }) {
  const id = useId();
  // What is being typed, until the field loses focus; the quantity itself is always valid.
  const [draft, setDraft] = useState<string | null>(null);
  const none = stock <= 0;
  return (
    <div>
      <label htmlFor={id} className={`block ${groupLabel}`}>
        Quantity
      </label>
      <div className="mt-2 inline-flex items-center overflow-hidden rounded-md border border-leather-300 bg-white">
        <button type="button" className={stepButton} disabled={none || quantity <= 1} onClick={() => onChange(clampQuantity(quantity - 1, stock))}>
          <span aria-hidden="true">−</span>
          <span className="sr-only">Decrease quantity</span>
        </button>
        <input
          id={id}
          {...NEEDS_SCRIPT}
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(1, stock)}
          step={1}
          disabled={none}
          value={draft ?? String(quantity)}
          onChange={(e) => {
            setDraft(e.target.value);
            const n = Number(e.target.value);
            if (e.target.value !== "" && Number.isFinite(n)) onChange(clampQuantity(n, stock));
          }}
          onBlur={() => setDraft(null)}
          className="h-11 w-14 border-x border-leather-200 text-center text-base text-stone-900 [appearance:textfield] disabled:bg-stone-50 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
        />
        <button
          type="button"
          className={stepButton}
          disabled={none || quantity >= stock}
          onClick={() => onChange(clampQuantity(quantity + 1, stock))}
        >
          <span aria-hidden="true">+</span>
          <span className="sr-only">Increase quantity</span>
        </button>
      </div>
    </div>
  );
}
