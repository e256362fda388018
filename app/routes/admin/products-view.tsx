import { data, Link, redirect, useNavigation, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/products-view";
import { isDomainError } from "~/lib/errors";
import { actionFailure } from "~/lib/action-failure.server";
import { parseForm } from "~/lib/form-refusal.server";
import { flashCookie } from "~/lib/flash.server";
import { formatAdminDate } from "~/lib/admin-date";
import { requireAdmin } from "~/modules/accounts/session.server";
import { deletedByOf } from "~/modules/trash/trash.server";
import { deleteProduct, getAdminProductView } from "~/modules/catalog/admin-products.server";
import {
  DELETE_PRODUCT_CONFIRM,
  PRODUCT_DELETE_FAILED,
  PRODUCT_DELETED,
  productDeleteIntentSchema,
  productViewQuerySchema,
} from "~/modules/catalog/admin-products.schema";
import { NavigateButton } from "~/components/ui/navigate-button";
import { FormAlert } from "~/components/ui/field";
import { RouteError } from "~/components/ui/route-error";
import { ConfirmButton } from "~/components/admin/confirm-button";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { BUTTON } from "~/components/admin/control-styles";
import { Tabs } from "~/components/admin/products/product-view-tabs";
import { MediaPanel, OverviewPanel, StockPanel, VariantsPanel } from "~/components/admin/products/product-view-panels";
import { adminMeta } from "~/lib/seo";

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData && "product" in loaderData && loaderData.product ? loaderData.product.name : "Product Not Found";
  return adminMeta(name);
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context.auth);
  const query = productViewQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  try {
    const product = await getAdminProductView(context.db, params.id);
    return { product, tab: query.tab, confirmDelete: query.confirm === "delete" };
  } catch (error) {
    if (isDomainError(error) && error.code === "NOT_FOUND") return data({ product: null, tab: query.tab, confirmDelete: false }, { status: 404 });
    throw error;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = await requireAdmin(request, context.auth);
  const form = await request.formData();
  const parsed = parseForm(productDeleteIntentSchema, form, { ok: false as const, message: PRODUCT_DELETE_FAILED });
  if (!parsed.ok) return parsed.response;
  try {
    await deleteProduct(context.db, params.id, deletedByOf(staff));
    return redirect("/admin/products", { status: 303, headers: { "Set-Cookie": flashCookie(request, PRODUCT_DELETED) } });
  } catch (error) {
    return actionFailure(error, { msg: "product delete failed", productId: params.id }, () => ({
      ok: false as const,
      message: PRODUCT_DELETE_FAILED,
    }));
  }
}

/** Switching tabs reads nothing new: the whole product is already on the page. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const a = new URLSearchParams(currentUrl.search);
  const b = new URLSearchParams(nextUrl.search);
  a.delete("tab");
  b.delete("tab");
  return a.toString() !== b.toString() ? defaultShouldRevalidate : false;
}

export default function AdminProductView({ loaderData, actionData }: Route.ComponentProps) {
  const { product } = loaderData;
  // The tab and the confirmation come from the address: switching tabs reloads nothing.
  const [searchParams] = useSearchParams();
  const { tab, confirm } = productViewQuerySchema.parse(Object.fromEntries(searchParams));
  const confirmDelete = confirm === "delete";
  const navigation = useNavigation();
  if (!product) {
    return (
      <div className="py-16 text-center">
        <h1 className="font-serif text-3xl text-leather-800">Product Not Found</h1>
        <Link to="/admin/products" className={`mt-6 ${BUTTON.primary}`}>
          Back to Products
        </Link>
      </div>
    );
  }
  const base = `/admin/products/${product.id}/view`;
  const here = tab === "overview" ? base : `${base}?tab=${tab}`;
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";

  return (
    <div className="space-y-6">
      {/* A delete answered in the browser's own confirmation that then failed says so here. */}
      {actionData && !actionData.ok && !confirmDelete && <FormAlert message={actionData.message} />}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="font-serif text-3xl wrap-anywhere text-leather-800">{product.name}</h1>
          <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-stone-700">
            <div className="flex gap-1">
              <dt>SKU:</dt>
              <dd className="font-mono wrap-anywhere">{product.code || "N/A"}</dd>
            </div>
            <div className="flex gap-1">
              <dt>Added:</dt>
              <dd>{formatAdminDate(product.createdAt)}</dd>
            </div>
            <div className="flex gap-1">
              <dt>Categories:</dt>
              <dd>{product.categories.length ? product.categories.map((c) => c.name).join(", ") : "Uncategorized"}</dd>
            </div>
          </dl>
        </div>
        {/* Behind an open confirmation the page's own Delete Product is out of reach (aria-hidden as
            well as inert), so that the dialog's Delete Product is the only one. */}
        <div className="flex flex-wrap gap-2" aria-hidden={confirmDelete || undefined} inert={confirmDelete || undefined}>
          <NavigateButton to={`/admin/products/${product.id}/edit`} className={BUTTON.primary}>
            Edit Product
          </NavigateButton>
          <ConfirmButton
            to={`${base}?${new URLSearchParams({ ...(tab === "overview" ? {} : { tab }), confirm: "delete" })}`}
            message={DELETE_PRODUCT_CONFIRM}
            action={base}
            fields={{ intent: "delete" }}
            disabled={deleting}
            className={BUTTON.danger}
          >
            {deleting && !confirmDelete ? "Deleting..." : "Delete Product"}
          </ConfirmButton>
          <NavigateButton to="/admin/products" className={BUTTON.quiet}>
            Back to List
          </NavigateButton>
        </div>
      </div>

      <section aria-labelledby="description-heading" className="rounded-xl border border-stone-200 bg-white p-4">
        <h2 id="description-heading" className="text-sm font-semibold uppercase tracking-wide text-stone-600">
          Description
        </h2>
        <p className="mt-2 whitespace-pre-line text-stone-800">{product.description.trim() || "No description available."}</p>
      </section>

      <Tabs base={base} current={tab} />
      <div
        role="tabpanel"
        id={`panel-${tab}`}
        aria-labelledby={`tab-${tab}`}
        tabIndex={0}
        className="rounded-xl border border-stone-200 bg-white p-4 focus:outline-2 focus:outline-leather-600"
      >
        {tab === "overview" && <OverviewPanel product={product} />}
        {tab === "variants" && <VariantsPanel product={product} />}
        {tab === "media" && <MediaPanel product={product} />}
        {tab === "stock" && <StockPanel product={product} />}
      </div>

      {confirmDelete && (
        <ConfirmDialog
          title={`Delete ${product.name}?`}
          message={DELETE_PRODUCT_CONFIRM}
          cancelTo={here}
          error={actionData && !actionData.ok ? actionData.message : null}
          action={base}
          fields={{ intent: "delete" }}
          confirmLabel="Delete Product"
          busy={deleting}
        />
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError backTo={{ to: "/admin/products", label: "Back to Products" }} />;
}
