import type { FieldErrors } from "~/lib/form-errors";
import { NEEDS_SCRIPT } from "~/lib/needs-script";
import { discountAmount, discountPercent, formatPrice, toPaisa } from "~/modules/catalog/pricing";
import { imageUrl, videoUrl } from "~/modules/media/media-url";
import { MAX_NEW_IMAGES_PER_VARIANT } from "~/modules/media/upload-limits";
import type { MediaKind } from "~/lib/db/value-lists";
import { TextField } from "~/components/ui/field";
import { FileField } from "~/components/admin/file-field";
import { BUTTON, TICK_BOX } from "~/components/admin/control-styles";
import { nextKey, type MediaState, type VariantState } from "./product-form-state";

// ------------------------------------------------------------------ one variant

export function VariantFields({
  index,
  mode,
  variant,
  errors,
  canRemove,
  onChange,
  onRemove,
  onRemoveMedia,
  onAddFiles,
  onDropUpload,
}: {
  index: number;
  mode: "add" | "edit";
  variant: VariantState;
  errors: FieldErrors;
  canRemove: boolean;
  onChange: (change: (v: VariantState) => VariantState) => void;
  onRemove: () => void;
  onRemoveMedia: (item: MediaState) => void;
  onAddFiles: (kind: MediaKind, files: FileList | null) => void;
  onDropUpload: (uploadKey: string) => void;
}) {
  const p = `variants.${index}`;
  const id = `v${index}`;
  const legend = `Variant ${index + 1}`;
  const price = toPaisa(variant.price || 0);
  const discount = toPaisa(variant.discountPrice || 0);
  const percent = Number.isFinite(price) && Number.isFinite(discount) ? discountPercent(price, discount) : null;
  const amount = percent === null ? null : discountAmount(price, discount);
  const images = variant.media.filter((m) => m.kind === "image");
  const videos = variant.media.filter((m) => m.kind === "video");

  return (
    <fieldset className="space-y-4 rounded-xl border border-stone-200 bg-white p-5">
      <legend className="px-1 font-serif text-lg text-leather-800">{legend}</legend>
      <div className="flex justify-end">
        <button
          type="button"
          onClick={onRemove}
          disabled={!canRemove}
          title={canRemove ? undefined : "The last variant cannot be removed."}
          className={`${BUTTON.rowDanger} disabled:cursor-not-allowed`}
        >
          Remove variant
        </button>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-name`}
          name={`${id}-name`}
          label="Variant name"
          required
          value={variant.name}
          error={errors[`${p}.name`]}
          onChange={(e) => onChange((v) => ({ ...v, name: e.target.value }))}
        />
        <TextField
          id={`${id}-color`}
          name={`${id}-color`}
          label="Sole colour"
          value={variant.soleColor}
          error={errors[`${p}.soleColor`]}
          onChange={(e) => onChange((v) => ({ ...v, soleColor: e.target.value }))}
        />
        <TextField
          id={`${id}-price`}
          name={`${id}-price`}
          label="Price (PKR)"
          required
          type="number"
          min={0}
          step={1}
          inputMode="decimal"
          value={variant.price}
          error={errors[`${p}.price`]}
          onChange={(e) => onChange((v) => ({ ...v, price: e.target.value }))}
        />
        <TextField
          id={`${id}-discount`}
          name={`${id}-discount`}
          label="Discount price (PKR)"
          type="number"
          min={0}
          step={mode === "add" ? 1 : 0.01}
          inputMode="decimal"
          value={variant.discountPrice}
          error={errors[`${p}.discountPrice`]}
          onChange={(e) => onChange((v) => ({ ...v, discountPrice: e.target.value }))}
        />
      </div>
      <label className="flex items-center gap-2 text-sm font-medium text-stone-800">
        <input
          type="checkbox"
          className={TICK_BOX}
          {...NEEDS_SCRIPT}
          checked={variant.inOffer}
          onChange={(e) => onChange((v) => ({ ...v, inOffer: e.target.checked }))}
        />
        On offer
      </label>
      {amount !== null && percent !== null && (
        <p className="text-sm text-green-800">
          Discount: {formatPrice(amount)} ({percent}% off)
        </p>
      )}

      <div>
        <h3 className="text-sm font-semibold text-stone-800">Stock by size</h3>
        {errors[`${p}.stock`] && <p className="text-sm text-red-700">{errors[`${p}.stock`]}</p>}
        <div className="mt-2 space-y-2">
          {variant.stock.map((row, si) => (
            <div key={row.key} role="group" aria-label={`Stock row ${si + 1}`} className="grid grid-cols-[1fr_1fr_auto] items-start gap-3">
              <TextField
                id={`${id}-s${si}-size`}
                name={`${id}-s${si}-size`}
                label="Size"
                value={row.size}
                error={errors[`${p}.stock.${si}.size`]}
                onChange={(e) => onChange((v) => ({ ...v, stock: v.stock.map((s) => (s.key === row.key ? { ...s, size: e.target.value } : s)) }))}
              />
              <TextField
                id={`${id}-s${si}-qty`}
                name={`${id}-s${si}-qty`}
                label="Quantity"
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                value={row.qty}
                error={errors[`${p}.stock.${si}.qty`]}
                onChange={(e) => onChange((v) => ({ ...v, stock: v.stock.map((s) => (s.key === row.key ? { ...s, qty: e.target.value } : s)) }))}
              />
              <button
                type="button"
                disabled={variant.stock.length <= 1}
                onClick={() => onChange((v) => ({ ...v, stock: v.stock.filter((s) => s.key !== row.key) }))}
                className={`mt-7 ${BUTTON.row} disabled:cursor-not-allowed`}
              >
                Remove
              </button>
            </div>
          ))}
        </div>
        <button
          type="button"
          onClick={() => onChange((v) => ({ ...v, stock: [...v.stock, { key: nextKey(), size: "", qty: "0" }] }))}
          className={`mt-2 ${BUTTON.row}`}
        >
          Add size
        </button>
      </div>

      <div className="space-y-3">
        <h3 className="text-sm font-semibold text-stone-800">Media</h3>
        {(images.length > 0 || videos.length > 0) && (
          <ul className="flex flex-wrap gap-3">
            {images.map((m, i) => (
              <li key={m.key} className="relative">
                <img
                  src={imageUrl({ key: m.storageKey, widths: m.widths }, 320)}
                  alt={`${legend}, ${i + 1} of ${images.length}`}
                  className="h-24 w-24 rounded-md object-cover"
                />
                <button type="button" onClick={() => onRemoveMedia(m)} className={`mt-1 w-full ${BUTTON.rowDanger}`}>
                  Remove image {i + 1}
                </button>
              </li>
            ))}
            {videos.map((m, i) => (
              <li key={m.key}>
                <video
                  src={videoUrl(m.storageKey)}
                  controls
                  preload="metadata"
                  className="h-24 w-40 rounded-md bg-black"
                  aria-label={`Video ${i + 1} of ${legend}`}
                />
                <button type="button" onClick={() => onRemoveMedia(m)} className={`mt-1 w-full ${BUTTON.rowDanger}`}>
                  Remove video {i + 1}
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <FileField
            id={`${id}-images`}
            label="Add images"
            accept="image/*"
            multiple
            hint={`Up to ${MAX_NEW_IMAGES_PER_VARIANT} new images, 10 MB each.`}
            onChange={(e) => {
              onAddFiles("image", e.target.files);
              e.target.value = "";
            }}
          />
          <FileField
            id={`${id}-video`}
            label="Add video"
            accept="video/mp4,video/webm"
            hint="One video per variant (MP4 or WebM), up to 100 MB."
            onChange={(e) => {
              onAddFiles("video", e.target.files);
              e.target.value = "";
            }}
          />
        </div>
        {errors[`${p}.uploads`] && <p className="text-sm text-red-700">{errors[`${p}.uploads`]}</p>}
        {variant.uploads.length > 0 && (
          <ul className="space-y-2" aria-label={`New files for ${legend}`}>
            {variant.uploads.map((u) => (
              <li key={u.key} className="flex flex-wrap items-center gap-3 rounded-md border border-stone-200 p-2 text-sm">
                {u.status === "done" && u.kind === "image" && u.storageKey && (
                  <img
                    src={imageUrl({ key: u.storageKey, widths: u.widths ?? [] }, 320)}
                    alt={`Uploaded: ${u.name}`}
                    className="h-12 w-12 rounded object-cover"
                  />
                )}
                <span className="min-w-0 flex-1 truncate">{u.name}</span>
                {u.status === "uploading" && <progress max={100} value={u.progress} aria-label={`Uploading ${u.name}`} className="h-2 w-40" />}
                {u.status === "done" && <span className="text-green-800">Uploaded</span>}
                {u.status === "failed" && (
                  <span role="alert" className="text-red-700">
                    {u.message}
                  </span>
                )}
                {u.status !== "uploading" && (
                  <button type="button" onClick={() => onDropUpload(u.key)} className={BUTTON.row}>
                    Remove {u.name}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </fieldset>
  );
}
