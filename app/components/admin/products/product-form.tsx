import { useCallback, useEffect, useReducer, useState, type FormEvent } from "react";
import { NEEDS_SCRIPT } from "~/lib/needs-script";
import { useNavigate, useNavigation, useSubmit } from "react-router";
import { PRODUCT_FORM_MESSAGES, productFormSchema } from "~/modules/catalog/product-form.schema";
import type { MediaKind } from "~/lib/db/value-lists";
import { FormAlert, TextAreaField, TextField } from "~/components/ui/field";
import { BUTTON, TICK_BOX } from "~/components/admin/control-styles";
import { StatusBadge } from "~/components/admin/status-badge";
import {
  toPayload,
  validate,
  type FormCategory,
  type FormProduct,
  type FormState,
  type ProductFormFailure,
  type UploadState,
  type VariantState,
} from "./product-form-state";
import { editorReducer, isUploading, planUploads, saveIsDue, startEditor } from "./product-form-reducer";
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
  const [editor, dispatch] = useReducer(editorReducer, product, startEditor);
  const { form: state, scheduled, submitted } = editor;
  const [banner, setBanner] = useState<string | null>(failure?.message ?? null);
  const submit = useSubmit();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const waitingForUploads = editor.save === "waiting";
  const busy = saving || waitingForUploads;

  const clientErrors = submitted ? validate(state) : {};
  const errors = Object.keys(clientErrors).length ? clientErrors : (failure?.fieldErrors ?? {});

  // A new answer from the server puts its message at the top (set while rendering, as useFormCheck does).
  const [answered, setAnswered] = useState(failure);
  if (answered !== failure) {
    setAnswered(failure);
    if (failure) setBanner(failure.message);
  }
  useEffect(() => {
    if (failure?.detail) console.error(failure.detail);
  }, [failure]);

  const send = useCallback(
    (form: FormState) => {
      const payload = toPayload(form);
      if (!productFormSchema.safeParse(payload).success) {
        setBanner(PRODUCT_FORM_MESSAGES.fixForm);
        return;
      }
      setBanner(null);
      void submit({ product: JSON.stringify(payload) }, { method: "post" });
    },
    [submit],
  );

  // A save asked for while files were still uploading goes out once they are done.
  const due = saveIsDue(editor);
  useEffect(() => {
    if (!due) return;
    dispatch({ type: "save-sent" });
    send(state);
  }, [due, send, state]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    dispatch({ type: "save-asked" });
    if (Object.keys(validate(state)).length) setBanner(PRODUCT_FORM_MESSAGES.fixForm);
    else if (isUploading(state)) setBanner(null);
    else send(state);
  };

  const update = (change: (s: FormState) => FormState) => dispatch({ type: "edit", change });

  const addFiles = (variant: VariantState, kind: MediaKind, files: FileList | null) => {
    if (!files || files.length === 0) return;
    const { rows, toSend } = planUploads(variant, kind, [...files]);
    const changed = (uploadKey: string, change: Partial<UploadState>) =>
      dispatch({ type: "upload-changed", variantKey: variant.key, uploadKey, change });
    for (const [file, row] of toSend) {
      void sendFile(file, kind, (progress) => changed(row.key, { progress })).then((answer) =>
        changed(
          row.key,
          answer.ok
            ? { status: "done", progress: 100, token: answer.upload.token, storageKey: answer.upload.storageKey, widths: answer.upload.widths }
            : { status: "failed", message: answer.message },
        ),
      );
    }
    dispatch({ type: "add-uploads", variantKey: variant.key, uploads: rows });
  };

  const submitLabel = mode === "add" ? (busy ? "Uploading & Saving..." : "Add Product") : busy ? "Updating Product..." : "Update Product";

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="space-y-6" aria-busy={busy || undefined}>
      <FormAlert message={banner} />
      {failure?.detail && banner === failure.message && <p className="text-sm text-red-800">{failure.detail}</p>}
      {mode === "edit" && scheduled.length > 0 && (
        <p role="status">
          <StatusBadge tone="yellow">{scheduled.length} file(s) scheduled for deletion</StatusBadge>
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
          <button type="button" onClick={() => dispatch({ type: "add-variant" })} className={BUTTON.secondary}>
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
            onChange={(change) => dispatch({ type: "edit-variant", variantKey: variant.key, change })}
            onRemove={() => dispatch({ type: "remove-variant", variantKey: variant.key })}
            onRemoveMedia={(item) => dispatch({ type: "remove-media", variantKey: variant.key, item })}
            onAddFiles={(kind, files) => addFiles(variant, kind, files)}
            onDropUpload={(uploadKey) => dispatch({ type: "drop-upload", variantKey: variant.key, uploadKey })}
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
