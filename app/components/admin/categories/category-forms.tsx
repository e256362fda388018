import { useState, type ChangeEvent, type FocusEvent } from "react";
import { Form } from "react-router";
import { categoryImageProblem, categoryNameSchema } from "~/modules/catalog/admin-categories.schema";
import { TextField } from "~/components/ui/field";
import { useHydrated } from "~/components/ui/use-hydrated";
import { FILE_INPUT_CLASS } from "~/components/admin/list-controls";
import { BUTTON } from "~/components/admin/control-styles";
import { CategoryAlert as Alert, type CategoryFailure as Failure } from "./category-alert";

/** The name rule's message for a value, or undefined when it is fine (shown when the field loses focus). */
function nameProblem(value: string): string | undefined {
  const parsed = categoryNameSchema.safeParse({ name: value });
  return parsed.success ? undefined : parsed.error.issues[0].message;
}

/** Client check of a form's name and image with the same rules the server applies. */
export function checkForm(form: HTMLFormElement, imageInput: HTMLInputElement | null): { nameError?: string; imageError?: string } {
  const parsed = categoryNameSchema.safeParse({ name: new FormData(form).get("name") ?? "" });
  const imageError = categoryImageProblem(imageInput?.files?.[0]) ?? undefined;
  return { nameError: parsed.success ? undefined : parsed.error.issues[0].message, imageError };
}

/** A category form's name and errors: errors clear on edit, the name rule runs when the field loses focus. */
export function useCategoryForm(initialName: string, failure: Failure | null) {
  const [name, setName] = useState(initialName);
  const [errors, setErrors] = useState<{ nameError?: string; imageError?: string }>({});
  const nameField = {
    name: "name",
    required: true,
    maxLength: 80,
    value: name,
    error: errors.nameError ?? failure?.nameError,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      setName(e.target.value);
      setErrors((x) => ({ ...x, nameError: undefined }));
    },
    onBlur: (e: FocusEvent<HTMLInputElement>) => setErrors((x) => ({ ...x, nameError: nameProblem(e.target.value) })),
  };
  return { name, errors, setErrors, nameField };
}

export function AddCategoryForm({ failure, busy }: { failure: Failure | null; busy: boolean }) {
  const hydrated = useHydrated();
  const { name, errors, setErrors, nameField } = useCategoryForm(failure?.name ?? "", failure);
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      action="/admin/categories?intent=add"
      noValidate
      aria-labelledby="add-category-heading"
      className="space-y-4 rounded-xl border border-stone-200 bg-white p-4"
      onSubmit={(event) => {
        const found = checkForm(event.currentTarget, event.currentTarget.querySelector<HTMLInputElement>("#category-image"));
        setErrors(found);
        if (found.nameError || found.imageError) event.preventDefault();
      }}
    >
      <h2 id="add-category-heading" className="font-serif text-xl text-leather-800">
        Add a category
      </h2>
      {failure && <Alert failure={failure} />}
      <input type="hidden" name="intent" value="add" />
      <div className="grid gap-4 md:grid-cols-2">
        <TextField id="category-name" label="Category Name" {...nameField} />
        <ImageInput
          id="category-image"
          label="Category Image (optional)"
          error={errors.imageError}
          onChange={() => setErrors((x) => ({ ...x, imageError: undefined }))}
        />
      </div>
      <button type="submit" disabled={hydrated && (name.trim() === "" || busy)} className={BUTTON.primary}>
        {busy ? "Saving..." : "Add Category"}
      </button>
    </Form>
  );
}

export function ImageInput({
  id,
  label,
  error,
  onChange,
  form,
}: {
  id: string;
  label: string;
  error?: string;
  onChange?: () => void;
  form?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        id={id}
        name="image"
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        form={form}
        onChange={onChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        className={`mt-1 ${FILE_INPUT_CLASS}`}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
        JPEG, PNG, WebP, GIF or AVIF, at most 10 MB.
      </p>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
