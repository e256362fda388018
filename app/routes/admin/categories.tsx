import { useState, type ChangeEvent, type FocusEvent } from "react";
import { data, Form, redirect, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/categories";
import { actionFailure } from "~/lib/action-failure.server";
import { flashCookie } from "~/lib/flash.server";
import { formatAdminDate } from "~/lib/admin-date";
import { requireAdmin } from "~/modules/accounts/session.server";
import { deletedByOf } from "~/modules/trash/trash.server";
import { addCategory, deleteCategory, listAdminCategories, removeCategoryImage, updateCategory } from "~/modules/catalog/admin-categories.server";
import {
  CATEGORY_IMAGE_MAX_BYTES,
  CATEGORY_IMAGE_TOO_LARGE,
  CATEGORY_MESSAGES,
  categoriesQuerySchema,
  categoryActionSchema,
  categoryImageProblem,
  categoryNameSchema,
  deleteCategoryConfirmText,
  type CategoryIntent,
} from "~/modules/catalog/admin-categories.schema";
import { fileBytes, readFormWithLimit } from "~/modules/media/form-upload.server";
import { imageUrl } from "~/modules/media/media-url";
import { Img } from "~/components/ui/img";
import { FormAlert, TextField } from "~/components/ui/field";
import { RouteError } from "~/components/ui/route-error";
import { ConfirmButton } from "~/components/admin/confirm-button";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { useHydrated } from "~/components/ui/use-hydrated";
import { adminMeta } from "~/lib/seo";
import { FILE_INPUT_CLASS } from "~/components/admin/list-controls";
import { IndexCell, IndexRow, IndexTable, RowActions } from "~/components/admin/index-table";
import { BUTTON } from "~/components/admin/control-styles";
import { NavigateButton } from "~/components/ui/navigate-button";

export const meta = () => adminMeta("Categories");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context.auth);
  const query = categoriesQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const categories = await listAdminCategories(context.db);
  return { categories, editId: query.edit ?? null, deleteId: query.delete ?? null };
}

interface Failure {
  ok: false;
  intent: CategoryIntent | null;
  id?: string;
  message: string | null;
  detail?: string;
  nameError?: string;
  name?: string;
}

const failureText: Record<CategoryIntent, (reason: string) => string> = {
  add: () => CATEGORY_MESSAGES.addFailed,
  update: () => CATEGORY_MESSAGES.updateFailed,
  "remove-image": () => CATEGORY_MESSAGES.removeImageFailed,
  delete: (reason) => CATEGORY_MESSAGES.deleteFailed(reason),
  refresh: () => CATEGORY_MESSAGES.refreshFailed,
};

function done(request: Request, message: string) {
  return redirect("/admin/categories", { status: 303, headers: { "Set-Cookie": flashCookie(request, message) } });
}

const MAX_FORM_BYTES = CATEGORY_IMAGE_MAX_BYTES + 256 * 1024;

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireAdmin(request, context.auth);
  // Upload forms name their intent in the address too, so an oversize body still gets the right message.
  const urlIntent = new URL(request.url).searchParams.get("intent");
  const fallbackIntent = (["add", "update"] as const).find((i) => i === urlIntent) ?? null;
  let form: FormData;
  try {
    form = await readFormWithLimit(request, MAX_FORM_BYTES, CATEGORY_IMAGE_TOO_LARGE);
  } catch (error) {
    return actionFailure(error, { msg: "category form could not be read" }, ({ message }): Failure => ({
      ok: false,
      intent: fallbackIntent,
      message: fallbackIntent ? failureText[fallbackIntent](message) : message,
      detail: message,
    }));
  }
  const raw = Object.fromEntries([...form].filter(([, v]) => typeof v === "string"));
  const parsed = categoryActionSchema.safeParse(raw);
  if (!parsed.success) {
    const intent = (["add", "update", "remove-image", "delete", "refresh"] as const).find((i) => i === raw.intent) ?? fallbackIntent;
    const nameIssue = parsed.error.issues.find((i) => i.path[0] === "name");
    const failure: Failure = {
      ok: false,
      intent,
      id: typeof raw.id === "string" ? raw.id : undefined,
      name: typeof raw.name === "string" ? raw.name : undefined,
      message: nameIssue ? null : intent ? failureText[intent]("invalid request") : "Invalid request.",
      nameError: nameIssue?.message,
    };
    return data(failure, { status: 400 });
  }
  const input = parsed.data;
  const { db, storage } = context;
  try {
    switch (input.intent) {
      case "refresh":
        await listAdminCategories(db);
        return done(request, CATEGORY_MESSAGES.refreshed);
      case "add": {
        const row = await addCategory(db, storage, { name: input.name, image: await fileBytes(form.get("image")) });
        return done(request, CATEGORY_MESSAGES.added(row.name));
      }
      case "update": {
        const row = await updateCategory(db, storage, input.id, { name: input.name, image: await fileBytes(form.get("image")) });
        return done(request, CATEGORY_MESSAGES.updated(row.name));
      }
      case "remove-image":
        await removeCategoryImage(db, storage, input.id);
        return redirect(`/admin/categories?edit=${encodeURIComponent(input.id)}`, {
          status: 303,
          headers: { "Set-Cookie": flashCookie(request, CATEGORY_MESSAGES.imageRemoved) },
        });
      case "delete": {
        const result = await deleteCategory(db, input.id, deletedByOf(staff));
        return done(request, CATEGORY_MESSAGES.deleted(result.name));
      }
    }
  } catch (error) {
    return actionFailure(error, { msg: "category change failed", intent: input.intent }, ({ message, code }): Failure => ({
      ok: false,
      intent: input.intent,
      id: "id" in input ? input.id : undefined,
      name: "name" in input ? input.name : undefined,
      message: failureText[input.intent](message),
      detail: code !== "INTERNAL" && input.intent !== "delete" ? message : undefined,
    }));
  }
}

