import { Link, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/products-new";
import { actionFailure } from "~/lib/action-failure.server";
import { flashCookie } from "~/lib/flash.server";
import { requireAdmin } from "~/modules/accounts/session.server";
import { listCategoryChoices } from "~/modules/catalog/admin-products.server";
import { createProduct } from "~/modules/catalog/product-editor.server";
import { parseProductSubmission, saveOptions } from "~/modules/catalog/product-form-action.server";
import { PRODUCT_FORM_MESSAGES } from "~/modules/catalog/product-form.schema";
import { ProductForm } from "~/components/admin/products/product-form";
import type { ProductFormFailure } from "~/components/admin/products/product-form-state";
import { RouteError } from "~/components/ui/route-error";
import { adminMeta } from "~/lib/seo";
import { isUnanswered, keepFormWhenUnanswered } from "~/lib/unanswered";

export const meta = () => adminMeta("Add Product");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context.auth);
  return { categories: await listCategoryChoices(context.db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireAdmin(request, context.auth);
  const db = context.db;
  try {
    const parsed = parseProductSubmission(await request.formData());
    if (!parsed.ok) return parsed.response;
    const { id } = await createProduct(db, parsed.data, await saveOptions(db, context.storage, staff.id));
    return redirect(`/admin/products/${id}/view`, { headers: { "Set-Cookie": flashCookie(request, PRODUCT_FORM_MESSAGES.added) } });
  } catch (error) {
    return actionFailure(error, { msg: "adding a product failed" }, ({ message, code }): ProductFormFailure => ({
      ok: false,
      message: PRODUCT_FORM_MESSAGES.addFailed,
      detail: code === "INTERNAL" ? undefined : message,
    }));
  }
}

/**
 * When the save gets no answer (a dropped connection), the form stays with every edit and says the
 * save failed, instead of an error page that loses them (~/lib/unanswered.ts).
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return keepFormWhenUnanswered(serverAction, { ok: false as const, message: PRODUCT_FORM_MESSAGES.addFailed } satisfies ProductFormFailure);
}

export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return isUnanswered(actionResult) ? false : defaultShouldRevalidate;
}

export default function AdminProductNew({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <Link to="/admin/products" className="text-sm text-leather-700 underline">
        Back to Products
      </Link>
      <h1 className="font-serif text-3xl text-leather-800">Add Product</h1>
      <ProductForm mode="add" categories={loaderData.categories} failure={actionData ?? undefined} cancelTo="/admin/products" />
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError backTo={{ to: "/admin/products", label: "Back to Products" }} />;
}
