import { useEffect, useRef, useState, type FormEvent } from "react";
import { NEEDS_SCRIPT } from "~/lib/needs-script";
import { useNavigate, useNavigation, useSubmit } from "react-router";
import { discountAmount, discountPercent, formatPrice, toPaisa } from "~/modules/catalog/pricing";
import type { StockedVariant } from "~/modules/catalog/product-rules";
import {
  newVariantDefaults,
  PRODUCT_FORM_MESSAGES,
  productFormErrors,
  productFormSchema,
  type ProductFormInput,
} from "~/modules/catalog/product-form.schema";
import { imageUrl, videoUrl } from "~/modules/media/media-url";
import { MAX_BYTES, MAX_NEW_IMAGES_PER_VARIANT, MAX_VIDEOS_PER_VARIANT, tooLargeMessage, UPLOAD_MESSAGES } from "~/modules/media/upload-limits";
import type { MediaKind } from "~/lib/db/value-lists";
import { FormAlert, TextAreaField, TextField } from "~/components/ui/field";
import { FILE_INPUT_CLASS } from "~/components/admin/list-controls";
import { BUTTON, TICK_BOX } from "~/components/admin/control-styles";

// ------------------------------------------------------------------ shapes

export interface FormCategory {
  id: string;
  name: string;
}

export interface FormProduct {
  id: string;
  name: string;
  code: string;
  description: string;
  categoryIds: string[];
  variants: (StockedVariant & { media: { id: string; kind: MediaKind; storageKey: string; widths: number[] }[] })[];
}

export interface ProductFormFailure {
  ok: false;
  message: string;
  detail?: string;
  errors?: Record<string, string>;
  /** No answer came back (~/lib/unanswered.ts). */
  unanswered?: true;
}

interface StockRowState {
  key: string;
  id?: string;
  size: string;
  qty: string;
  /** A kept row's quantity when the form was loaded: the server applies the difference. */
  loadedQty?: number;
}

interface MediaState {
  key: string;
  id: string;
  kind: MediaKind;
  storageKey: string;
  widths: number[];
}

interface UploadState {
  key: string;
  kind: MediaKind;
  name: string;
  progress: number;
  status: "uploading" | "done" | "failed";
  message?: string;
  token?: string;
  storageKey?: string;
  widths?: number[];
}

interface VariantState {
  key: string;
  id?: string;
  name: string;
  soleColor: string;
  price: string;
  inOffer: boolean;
  discountPrice: string;
  stock: StockRowState[];
  media: MediaState[];
  uploads: UploadState[];
}

interface FormState {
  name: string;
  code: string;
  description: string;
  categoryIds: string[];
  variants: VariantState[];
}

let counter = 0;
const nextKey = () => `k${++counter}`;
const rupeesText = (paisa: number) => String(paisa / 100);

function newVariant(isFirst: boolean): VariantState {
  const d = newVariantDefaults(isFirst);
  return { key: nextKey(), ...d, stock: d.stock.map((s) => ({ key: nextKey(), ...s })), media: [], uploads: [] };
}

function initialState(product?: FormProduct): FormState {
  if (!product) return { name: "", code: "", description: "", categoryIds: [], variants: [newVariant(true)] };
  return {
    name: product.name,
    code: product.code,
    description: product.description,
    categoryIds: product.categoryIds,
    variants: product.variants.map((v) => ({
      key: nextKey(),
      id: v.id,
      name: v.name,
      soleColor: v.soleColor,
      price: rupeesText(v.price),
      inOffer: v.inOffer,
      discountPrice: rupeesText(v.discountPrice),
      stock: v.stock.map((s) => ({ key: nextKey(), id: s.id, size: s.size, qty: String(s.qty), loadedQty: s.qty })),
      media: v.media.map((m) => ({ key: nextKey(), ...m })),
      uploads: [],
    })),
  };
}

