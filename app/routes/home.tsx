import { Suspense } from "react";
import { Await, data, Link } from "react-router";
import type { Route } from "./+types/home";
import { logger } from "~/lib/logger.server";
import { deferred } from "~/lib/deferred";
import { publicUrlFrom, seo } from "~/lib/seo";
import { LISTS_TAG, productTag, UNCACHEABLE_TAG } from "~/modules/cache/page-cache.server";
import { BRAND } from "~/lib/brand";
import { cachedCategories, cachedNewestCategory, cachedProductCards } from "~/modules/cache/catalog-read-cache.server";
import { imageSrcSet, imageUrl } from "~/modules/media/media-url";
import { Img } from "~/components/ui/img";
import { PRODUCT_GRID_CLASS, ProductCard } from "~/components/storefront/product-card";
import { CategoryGrid, CategoryGridError, CategoryGridSkeleton, NoCategories } from "~/components/storefront/category-grid";
import { RouteError } from "~/components/ui/route-error";
import { FormAlert, RetryLink } from "~/components/ui/field";

export const FEATURED_LIMIT = 8;

export function meta({ matches }: Route.MetaArgs) {
  return seo(publicUrlFrom(matches), {
    title: `${BRAND.fullName} | Handcrafted leather goods from Pakistan`,
    description: "Handcrafted leather wallets, bags, belts, office pieces, backpacks and shoes. Free delivery across Pakistan, cash on delivery.",
    path: "/",
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.db;
  const tags = context.cacheTags;
  tags?.add(LISTS_TAG);
  // Categories are not critical: on a client-side visit they stream in behind skeleton cards.
  const categories = deferred(
    cachedCategories(db).catch((error: unknown) => {
      logger.error({ err: error }, "categories failed to load");
      tags?.add(UNCACHEABLE_TAG);
      throw new Error("Failed to load categories");
    }),
  );
  const [featured, latest] = await Promise.all([
    cachedProductCards(db, { featuredOnly: true, pageSize: FEATURED_LIMIT, withTotal: false }).then(
      (r) => {
        for (const item of r.items) tags?.add(productTag(item.id));
        return { ok: true as const, items: r.items };
      },
      (error: unknown) => {
        logger.error({ err: error }, "featured products failed to load");
        tags?.add(UNCACHEABLE_TAG);
        return { ok: false as const, message: "the server did not answer" };
      },
    ),
    cachedNewestCategory(db).catch((error: unknown) => {
      logger.error({ err: error }, "latest category failed to load");
      tags?.add(UNCACHEABLE_TAG);
      return { id: "shop", name: "New Arrivals", image: null };
    }),
  ]);
  return data({ categories, featured, latest });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { categories, featured, latest } = loaderData;
  const latestHref = latest && latest.id !== "shop" ? `/shop/category/${latest.id}` : "/shop";
  return (
    <>
      <section className="bg-gradient-to-br from-leather-800 to-leather-900 text-white">
        <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-12 md:grid-cols-2 md:py-20">
          <div>
            <p className="text-sm uppercase tracking-[0.2em] text-leather-200">Handcrafted in Pakistan</p>
            <h1 className="mt-3 font-serif text-4xl font-semibold leading-tight md:text-6xl">A Refined Lifestyle</h1>
            <p className="mt-4 max-w-md text-lg text-leather-100">
              Full-grain leather, cut and stitched by hand. Free delivery across Pakistan and cash on delivery.
            </p>
            <Link to="/shop" className="mt-8 inline-block rounded-md bg-leather-200 px-6 py-3 font-semibold text-leather-900 hover:bg-white">
              Shop Now
            </Link>
          </div>
          <Link to={latestHref} className="group flex items-center gap-4 rounded-2xl bg-white/10 p-4 ring-1 ring-white/20 hover:bg-white/15">
            <div className="h-28 w-28 shrink-0 overflow-hidden rounded-xl bg-leather-100 sm:h-36 sm:w-36">
              <Img
                src={imageUrl(latest?.image, 320)}
                srcSet={imageSrcSet(latest?.image)}
                sizes="144px"
                alt=""
                width={144}
                height={144}
                priority
                className="h-full w-full object-cover"
              />
            </div>
            <div>
              <p className="text-xs uppercase tracking-widest text-leather-200">Latest collection</p>
              <h2 className="mt-1 font-serif text-2xl">{latest?.name ?? "Featured Products"}</h2>
              <p className="mt-2 text-sm text-leather-100 group-hover:underline">Explore the collection →</p>
            </div>
          </Link>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby="categories-heading">
        <h2 id="categories-heading" className="mb-6 font-serif text-3xl text-leather-800">
          Shop by Category
        </h2>
        <Suspense fallback={<CategoryGridSkeleton />}>
          <Await resolve={categories} errorElement={<CategoryGridError />}>
            {(list) => (list.length ? <CategoryGrid categories={list} /> : <NoCategories />)}
          </Await>
        </Suspense>
      </section>

      <section className="mx-auto max-w-7xl px-4 pb-8" aria-labelledby="featured-heading">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
          <div>
            <p className="text-sm uppercase tracking-widest text-leather-600">Exclusive leather</p>
            <h2 id="featured-heading" className="font-serif text-3xl text-leather-800">
              Featured Products
            </h2>
          </div>
          <Link to="/shop" className="rounded-md border border-leather-300 px-4 py-2 text-sm font-medium text-leather-800 hover:bg-leather-100">
            View All Products
          </Link>
        </div>
        {!featured.ok ? (
          <FormAlert message={`Failed to load products: ${featured.message}`} action={<RetryLink />} />
        ) : featured.items.length === 0 ? (
          <p className="rounded-xl border border-dashed border-leather-300 bg-white px-6 py-10 text-center text-stone-700">
            No products found. Add some products from the admin panel.
          </p>
        ) : (
          <div className={PRODUCT_GRID_CLASS}>
            {featured.items.map((p) => (
              <ProductCard key={p.id} product={p} />
            ))}
          </div>
        )}
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <RouteError />;
}
