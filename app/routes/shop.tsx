import { useEffect, useEffectEvent, useRef, type ChangeEvent } from "react";
import { data, Form, Link, redirect, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/shop";
import { logger } from "~/lib/logger.server";
import { publicUrlFrom, seo } from "~/lib/seo";
import { LISTS_TAG, productTag, UNCACHEABLE_TAG } from "~/modules/cache/page-cache.server";
import { getCategory } from "~/modules/catalog/catalog.server";
import { cachedCategories, cachedProductCards } from "~/modules/cache/catalog-read-cache.server";
import { shopQueryOf } from "~/modules/catalog/catalog.schema";
import { SHOP_PAGE_SIZE, SHOP_SORT_LABELS, SHOP_SORTS, shopSearch, type ShopSort } from "~/modules/catalog/shop-listing";
import { PRODUCT_GRID_CLASS, ProductCard } from "~/components/storefront/product-card";
import { RouteError } from "~/components/ui/route-error";
import { SearchIcon } from "~/components/ui/icons";
import { pageNumbers } from "~/components/ui/page-numbers";
import { FormAlert } from "~/components/ui/field";
import { pageCountOf } from "~/lib/paging";
import { withThousands } from "~/lib/thousands";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = shopQueryOf(url.searchParams);
  // The category filter without JavaScript submits ?category=…; give it its proper address.
  if (!params.categoryId && query.category !== undefined) {
    throw redirect(query.category ? `/shop/category/${encodeURIComponent(query.category)}` : "/shop");
  }
  const db = context.db;
  const categoryId = params.categoryId;
  const categories = await cachedCategories(db).catch((error: unknown) => {
    logger.error({ err: error }, "categories failed to load");
    context.cacheTags?.add(UNCACHEABLE_TAG);
    return [];
  });
  // The category comes from the kept list; only an id not in it (unknown, or added a moment ago
  // on another instance) is looked up in the database.
  const category = categoryId ? (categories.find((c) => c.id === categoryId) ?? (await getCategory(db, categoryId))) : undefined;
  if (categoryId && !category) throw data("Category not found", { status: 404 });
  // The filter's choices: a name and its id (the page's data is part of its first round trip).
  const choices = categories.map(({ id, name }) => ({ id, name }));
  try {
    const result = await cachedProductCards(db, { q: query.q, categoryId, sort: query.sort, page: query.page, pageSize: SHOP_PAGE_SIZE });
    context.cacheTags?.add(LISTS_TAG);
    for (const item of result.items) context.cacheTags?.add(productTag(item.id));
    return data({
      ok: true as const,
      ...result,
      q: query.q,
      sort: query.sort,
      categoryId: categoryId ?? "",
      categoryName: category?.name ?? "",
      categories: choices,
    });
  } catch (error) {
    logger.error({ err: error }, "products failed to load");
    return data(
      {
        ok: false as const,
        items: [],
        total: 0,
        page: 1,
        pageSize: SHOP_PAGE_SIZE,
        closeMatches: false,
        q: query.q,
        sort: query.sort,
        categoryId: categoryId ?? "",
        categoryName: category?.name ?? "",
        categories: choices,
      },
      { status: 503 },
    );
  }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const name = loaderData?.categoryName;
  const path = loaderData?.categoryId ? `/shop/category/${loaderData.categoryId}` : "/shop";
  return seo(publicUrlFrom(matches), {
    title: name ? `${name} | Shop` : "Shop all leather goods",
    description: name
      ? `Handcrafted leather ${name.toLowerCase()} from Pakistan. Free delivery, cash on delivery.`
      : "Browse handcrafted leather wallets, bags, belts, office pieces, backpacks and shoes. Free delivery across Pakistan.",
    path,
    noindex: Boolean(loaderData?.q),
  });
}

function pageHref(base: string, q: string, page: number, sort: ShopSort = "newest") {
  return base + shopSearch({ q, sort, page });
}