function Alert({ failure }: { failure: Failure }) {
  return <FormAlert message={failure.message} detail={failure.detail} />;
}

export default function AdminCategories({ loaderData, actionData }: Route.ComponentProps) {
  const { categories, editId, deleteId } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  const busy = navigation.state === "submitting";
  const failure = actionData && !actionData.ok ? actionData : null;
  const toDelete = deleteId ? categories.find((c) => c.id === deleteId) : undefined;
  const deleting = busy && navigation.formData?.get("intent") === "delete";

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-serif text-3xl text-leather-800">Categories</h1>
        <Form method="post">
          <input type="hidden" name="intent" value="refresh" />
          <button type="submit" disabled={busy} className={BUTTON.secondary}>
            Refresh Counts
          </button>
        </Form>
      </div>

      {failure &&
        (failure.intent === "refresh" ||
          failure.intent === "remove-image" ||
          (failure.intent === "delete" && !toDelete) ||
          failure.intent === null) && <Alert failure={failure} />}

      <AddCategoryForm key={location.key} failure={failure?.intent === "add" ? failure : null} busy={busy} />

      <section aria-labelledby="category-list-heading" className="rounded-xl border border-stone-200 bg-white">
        <h2 id="category-list-heading" className="px-4 pt-4 font-serif text-xl text-leather-800">
          All categories
        </h2>
        {failure?.intent === "update" && (
          <div className="px-4 pt-3">
            <Alert failure={failure} />
          </div>
        )}
        {categories.length === 0 ? (
          <div className="px-4 py-10 text-center">
            <p className="font-medium text-stone-800">No categories found</p>
            <p className="mt-1 text-sm text-stone-600">Add your first category above</p>
          </div>
        ) : (
          <div className="p-4">
            <IndexTable caption="Categories" columns={["Image", "Name", "Product Count", "Date Created", "Actions"]}>
              {categories.map((c) =>
                c.id === editId ? (
                  <EditRow key={c.id} category={c} busy={busy} failure={failure?.intent === "update" && failure.id === c.id ? failure : null} />
                ) : (
                  <IndexRow key={c.id}>
                    <IndexCell label="Image" kind="media">
                      <CategoryImage category={c} />
                    </IndexCell>
                    <IndexCell label="Name" kind="title" className="wrap-anywhere">
                      {c.name}
                    </IndexCell>
                    <IndexCell label="Product Count">{c.productCount}</IndexCell>
                    <IndexCell label="Date Created" className="whitespace-nowrap">
                      {formatAdminDate(c.createdAt)}
                    </IndexCell>
                    <IndexCell label="Actions" kind="actions">
                      <RowActions oneLine>
                        <NavigateButton to={`/admin/categories?edit=${c.id}`} preventScrollReset className={BUTTON.row} aria-label={`Edit ${c.name}`}>
                          Edit
                        </NavigateButton>
                        <ConfirmButton
                          to={`/admin/categories?delete=${c.id}`}
                          message={deleteCategoryConfirmText(c.name, c.productCount)}
                          action="/admin/categories"
                          fields={{ intent: "delete", id: c.id }}
                          disabled={deleting}
                          className={BUTTON.rowDanger}
                          aria-label={`Delete ${c.name}`}
                        >
                          {deleting && navigation.formData?.get("id") === c.id ? "Deleting..." : "Delete"}
                        </ConfirmButton>
                      </RowActions>
                    </IndexCell>
                  </IndexRow>
                ),
              )}
            </IndexTable>
          </div>
        )}
      </section>

      {toDelete && (
        <ConfirmDialog
          key={toDelete.id}
          title={`Delete category '${toDelete.name}'?`}
          message={deleteCategoryConfirmText(toDelete.name, toDelete.productCount)}
          cancelTo="/admin/categories"
          error={failure?.intent === "delete" ? failure.message : null}
          action="/admin/categories"
          fields={{ intent: "delete", id: toDelete.id }}
          confirmLabel="Delete Category"
          busy={deleting}
        />
      )}
    </div>
  );
}

