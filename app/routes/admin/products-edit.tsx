import { Suspense } from "react";
import { Await, data, Link, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/products-edit";
import { isDomainError } from "~/lib/errors";
import { actionFailure } from "~/lib/action-failure.server";
import { flashCookie } from "~/lib/flash.server";
import { logger } from "~/lib/logger.server";
import { requireAdmin } from "~/modules/accounts/session.server";
import { listCategoryChoices } from "~/modules/catalog/admin-products.server";
import { loadProductForEdit, productExists, updateProduct } from "~/modules/catalog/product-editor.server";
import { parseProductSubmission, saveOptions } from "~/modules/catalog/product-form-action.server";
import { PRODUCT_FORM_MESSAGES } from "~/modules/catalog/product-form.schema";
import { ProductForm } from "~/components/admin/products/product-form";
import type { ProductFormFailure } from "~/components/admin/products/product-form-state";
import { RouteError } from "~/components/ui/route-error";
import { adminMeta } from "~/lib/seo";
import { keepFormWhenUnanswered } from "~/lib/unanswered";
import { FormAlert } from "~/components/ui/field";

export const meta = () => adminMeta("Edit Product");

const notFound = (request: Request) =>
  redirect("/admin/products", { headers: { "Set-Cookie": flashCookie(request, PRODUCT_FORM_MESSAGES.notFound, "error") } });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context.auth);
  const db = context.db;
  let exists: boolean;
  try {
    exists = await productExists(db, params.id);
  } catch (error) {
    logger.error({ err: error }, "loading a product for editing failed");
    throw data(PRODUCT_FORM_MESSAGES.loadFailed, { status: 503 });
  }
  if (!exists) throw notFound(request);
  // The form's data streams in; the page shows a skeleton meanwhile.
  const editing = Promise.all([loadProductForEdit(db, params.id), listCategoryChoices(db)]).then(([product, categories]) => ({
    product,
    categories,
  }));
  editing.catch((error: unknown) => logger.error({ err: error }, "loading a product for editing failed"));
  return { id: params.id, editing };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = await requireAdmin(request, context.auth);
  const db = context.db;
  try {
    const parsed = parseProductSubmission(await request.formData());
    if (!parsed.ok) return parsed.response;
    const { id } = await updateProduct(db, params.id, parsed.data, await saveOptions(db, context.storage, staff.id));
    return redirect(`/admin/products/${id}/view`, { headers: { "Set-Cookie": flashCookie(request, PRODUCT_FORM_MESSAGES.updated) } });
  } catch (error) {
    if (isDomainError(error) && error.code === "NOT_FOUND") return notFound(request);
    return actionFailure(error, { msg: "updating a product failed", productId: params.id }, ({ message, code }): ProductFormFailure => ({
      ok: false,
      message: PRODUCT_FORM_MESSAGES.updateFailed,
      detail: code === "INTERNAL" ? undefined : message,
    }));
  }
}

/** After a refused save, keep the form as typed: do not reload the product over it. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const result: unknown = actionResult;
  if (result && typeof result === "object" && "ok" in result && result.ok === false) return false;
  return defaultShouldRevalidate;
}

function EditSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading product" className="animate-pulse space-y-6">
      <div className="h-48 rounded-xl bg-stone-200" />
      <div className="h-32 rounded-xl bg-stone-200" />
      <div className="h-72 rounded-xl bg-stone-200" />
    </div>
  );
}

/**
 * When the save gets no answer (a dropped connection), the form stays with every edit and says the
 * save failed, instead of an error page that loses them (~/lib/unanswered.ts).
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return keepFormWhenUnanswered(serverAction, { ok: false as const, message: PRODUCT_FORM_MESSAGES.updateFailed } satisfies ProductFormFailure);
}

export default function AdminProductEdit({ loaderData, actionData }: Route.ComponentProps) {
  const viewTo = `/admin/products/${loaderData.id}/view`;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <Link to={viewTo} className="text-sm text-leather-700 underline">
        Back to Product Details
      </Link>
      <h1 className="font-serif text-3xl text-leather-800">Edit Product</h1>
      <Suspense fallback={<EditSkeleton />}>
        <Await resolve={loaderData.editing} errorElement={<FormAlert message={PRODUCT_FORM_MESSAGES.loadFailed} />}>
          {({ product, categories }) => (
            <ProductForm key={product.id} mode="edit" categories={categories} product={product} failure={actionData ?? undefined} cancelTo={viewTo} />
          )}
        </Await>
      </Suspense>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError backTo={{ to: "/admin/products", label: "Back to Products" }} />;
}