function toPayload(state: FormState): ProductFormInput {
  return {
    name: state.name,
    code: state.code,
    description: state.description,
    categoryIds: state.categoryIds,
    variants: state.variants.map((v) => ({
      id: v.id,
      name: v.name,
      soleColor: v.soleColor,
      price: v.price,
      inOffer: v.inOffer,
      discountPrice: v.discountPrice,
      stock: v.stock.map((s) => ({ id: s.id, size: s.size, qty: s.qty, loadedQty: s.loadedQty })),
      media: v.media.map((m) => ({ id: m.id, kind: m.kind })),
      uploads: v.uploads.filter((u) => u.status === "done" && u.token).map((u) => ({ token: u.token!, kind: u.kind })),
    })),
  };
}

function validate(state: FormState): Record<string, string> {
  const parsed = productFormSchema.safeParse(toPayload(state));
  return parsed.success ? {} : productFormErrors(parsed.error);
}

// ------------------------------------------------------------------ uploads

type UploadAnswer = { ok: true; upload: { token: string; storageKey: string; widths: number[] } } | { ok: false; message: string };

/** Sends one file to the upload route, reporting progress; never rejects. */
function sendFile(file: File, kind: MediaKind, onProgress: (percent: number) => void): Promise<UploadAnswer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/admin/uploads?kind=${kind}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      try {
        resolve(JSON.parse(xhr.responseText) as UploadAnswer);
      } catch {
        resolve({ ok: false, message: "The upload was refused. Your session may have ended: please log in again." });
      }
    };
    xhr.onerror = () => resolve({ ok: false, message: "The upload failed. Please check your connection and try again." });
    xhr.send(file);
  });
}

// ------------------------------------------------------------------ the form