/** How long the search box waits after the last key before it searches. */
const SEARCH_AS_TYPED_MS = 300;

/**
 * The shop's search box searches as the shopper types (as the original shop's did), a moment after
 * the last key; Enter or the button search at once, and without scripts the form does. The box is
 * left as typed (uncontrolled, so nothing typed before the page's scripts arrive is lost), and
 * takes the address's words when they change by other means (Back, a category, Clear).
 */
function useSearchAsTyped(base: string, q: string, sort: ShopSort) {
  const navigate = useNavigate();
  const box = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const search = (text: string) => {
    const typed = text.trim();
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (typed === q) return;
      // The first word typed is a step of its own (Back leaves the search); refining it is not.
      void navigate(pageHref(base, typed, 1, sort), { replace: q !== "", preventScrollReset: true });
    }, SEARCH_AS_TYPED_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  // Words typed before the page's scripts arrived (they come after its first paint) are searched
  // for as soon as they do.
  const searchWhatWasTyped = useEffectEvent(() => {
    const input = box.current;
    if (input && input.value.trim() !== q) search(input.value);
  });
  // Once, when the page has hydrated.
  useEffect(() => searchWhatWasTyped(), []);
  // The address's words changed by other means (Back, Clear): the box shows them, unless the
  // shopper is typing in it.
  const shown = useRef(q);
  useEffect(() => {
    if (shown.current === q) return;
    shown.current = q;
    const input = box.current;
    if (input && document.activeElement !== input && input.value !== q) input.value = q;
  }, [q]);
  return {
    ref: box,
    onChange: (event: ChangeEvent<HTMLInputElement>) => search(event.currentTarget.value),
    onSubmit: () => clearTimeout(timer.current),
  };
}

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { ok, items, total, page, pageSize, closeMatches, q, sort, categoryId, categoryName, categories } = loaderData;
  const more = loaderData.ok && loaderData.more;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const base = categoryId ? `/shop/category/${categoryId}` : "/shop";
  const pageCount = pageCountOf(total, pageSize);
  const busy = navigation.state === "loading" && navigation.location.pathname.startsWith("/shop");
  const searchAsTyped = useSearchAsTyped(base, q, sort);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="font-serif text-3xl text-leather-800 md:text-4xl">{categoryName || "Shop"}</h1>
      <p className="mt-1 text-stone-700">Handcrafted leather goods, delivered free across Pakistan.</p>

      <div className="mt-6 flex flex-col gap-3 md:flex-row">
        {/* A new category starts with an empty box (the spec: changing the route parameter resets the search text). */}
        <Form method="get" action={base} role="search" className="relative flex-1" key={categoryId} onSubmit={searchAsTyped.onSubmit}>
          {sort !== "newest" && <input type="hidden" name="sort" value={sort} />}
          <label htmlFor="shop-search" className="sr-only">
            Search by name or description
          </label>
          <input
            id="shop-search"
            type="search"
            name="q"
            defaultValue={q}
            ref={searchAsTyped.ref}
            onChange={searchAsTyped.onChange}
            placeholder="Search by name or description..."
            className="w-full rounded-md border border-leather-300 bg-white py-2.5 pl-3 pr-11 text-stone-900 placeholder:text-stone-600"
          />
          <button type="submit" className="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-stone-600">
            <SearchIcon />
            <span className="sr-only">Search</span>
          </button>
        </Form>
        <Form method="get" action="/shop" className="flex gap-2">
          <label htmlFor="shop-category" className="sr-only">
            Category
          </label>
          <select
            id="shop-category"
            name="category"
            value={categoryId}
            onChange={(e) => void navigate(e.target.value ? `/shop/category/${e.target.value}` : "/shop")}
            className="rounded-md border border-leather-300 bg-white px-3 py-2.5 text-stone-900 md:w-56"
          >
            <option value="">All Categories</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <noscript>
            <button type="submit" className="rounded-md bg-leather-700 px-4 py-2 text-white">
              Apply
            </button>
          </noscript>
        </Form>
      </div>
      {/* The orders as links (in the address, drawn by the server, no scripts needed): the page's one
          dropdown is the category's, as the spec has it. */}
      <div role="group" aria-labelledby="shop-sort" className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        <span id="shop-sort" className="text-stone-700">
          Sort by
        </span>
        {SHOP_SORTS.map((s) => (
          <Link
            key={s}
            to={pageHref(base, q, 1, s)}
            preventScrollReset
            aria-current={s === sort ? "true" : undefined}
            className={`rounded-full border px-3 py-1.5 ${s === sort ? "border-leather-700 bg-leather-700 font-medium text-white" : "border-leather-300 bg-white text-stone-800 hover:bg-leather-50"}`}
          >
            {SHOP_SORT_LABELS[s]}
          </Link>
        ))}
      </div>

      {!ok ? (
        <FormAlert message="Failed to load products. Please try again." className="mt-8" />
      ) : items.length === 0 ? (
        <div className="mt-10 rounded-xl border border-dashed border-leather-300 bg-white px-6 py-12 text-center">
          <p className="text-lg text-stone-800">No products found matching your search and filter criteria.</p>
          {/* A button, as the shopper sees it: it sends them back to the whole shop, with or without
              scripts ("all categories" chosen, which the loader answers with /shop itself). */}
          <Form method="get" action="/shop" className="mt-5">
            <input type="hidden" name="category" value="" />
            <button type="submit" className="rounded-md bg-leather-700 px-5 py-2.5 font-medium text-white hover:bg-leather-800">
              Clear Search & Filters
            </button>
          </Form>
        </div>
      ) : (
        <>
          <p className="mt-6 text-sm text-stone-700" aria-live="polite">
            {more ? "More than " : ""}
            {withThousands(total)} {total === 1 ? "product" : "products"}
            {q ? (closeMatches ? ` with words close to “${q}”` : ` matching “${q}”`) : ""}
          </p>
          <div className={`mt-3 ${PRODUCT_GRID_CLASS} ${busy ? "opacity-60" : ""}`}>
            {items.map((p, i) => (
              <ProductCard key={p.id} product={p} priority={i < 2} headingLevel={2} />
            ))}
          </div>
          {pageCount > 1 && (
            <nav aria-label="Pages" className="mt-8 flex flex-wrap items-center justify-center gap-2">
              {page > 1 ? (
                <Link to={pageHref(base, q, page - 1, sort)} className="rounded-md border border-leather-300 bg-white px-4 py-2 text-sm font-medium">
                  Previous
                </Link>
              ) : null}
              {pageNumbers(page, pageCount).map((n, i) =>
                n === null ? (
                  <span key={`gap-${i}`} aria-hidden="true" className="px-1 text-stone-600">
                    …
                  </span>
                ) : n === page ? (
                  <span
                    key={n}
                    aria-current="page"
                    className="min-w-10 rounded-md bg-leather-700 px-3 py-2 text-center text-sm font-semibold text-white"
                  >
                    <span className="sr-only">Page </span>
                    {n}
                  </span>
                ) : (
                  <Link
                    key={n}
                    to={pageHref(base, q, n, sort)}
                    className="min-w-10 rounded-md border border-leather-300 bg-white px-3 py-2 text-center text-sm font-medium"
                    aria-label={`Page ${n}`}
                  >
                    {n}
                  </Link>
                ),
              )}
              {page < pageCount ? (
                <Link to={pageHref(base, q, page + 1, sort)} className="rounded-md border border-leather-300 bg-white px-4 py-2 text-sm font-medium">
                  Next
                </Link>
              ) : null}
              <span className="sr-only">
                Page {page} of {pageCount}
              </span>
            </nav>
          )}
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError backTo={{ to: "/shop", label: "Back to Shop" }} />;
}
