import { data, Form, Link } from "react-router";
import type { Route } from "./+types/not-found";
import { logger } from "~/lib/logger.server";
import { publicUrlFrom, seo } from "~/lib/seo";
import { cachedCategories } from "~/modules/cache/catalog-read-cache.server";
import { SearchIcon } from "~/components/ui/icons";

/** Every unknown path: the not-found page, answered with HTTP 404, with ways on (search, categories). */
export async function loader({ context }: Route.LoaderArgs) {
  const categories = await cachedCategories(context.db).catch((error: unknown) => {
    logger.error({ err: error }, "categories failed to load for the not-found page");
    return [];
  });
  return data({ categories: categories.map((c) => ({ id: c.id, name: c.name.trim() || "Unnamed Category" })) }, { status: 404 });
}

export function meta({ matches, location }: Route.MetaArgs) {
  return seo(publicUrlFrom(matches), {
    title: "Page Not Found",
    description: "The page you were looking for does not exist.",
    path: location.pathname,
    noindex: true,
  });
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  const categories = loaderData?.categories ?? [];
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="font-serif text-7xl font-semibold text-leather-700">404</p>
      <h1 className="mt-4 font-serif text-3xl text-stone-900">Page Not Found</h1>
      <p className="mt-3 text-stone-700">The page you were looking for has moved or never existed.</p>
      <Link to="/" className="mt-8 inline-block rounded-md bg-leather-700 px-6 py-3 font-medium text-white hover:bg-leather-800">
        Go Home
      </Link>
      <Form method="get" action="/shop" role="search" className="relative mx-auto mt-10 max-w-md text-left">
        <label htmlFor="not-found-search" className="text-sm font-medium text-stone-800">
          Search the shop
        </label>
        <input
          id="not-found-search"
          type="search"
          name="q"
          placeholder="Search by name or description..."
          className="mt-1 w-full rounded-md border border-leather-300 bg-white py-2.5 pl-3 pr-11 text-stone-900 placeholder:text-stone-600"
        />
        <button type="submit" className="absolute bottom-0 right-0 flex h-11 w-11 items-center justify-center text-stone-600">
          <SearchIcon />
          <span className="sr-only">Search</span>
        </button>
      </Form>
      {categories.length > 0 && (
        <nav aria-label="Browse categories" className="mt-8">
          <h2 className="text-sm font-medium text-stone-800">Or browse a category</h2>
          <ul className="mt-3 flex flex-wrap justify-center gap-2">
            {categories.map((c) => (
              <li key={c.id}>
                <Link
                  to={`/shop/category/${c.id}`}
                  className="inline-block rounded-full border border-leather-300 bg-white px-4 py-2 text-sm font-medium text-leather-800 hover:bg-leather-100"
                >
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </section>
  );
}