export function ProductForm({
  mode,
  categories,
  product,
  failure,
  cancelTo,
}: {
  mode: "add" | "edit";
  categories: FormCategory[];
  product?: FormProduct;
  failure?: ProductFormFailure;
  cancelTo: string;
}) {
  const [state, setState] = useState<FormState>(() => initialState(product));
  const [scheduled, setScheduled] = useState<MediaState[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const [waitingForUploads, setWaitingForUploads] = useState(false);
  const submit = useSubmit();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const busy = saving || waitingForUploads;
  const uploading = state.variants.some((v) => v.uploads.some((u) => u.status === "uploading"));

  const clientErrors = submitted ? validate(state) : {};
  const errors = Object.keys(clientErrors).length ? clientErrors : (failure?.errors ?? {});

  useEffect(() => {
    if (!failure) return;
    setBanner(failure.message);
    if (failure.detail) console.error(failure.detail);
  }, [failure]);

  const update = (change: (s: FormState) => FormState) => setState((s) => change(s));
  const updateVariant = (key: string, change: (v: VariantState) => VariantState) =>
    update((s) => ({ ...s, variants: s.variants.map((v) => (v.key === key ? change(v) : v)) }));
  const updateUpload = (variantKey: string, uploadKey: string, change: Partial<UploadState>) =>
    updateVariant(variantKey, (v) => ({ ...v, uploads: v.uploads.map((u) => (u.key === uploadKey ? { ...u, ...change } : u)) }));

  const send = (s: FormState) => {
    const parsed = productFormSchema.safeParse(toPayload(s));
    if (!parsed.success) {
      setBanner(PRODUCT_FORM_MESSAGES.fixForm);
      return;
    }
    setBanner(null);
    void submit({ product: JSON.stringify(toPayload(s)) }, { method: "post" });
  };

  // A save asked for while files were still uploading goes out once they are done.
  const stateRef = useRef(state);
  stateRef.current = state;
  useEffect(() => {
    if (waitingForUploads && !uploading) {
      setWaitingForUploads(false);
      send(stateRef.current);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waitingForUploads, uploading]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    if (Object.keys(validate(state)).length) {
      setBanner(PRODUCT_FORM_MESSAGES.fixForm);
      return;
    }
    if (uploading) {
      setBanner(null);
      setWaitingForUploads(true);
      return;
    }
    send(state);
  };

  const addFiles = (variant: VariantState, kind: MediaKind, files: FileList | null) => {
    if (!files || files.length === 0) return;
    const chosen = [...files];
    const pending = variant.uploads.filter((u) => u.kind === kind && u.status !== "failed").length;
    const existing = variant.media.filter((m) => m.kind === kind).length;
    const room = kind === "image" ? MAX_NEW_IMAGES_PER_VARIANT - pending : MAX_VIDEOS_PER_VARIANT - existing - pending;
    const accepted: UploadState[] = [];
    for (const file of chosen) {
      const base: UploadState = { key: nextKey(), kind, name: file.name, progress: 0, status: "uploading" };
      const wrongType = kind === "image" ? !file.type.startsWith("image/") : !file.type.startsWith("video/");
      if (wrongType) accepted.push({ ...base, status: "failed", message: kind === "image" ? UPLOAD_MESSAGES.notImage : UPLOAD_MESSAGES.notVideo });
      else if (file.size > MAX_BYTES[kind]) accepted.push({ ...base, status: "failed", message: tooLargeMessage(kind) });
      else if (accepted.filter((a) => a.status === "uploading").length >= room) {
        accepted.push({ ...base, status: "failed", message: kind === "image" ? UPLOAD_MESSAGES.tooManyImages : UPLOAD_MESSAGES.tooManyVideos });
      } else {
        accepted.push(base);
        void sendFile(file, kind, (progress) => updateUpload(variant.key, base.key, { progress })).then((answer) => {
          if (answer.ok) {
            updateUpload(variant.key, base.key, {
              status: "done",
              progress: 100,
              token: answer.upload.token,
              storageKey: answer.upload.storageKey,
              widths: answer.upload.widths,
            });
          } else {
            updateUpload(variant.key, base.key, { status: "failed", message: answer.message });
          }
        });
      }
    }
    updateVariant(variant.key, (v) => ({ ...v, uploads: [...v.uploads, ...accepted] }));
  };

  const removeVariant = (variant: VariantState) => {
    if (state.variants.length <= 1) return;
    setScheduled((s) => [...s, ...variant.media]);
    update((s) => ({ ...s, variants: s.variants.filter((v) => v.key !== variant.key) }));
  };

  const removeMedia = (variant: VariantState, item: MediaState) => {
    setScheduled((s) => [...s, item]);
    updateVariant(variant.key, (v) => ({ ...v, media: v.media.filter((m) => m.key !== item.key) }));
  };

  const submitLabel = mode === "add" ? (busy ? "Uploading & Saving..." : "Add Product") : busy ? "Updating Product..." : "Update Product";

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="space-y-6" aria-busy={busy || undefined}>
      <FormAlert message={banner} />
      {failure?.detail && banner === failure.message && <p className="text-sm text-red-800">{failure.detail}</p>}
      {mode === "edit" && scheduled.length > 0 && (
        <p role="status" className="w-fit rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-amber-900">
          {scheduled.length} file(s) scheduled for deletion
        </p>
      )}

      <fieldset className="space-y-4 rounded-xl border border-stone-200 bg-white p-5">
        <legend className="px-1 font-serif text-xl text-leather-800">Primary details</legend>
        <TextField
          id="name"
          label="Product name"
          required
          value={state.name}
          error={errors.name}
          onChange={(e) => update((s) => ({ ...s, name: e.target.value }))}
        />
        <TextField
          id="code"
          label="Code/SKU"
          value={state.code}
          error={errors.code}
          onChange={(e) => update((s) => ({ ...s, code: e.target.value }))}
        />
        <TextAreaField
          id="description"
          label="Description"
          rows={4}
          value={state.description}
          error={errors.description}
          onChange={(e) => update((s) => ({ ...s, description: e.target.value }))}
        />
      </fieldset>

      <fieldset className="rounded-xl border border-stone-200 bg-white p-5" aria-describedby={errors.categoryIds ? "categories-error" : undefined}>
        <legend className="px-1 font-serif text-xl text-leather-800">Categories</legend>
        {categories.length === 0 ? (
          <p className="text-stone-700">{PRODUCT_FORM_MESSAGES.noCategoriesAvailable}</p>
        ) : (
          <>
            <p className="mb-2 text-sm text-stone-600">{state.categoryIds.length} selected</p>
            <ul className="max-h-60 space-y-1 overflow-y-auto rounded-md border border-stone-200 p-2">
              {categories.map((c) => (
                <li key={c.id}>
                  <label className="flex items-center gap-2 rounded px-2 py-1 hover:bg-stone-50">
                    <input
                      type="checkbox"
                      className={TICK_BOX}
                      {...NEEDS_SCRIPT}
                      checked={state.categoryIds.includes(c.id)}
                      onChange={(e) =>
                        update((s) => ({
                          ...s,
                          categoryIds: e.target.checked ? [...s.categoryIds, c.id] : s.categoryIds.filter((id) => id !== c.id),
                        }))
                      }
                    />
                    {c.name}
                  </label>
                </li>
              ))}
            </ul>
          </>
        )}
        {errors.categoryIds && (
          <p id="categories-error" className="mt-2 text-sm text-red-700">
            {errors.categoryIds}
          </p>
        )}
      </fieldset>

      <section aria-labelledby="variants-heading" className="space-y-4">
        <div className="flex items-center justify-between">
          <h2 id="variants-heading" className="font-serif text-xl text-leather-800">
            Product Types/Variants
          </h2>
          <button
            type="button"
            onClick={() => update((s) => ({ ...s, variants: [...s.variants, newVariant(s.variants.length === 0)] }))}
            className={BUTTON.secondary}
          >
            Add Variant
          </button>
        </div>
        {errors.variants && <p className="text-sm text-red-700">{errors.variants}</p>}
        {state.variants.map((variant, vi) => (
          <VariantFields
            key={variant.key}
            index={vi}
            mode={mode}
            variant={variant}
            errors={errors}
            canRemove={state.variants.length > 1}
            onChange={(change) => updateVariant(variant.key, change)}
            onRemove={() => removeVariant(variant)}
            onRemoveMedia={(item) => removeMedia(variant, item)}
            onAddFiles={(kind, files) => addFiles(variant, kind, files)}
            onDropUpload={(uploadKey) => updateVariant(variant.key, (v) => ({ ...v, uploads: v.uploads.filter((u) => u.key !== uploadKey) }))}
          />
        ))}
      </section>

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={busy} className={BUTTON.primary}>
          {submitLabel}
        </button>
        {/* A button, as the spec names it; the form is this page's own, so it goes by script. */}
        <button type="button" onClick={() => void navigate(cancelTo)} className={BUTTON.quiet}>
          Cancel
        </button>
        {waitingForUploads && <p className="text-sm text-stone-600">Waiting for the files to finish uploading…</p>}
      </div>
    </form>
  );
}

// ------------------------------------------------------------------ one variant

function VariantFields({
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
  errors: Record<string, string>;
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
                <button
                  type="button"
                  onClick={() => onRemoveMedia(m)}
                  className="mt-1 block w-full rounded bg-red-50 px-2 py-1 text-xs text-red-800 hover:bg-red-100"
                >
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
                <button
                  type="button"
                  onClick={() => onRemoveMedia(m)}
                  className="mt-1 block w-full rounded bg-red-50 px-2 py-1 text-xs text-red-800 hover:bg-red-100"
                >
                  Remove video {i + 1}
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-images`} className="block text-sm font-medium text-stone-800">
              Add images
            </label>
            <input
              id={`${id}-images`}
              type="file"
              accept="image/*"
              multiple
              aria-describedby={`${id}-images-hint`}
              onChange={(e) => {
                onAddFiles("image", e.target.files);
                e.target.value = "";
              }}
              className={`mt-1 ${FILE_INPUT_CLASS}`}
            />
            <p id={`${id}-images-hint`} className="mt-1 text-xs text-stone-600">
              Up to {MAX_NEW_IMAGES_PER_VARIANT} new images, 10 MB each.
            </p>
          </div>
          <div>
            <label htmlFor={`${id}-video`} className="block text-sm font-medium text-stone-800">
              Add video
            </label>
            <input
              id={`${id}-video`}
              type="file"
              accept="video/mp4,video/webm"
              aria-describedby={`${id}-video-hint`}
              onChange={(e) => {
                onAddFiles("video", e.target.files);
                e.target.value = "";
              }}
              className={`mt-1 ${FILE_INPUT_CLASS}`}
            />
            <p id={`${id}-video-hint`} className="mt-1 text-xs text-stone-600">
              One video per variant (MP4 or WebM), up to 100 MB.
            </p>
          </div>
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
                  <button
                    type="button"
                    onClick={() => onDropUpload(u.key)}
                    className="rounded border border-stone-300 px-2 py-1 text-xs hover:bg-stone-50"
                  >
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