/** The name rule's message for a value, or undefined when it is fine (shown when the field loses focus). */
function nameProblem(value: string): string | undefined {
  const parsed = categoryNameSchema.safeParse({ name: value });
  return parsed.success ? undefined : parsed.error.issues[0].message;
}

/** Client check of a form's name and image with the same rules the server applies. */
function checkForm(form: HTMLFormElement, imageInput: HTMLInputElement | null): { nameError?: string; imageError?: string } {
  const parsed = categoryNameSchema.safeParse({ name: new FormData(form).get("name") ?? "" });
  const imageError = categoryImageProblem(imageInput?.files?.[0]) ?? undefined;
  return { nameError: parsed.success ? undefined : parsed.error.issues[0].message, imageError };
}

/** A category form's name and errors: errors clear on edit, the name rule runs when the field loses focus. */
function useCategoryForm(initialName: string, failure: Failure | null) {
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

function AddCategoryForm({ failure, busy }: { failure: Failure | null; busy: boolean }) {
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

function ImageInput({ id, label, error, onChange, form }: { id: string; label: string; error?: string; onChange?: () => void; form?: string }) {
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

type CategoryRow = Route.ComponentProps["loaderData"]["categories"][number];

/** The category's picture, or the words saying it has none. */
function CategoryImage({ category }: { category: CategoryRow }) {
  return category.image ? (
    <Img src={imageUrl(category.image, 320)} alt={category.name} width={48} height={48} className="h-12 w-12 rounded-md object-cover" />
  ) : (
    <span className="text-xs text-stone-500">No image</span>
  );
}

function EditRow({ category, busy, failure }: { category: CategoryRow; busy: boolean; failure: Failure | null }) {
  const hydrated = useHydrated();
  const { name, errors, setErrors, nameField } = useCategoryForm(failure?.name ?? category.name, failure);
  return (
    <IndexRow tone="editing">
      <IndexCell label="Image" kind="media" className="space-y-2">
        <CategoryImage category={category} />
        <ImageInput
          id="edit-category-image"
          label="Change Image"
          form="edit-category"
          error={errors.imageError}
          onChange={() => setErrors((x) => ({ ...x, imageError: undefined }))}
        />
        {category.image && (
          <button type="submit" form="remove-category-image" disabled={busy} className="min-h-6 text-sm text-red-700 underline disabled:opacity-60">
            Remove image
          </button>
        )}
        <Form id="remove-category-image" method="post" action="/admin/categories">
          <input type="hidden" name="intent" value="remove-image" />
          <input type="hidden" name="id" value={category.id} />
        </Form>
      </IndexCell>
      <IndexCell label="Name" kind="title" className="font-normal">
        <Form
          id="edit-category"
          method="post"
          encType="multipart/form-data"
          action="/admin/categories?intent=update"
          noValidate
          onSubmit={(event) => {
            const found = checkForm(event.currentTarget, document.querySelector<HTMLInputElement>("#edit-category-image"));
            setErrors(found);
            if (found.nameError || found.imageError) event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="id" value={category.id} />
          <TextField id="edit-category-name" label="Category name" {...nameField} />
        </Form>
      </IndexCell>
      <IndexCell label="Product Count">{category.productCount}</IndexCell>
      <IndexCell label="Date Created" className="whitespace-nowrap">
        {formatAdminDate(category.createdAt)}
      </IndexCell>
      <IndexCell label="Actions" kind="actions">
        <RowActions>
          <button type="submit" form="edit-category" disabled={hydrated && (name.trim() === "" || busy)} className={BUTTON.rowPrimary}>
            Save
          </button>
          <NavigateButton to="/admin/categories" preventScrollReset className={BUTTON.row}>
            Cancel
          </NavigateButton>
        </RowActions>
      </IndexCell>
    </IndexRow>
  );
}

export function ErrorBoundary() {
  return <RouteError backTo={{ to: "/admin/categories", label: "Back to Categories" }} />;
}
