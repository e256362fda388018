import { useEffect, useRef, useState, type FormEvent } from "react";
import { NEEDS_SCRIPT } from "~/lib/needs-script";
import { useNavigate, useNavigation, useSubmit } from "react-router";
import { PRODUCT_FORM_MESSAGES, productFormSchema } from "~/modules/catalog/product-form.schema";
import { MAX_BYTES, MAX_NEW_IMAGES_PER_VARIANT, MAX_VIDEOS_PER_VARIANT, tooLargeMessage, UPLOAD_MESSAGES } from "~/modules/media/upload-limits";
import type { MediaKind } from "~/lib/db/value-lists";
import { FormAlert, TextAreaField, TextField } from "~/components/ui/field";
import { BUTTON, TICK_BOX } from "~/components/admin/control-styles";
import {
  initialState,
  newVariant,
  nextKey,
  toPayload,
  validate,
  type FormCategory,
  type FormProduct,
  type FormState,
  type MediaState,
  type ProductFormFailure,
  type UploadState,
  type VariantState,
} from "./product-form-state";
import { sendFile } from "./send-file";
import { VariantFields } from "./variant-fields";

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
