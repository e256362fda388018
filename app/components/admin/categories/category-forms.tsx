import { useState, type ChangeEvent, type FocusEvent, type FormEvent } from "react";
import { Form } from "react-router";
import type { FieldErrors } from "~/lib/form-errors";
import { categoryFormSchema, categoryNameProblem } from "~/modules/catalog/admin-categories.schema";
import { useFormCheck } from "~/components/ui/use-form-check";
import { TextField } from "~/components/ui/field";
import { useHydrated } from "~/components/ui/use-hydrated";
import { FileField } from "~/components/admin/file-field";
import { BUTTON } from "~/components/admin/control-styles";
import { CategoryAlert as Alert, type CategoryFailure as Failure } from "./category-alert";

/**
 * A category form's name and its problems. On submit the form is checked with the same schema as
 * on the server (useFormCheck), which also shows the server's answer; since then, the name's rule
 * runs when the field loses focus, and a field's problem clears when it is changed.
 */
export function useCategoryForm(initialName: string, failure: Failure | null) {
  const [name, setName] = useState(initialName);
  const check = useFormCheck(categoryFormSchema, failure);
  const [since, setSince] = useState<FieldErrors<"name" | "image">>({});
  const errorOf = (field: "name" | "image") => (field in since ? since[field] : check.errorOf(field));
  const nameField = {
    name: "name",
    required: true,
    maxLength: 80,
    value: name,
    error: errorOf("name"),
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      setName(e.target.value);
      setSince((x) => ({ ...x, name: undefined }));
    },
    onBlur: (e: FocusEvent<HTMLInputElement>) => setSince((x) => ({ ...x, name: categoryNameProblem(e.target.value) })),
  };
  const imageField = { error: errorOf("image"), onChange: () => setSince((x) => ({ ...x, image: undefined })) };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setSince({});
    check.onSubmit(event);
  };
  return { name, nameField, imageField, onSubmit };
}

export function AddCategoryForm({ failure, busy }: { failure: Failure | null; busy: boolean }) {
  const hydrated = useHydrated();
  const { name, nameField, imageField, onSubmit } = useCategoryForm(failure?.name ?? "", failure);
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      action="/admin/categories?intent=add"
      noValidate
      aria-labelledby="add-category-heading"
      className="space-y-4 rounded-xl border border-stone-200 bg-white p-4"
      onSubmit={onSubmit}
    >
      <h2 id="add-category-heading" className="font-serif text-xl text-leather-800">
        Add a category
      </h2>
      {failure && <Alert failure={failure} />}
      <input type="hidden" name="intent" value="add" />
      <div className="grid gap-4 md:grid-cols-2">
        <TextField id="category-name" label="Category Name" {...nameField} />
        <ImageInput id="category-image" label="Category Image (optional)" {...imageField} />
      </div>
      <button type="submit" disabled={hydrated && (name.trim() === "" || busy)} className={BUTTON.primary}>
        {busy ? "Saving..." : "Add Category"}
      </button>
    </Form>
  );
}

/** A category's picture: at most 10 MB, of the kinds the shop stores. */
export function ImageInput(props: { id: string; label: string; error?: string; onChange?: () => void; form?: string }) {
  return (
    <FileField
      name="image"
      accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
      hint="JPEG, PNG, WebP, GIF or AVIF, at most 10 MB."
      {...props}
    />
  );
}
