import { useRef, type KeyboardEvent } from "react";
import { data, Link, redirect, useNavigate, useNavigation, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/products-view";
import { isDomainError } from "~/lib/errors";
import { actionFailure } from "~/lib/action-failure.server";
import { flashCookie } from "~/lib/flash.server";
import { formatAdminDate } from "~/lib/admin-date";
import { requireAdmin } from "~/modules/accounts/session.server";
import { deletedByOf } from "~/modules/trash/trash.server";
import { deleteProduct, getAdminProductView } from "~/modules/catalog/admin-products.server";
import {
  DELETE_PRODUCT_CONFIRM,
  PRODUCT_DELETE_FAILED,
  PRODUCT_DELETED,
  productViewQuerySchema,
  productViewTabs,
  type ProductViewTab,
} from "~/modules/catalog/admin-products.schema";
import { isOnOffer, sortSizes } from "~/modules/catalog/product-rules";
import { imageSrcSet, imageUrl, videoUrl } from "~/modules/media/media-url";
import { Img } from "~/components/ui/img";
import { NavigateButton } from "~/components/ui/navigate-button";
import { FormAlert } from "~/components/ui/field";
import { Price } from "~/components/ui/price";
import { RouteError } from "~/components/ui/route-error";
import { PriceRange } from "~/components/admin/price-range";
import { ConfirmButton } from "~/components/admin/confirm-button";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { BUTTON } from "~/components/admin/control-styles";
import { StatusBadge } from "~/components/admin/status-badge";
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
  if (form.get("intent") !== "delete") return data({ ok: false as const, message: PRODUCT_DELETE_FAILED }, { status: 400 });
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

const tabLabels: Record<ProductViewTab, string> = { overview: "Overview", variants: "Variants", media: "Media", stock: "Stock" };

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

type Product = NonNullable<Route.ComponentProps["loaderData"]["product"]>;

/** Tabs as links (`?tab=…`), so they work without JavaScript; arrow keys move between them. */
function Tabs({ base, current }: { base: string; current: ProductViewTab }) {
  const navigate = useNavigate();
  const refs = useRef<Record<string, HTMLAnchorElement | null>>({});
  const hrefOf = (t: ProductViewTab) => (t === "overview" ? base : `${base}?tab=${t}`);
  function onKeyDown(event: KeyboardEvent<HTMLAnchorElement>) {
    const index = productViewTabs.indexOf(current);
    const last = productViewTabs.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const t = productViewTabs[next];
    refs.current[t]?.focus();
    void navigate(hrefOf(t), { replace: true, preventScrollReset: true });
  }
  return (
    <div role="tablist" aria-label="Product details" className="flex gap-1 border-b border-stone-200">
      {productViewTabs.map((t) => (
        <Link
          key={t}
          ref={(el) => {
            refs.current[t] = el;
          }}
          id={`tab-${t}`}
          role="tab"
          to={hrefOf(t)}
          replace
          preventScrollReset
          aria-selected={t === current}
          onKeyDown={onKeyDown}
          aria-controls={t === current ? `panel-${t}` : undefined}
          tabIndex={t === current ? 0 : -1}
          className={`-mb-px flex-1 rounded-t-md border px-2 py-2.5 text-center text-sm font-medium sm:flex-none sm:px-4 ${
            t === current ? "border-stone-200 border-b-white bg-white text-leather-800" : "border-transparent text-stone-600 hover:text-leather-700"
          }`}
        >
          {tabLabels[t]}
        </Link>
      ))}
    </div>
  );
}

function Card({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="rounded-lg border border-stone-200 p-4">
      <h3 className="text-sm text-stone-600">{label}</h3>
      <div className="mt-1 text-lg font-semibold text-stone-900">{children}</div>
    </div>
  );
}

function OverviewPanel({ product }: { product: Product }) {
  const { overview } = product;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <Card label="Price Range">
        <PriceRange range={overview.range} />
      </Card>
      <Card label="Total Stock">
        <span className={overview.totalStock > 0 ? "text-green-700" : "text-red-700"}>{overview.totalStock} units</span>
      </Card>
      <Card label="Variants">{overview.variantCount}</Card>
      <Card label="Offer Status">{overview.onOffer ? <span className="text-red-700">On Offer</span> : "Standard"}</Card>
    </div>
  );
}

function OfferBadge({ on }: { on: boolean }) {
  return on ? <StatusBadge tone="red">On Offer</StatusBadge> : <StatusBadge tone="grey">Standard</StatusBadge>;
}

const units = (rows: { qty: number }[]) => rows.reduce((s, r) => s + r.qty, 0);

