import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/products";
import { actionFailure } from "~/lib/action-failure.server";
import { parseForm } from "~/lib/form-refusal.server";
import { flashCookie } from "~/lib/flash.server";
import { localPath } from "~/lib/local-path";
import { formatAdminDate } from "~/lib/admin-date";
import { requireAdmin } from "~/modules/accounts/session.server";
import { deletedByOf } from "~/modules/trash/trash.server";
import { deleteProduct, listAdminProducts, listCategoryChoices } from "~/modules/catalog/admin-products.server";
import {
  ADMIN_PRODUCTS_PAGE_SIZE,
  adminProductsQuerySchema,
  DELETE_PRODUCT_CONFIRM,
  deleteProductSchema,
  PRODUCT_DELETE_FAILED,
  PRODUCT_DELETED,
} from "~/modules/catalog/admin-products.schema";
import { imageUrl } from "~/modules/media/media-url";
import { Img } from "~/components/ui/img";
import { RouteError } from "~/components/ui/route-error";
import { PriceRange } from "~/components/admin/price-range";
import { ConfirmButton } from "~/components/admin/confirm-button";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { FilterPanel, FilterSelect, Pager } from "~/components/admin/list-controls";
import { IndexCell, IndexRow, IndexTable, RowActions } from "~/components/admin/index-table";
import { BUTTON } from "~/components/admin/control-styles";
import { StatusBadge } from "~/components/admin/status-badge";
import { adminMeta } from "~/lib/seo";
import { FormAlert, TextField } from "~/components/ui/field";
import { pageCountOf } from "~/lib/paging";

export const meta = () => adminMeta("Products");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context.auth);
  const query = adminProductsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const db = context.db;
  const [result, categories] = await Promise.all([
    listAdminProducts(db, {
      q: query.q,
      categoryId: query.category || undefined,
      page: query.page,
      pageSize: ADMIN_PRODUCTS_PAGE_SIZE,
    }),
    listCategoryChoices(db),
  ]);
  return {
    ...result,
    categories,
    q: query.q,
    category: query.category,
    confirmDelete: query.delete ?? null,
  };
}

/** Where to go back to after a delete: the same table address, without the confirmation. */
function listAddress(returnTo: FormDataEntryValue | null): string {
  const local = localPath(returnTo, "http://shop.local");
  if (!local) return "/admin/products";
  const url = new URL(local, "http://shop.local");
  if (url.pathname !== "/admin/products") return "/admin/products";
  url.searchParams.delete("delete");
  return `${url.pathname}${url.search}`;
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireAdmin(request, context.auth);
  const form = await request.formData();
  const parsed = parseForm(deleteProductSchema, form, { ok: false as const, message: PRODUCT_DELETE_FAILED });
  if (!parsed.ok) return parsed.response;
  try {
    await deleteProduct(context.db, parsed.value.id, deletedByOf(staff));
    return redirect(listAddress(form.get("returnTo")), {
      status: 303,
      headers: { "Set-Cookie": flashCookie(request, PRODUCT_DELETED) },
    });
  } catch (error) {
    return actionFailure(error, { msg: "product delete failed", productId: parsed.value.id }, () => ({
      ok: false as const,
      message: PRODUCT_DELETE_FAILED,
    }));
  }
}

function href(params: { q: string; category: string; page?: number; del?: string }) {
  const s = new URLSearchParams();
  if (params.q) s.set("q", params.q);
  if (params.category) s.set("category", params.category);
  if (params.page && params.page > 1) s.set("page", String(params.page));
  if (params.del) s.set("delete", params.del);
  const text = s.toString();
  return text ? `/admin/products?${text}` : "/admin/products";
}

