import { Form, redirect, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/categories";
import { actionFailure } from "~/lib/action-failure.server";
import { parseForm } from "~/lib/form-refusal.server";
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
  categoryIntents,
  categoryNameProblem,
  deleteCategoryConfirmText,
  type CategoryIntent,
} from "~/modules/catalog/admin-categories.schema";
import { fileBytes, readFormWithLimit } from "~/modules/media/form-upload.server";
import { RouteError } from "~/components/ui/route-error";
import { ConfirmButton } from "~/components/admin/confirm-button";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { adminMeta } from "~/lib/seo";
import { IndexCell, IndexRow, IndexTable, RowActions } from "~/components/admin/index-table";
import { BUTTON } from "~/components/admin/control-styles";
import { NavigateButton } from "~/components/ui/navigate-button";
import { CategoryAlert as Alert, type CategoryFailure as Failure } from "~/components/admin/categories/category-alert";
import { AddCategoryForm } from "~/components/admin/categories/category-forms";
import { CategoryImage, EditRow } from "~/components/admin/categories/category-edit-row";

export const meta = () => adminMeta("Categories");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context.auth);
  const query = categoriesQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const categories = await listAdminCategories(context.db);
  return { categories, editId: query.edit ?? null, deleteId: query.delete ?? null };
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

/**
 * What a refused form's answer keeps for the page besides its problems (refuseForm): which form it
 * was, what was typed, and the message at the top unless the name is what was wrong.
 */
function refusalOf(raw: Record<string, FormDataEntryValue>, fallbackIntent: CategoryIntent | null): Failure {
  const intent = categoryIntents.find((i) => i === raw.intent) ?? fallbackIntent;
  const nameError = raw.intent === "add" || raw.intent === "update" ? categoryNameProblem(raw.name) : undefined;
  return {
    ok: false,
    intent,
    id: typeof raw.id === "string" ? raw.id : undefined,
    name: typeof raw.name === "string" ? raw.name : undefined,
    message: nameError ? null : intent ? failureText[intent]("invalid request") : "Invalid request.",
    nameError,
  };
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
  const parsed = parseForm(categoryActionSchema, raw, refusalOf(raw, fallbackIntent));
  if (!parsed.ok) return parsed.response;
  const input = parsed.value;
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

export function ErrorBoundary() {
  return <RouteError backTo={{ to: "/admin/categories", label: "Back to Categories" }} />;
}