function VariantsPanel({ product }: { product: Product }) {
  if (product.variants.length === 0) return <p className="text-stone-700">No variants.</p>;
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {product.variants.map((v) => (
        <li key={v.id} className="rounded-lg border border-stone-200 p-4">
          <div className="flex items-center justify-between gap-2">
            <h3 className="min-w-0 font-semibold wrap-anywhere text-stone-900">{v.name}</h3>
            <OfferBadge on={isOnOffer(v)} />
          </div>
          <dl className="mt-3 space-y-1 text-sm">
            <div className="flex gap-2">
              <dt className="text-stone-600">Price:</dt>
              <dd>
                <Price variant={v} />
              </dd>
            </div>
            <div className="flex gap-2">
              <dt className="text-stone-600">Sole colour:</dt>
              <dd>{v.soleColor || "N/A"}</dd>
            </div>
            <div className="flex gap-2">
              <dt className="text-stone-600">Stock:</dt>
              <dd>{units(v.stock)} units</dd>
            </div>
          </dl>
          {v.stock.length > 0 && (
            <ul aria-label={`Stock by size of ${v.name}`} className="mt-3 flex flex-wrap gap-2">
              {sortSizes(v.stock, (s) => s.size).map((s) => (
                <li key={s.id} className="rounded-full bg-stone-100 px-2.5 py-0.5 text-xs text-stone-800">
                  {s.size.trim() || "No Size"}: {s.qty}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

function MediaPanel({ product }: { product: Product }) {
  const videos = product.variants.flatMap((v) => v.videos.map((vid) => ({ ...vid, variant: v.name })));
  // As the spec has it: images per variant (each variant's, or that none are available), then the videos.
  return (
    <div className="space-y-6">
      <section aria-labelledby="images-heading">
        <h3 id="images-heading" className="font-semibold text-stone-900">
          Images
        </h3>
        {product.variants.map((v) => (
          <section key={v.id} aria-labelledby={`images-${v.id}`} className="mt-3">
            <h4 id={`images-${v.id}`} className="text-sm font-medium text-stone-800">
              {v.name || "Unnamed variant"}
            </h4>
            {v.images.length === 0 ? (
              <p className="mt-1 text-stone-700">No images available.</p>
            ) : (
              <ul className="mt-2 flex flex-wrap gap-3">
                {v.images.map((img, i) => (
                  <li key={img.id}>
                    <Img
                      src={imageUrl(img, 320)}
                      srcSet={imageSrcSet(img)}
                      sizes="128px"
                      alt={`${product.name}, ${v.name}, image ${i + 1}`}
                      width={128}
                      height={128}
                      className="h-32 w-32 rounded-md border border-stone-200 object-cover"
                    />
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </section>
      <section aria-labelledby="videos-heading">
        <h3 id="videos-heading" className="font-semibold text-stone-900">
          Videos
        </h3>
        {videos.length === 0 ? (
          <p className="mt-2 text-stone-700">No videos available.</p>
        ) : (
          <ul className="mt-2 grid gap-3 md:grid-cols-2">
            {videos.map((vid) => (
              <li key={vid.id}>
                <video controls preload="metadata" className="w-full rounded-md bg-black" aria-label={`${product.name}, ${vid.variant}, video`}>
                  <source src={videoUrl(vid.key)} type={vid.contentType} />
                </video>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function StockPanel({ product }: { product: Product }) {
  const withStock = product.variants.filter((v) => v.stock.length > 0);
  if (withStock.length === 0) return <p className="text-stone-700">No stock information available.</p>;
  return (
    <div className="space-y-4">
      {withStock.map((v) => (
        <section key={v.id} aria-labelledby={`stock-${v.id}`} className="rounded-lg border border-stone-200 p-4">
          <h3 id={`stock-${v.id}`} className="flex justify-between gap-3 font-semibold text-stone-900">
            <span className="min-w-0 wrap-anywhere">{v.name}</span>
            <span className={units(v.stock) > 0 ? "text-green-700" : "text-red-700"}>{units(v.stock)} units</span>
          </h3>
          <table className="mt-2 w-full max-w-sm text-sm">
            <thead>
              <tr className="text-left text-stone-600">
                <th scope="col" className="py-1">
                  Size
                </th>
                <th scope="col" className="py-1">
                  Quantity
                </th>
              </tr>
            </thead>
            <tbody>
              {sortSizes(v.stock, (s) => s.size).map((s) => (
                <tr key={s.id} className="border-t border-stone-100">
                  <td className="py-1">{s.size.trim() || "No Size"}</td>
                  <td className={`py-1 ${s.qty > 0 ? "" : "text-red-700"}`}>{s.qty}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError backTo={{ to: "/admin/products", label: "Back to Products" }} />;
}