export default function AdminProducts({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, page, pageSize, q, category, categories, confirmDelete } = loaderData;
  const navigation = useNavigation();
  const pageCount = pageCountOf(total, pageSize);
  const here = href({ q, category, page });
  const toDelete = confirmDelete ? items.find((p) => p.id === confirmDelete) : undefined;
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-serif text-3xl text-leather-800">Products</h1>
        <Link to="/admin/products/new" className={BUTTON.primary}>
          Add Product
        </Link>
      </div>

      <FilterPanel active={Boolean(q || category)}>
        <Form method="get" role="search" className="flex flex-col gap-3 p-4 lg:flex-row lg:items-end">
          <div className="flex-1">
            <TextField id="product-search" label="Search products" type="search" name="q" defaultValue={q} placeholder="Search by name or SKU..." />
          </div>
          <FilterSelect
            id="product-category"
            label="Category"
            name="category"
            value={category}
            allLabel="All Categories"
            options={categories.map((c) => ({ value: c.id, label: c.name }))}
            className="w-full lg:w-56"
          />
          <button type="submit" className={BUTTON.primary}>
            Search
          </button>
        </Form>
      </FilterPanel>

      {actionData && !actionData.ok && !toDelete && <FormAlert message={actionData.message} />}

      <p className="text-sm text-stone-700" aria-live="polite">
        {total} {total === 1 ? "product" : "products"}
        {q ? ` matching “${q}”` : ""}
      </p>

      {items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center">
          <p className="text-stone-800">{q || category ? "No products match your search and filter." : "No products yet."}</p>
          {q || category ? (
            <Link to="/admin/products" className="mt-4 inline-block text-leather-700 underline">
              Clear Search & Filters
            </Link>
          ) : (
            <Link to="/admin/products/new" className="mt-4 inline-block text-leather-700 underline">
              Add your first product
            </Link>
          )}
        </div>
      ) : (
        <IndexTable caption="Products, newest first" columns={["Image", "Name", "SKU", "Categories", "Price", "Stock", "Offer", "Added", "Actions"]}>
          {items.map((p) => (
            <IndexRow key={p.id}>
              <IndexCell label="Image" kind="media">
                <Img src={imageUrl(p.image, 320)} alt="" width={48} height={48} className="h-12 w-12 rounded-md object-cover" />
              </IndexCell>
              <IndexCell label="Name" kind="title" className="min-w-40 wrap-anywhere">
                {p.name}
              </IndexCell>
              <IndexCell label="SKU" className="font-mono text-xs wrap-anywhere">
                {p.code || "N/A"}
              </IndexCell>
              <IndexCell label="Categories">{p.categories.length ? p.categories.join(", ") : "Uncategorized"}</IndexCell>
              <IndexCell label="Price">
                <PriceRange range={p.overview.range} />
              </IndexCell>
              <IndexCell label="Stock" className={p.overview.totalStock > 0 ? "text-green-700" : "text-red-700"}>
                {p.overview.totalStock}
              </IndexCell>
              <IndexCell label="Offer">
                {p.overview.onOffer ? <StatusBadge tone="red">On Offer</StatusBadge> : <StatusBadge tone="grey">Standard</StatusBadge>}
              </IndexCell>
              <IndexCell label="Added" phone={false} className="whitespace-nowrap">
                {formatAdminDate(p.createdAt)}
              </IndexCell>
              <IndexCell label="Actions" kind="actions">
                <RowActions>
                  <Link to={`/admin/products/${p.id}/view`} className={BUTTON.row} aria-label={`View ${p.name}`}>
                    View
                  </Link>
                  <Link to={`/admin/products/${p.id}/edit`} className={BUTTON.row} aria-label={`Edit ${p.name}`}>
                    Edit
                  </Link>
                  <ConfirmButton
                    to={href({ q, category, page, del: p.id })}
                    message={DELETE_PRODUCT_CONFIRM}
                    action={here}
                    fields={{ intent: "delete", id: p.id, returnTo: here }}
                    disabled={deleting}
                    className={BUTTON.rowDanger}
                    aria-label={`Delete ${p.name}`}
                  >
                    {deleting && navigation.formData?.get("id") === p.id ? "Deleting..." : "Delete"}
                  </ConfirmButton>
                </RowActions>
              </IndexCell>
            </IndexRow>
          ))}
        </IndexTable>
      )}

      <Pager page={page} pageCount={pageCount} hrefFor={(p) => href({ q, category, page: p })} />

      {toDelete && (
        <ConfirmDialog
          key={toDelete.id}
          title={`Delete ${toDelete.name}?`}
          message={DELETE_PRODUCT_CONFIRM}
          cancelTo={here}
          error={actionData && !actionData.ok ? actionData.message : null}
          action={here}
          fields={{ intent: "delete", id: toDelete.id, returnTo: here }}
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
