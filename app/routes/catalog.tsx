import { Link } from "react-router";
import type { Route } from "./+types/catalog";
import { publicUrlFrom, seo } from "~/lib/seo";
import { RouteError } from "~/components/ui/route-error";

export function meta({ matches }: Route.MetaArgs) {
  return seo(publicUrlFrom(matches), {
    title: "Catalog",
    description: "The Chamra Leather catalog.",
    path: "/catalog",
    noindex: true,
  });
}

/** A placeholder page (docs/product.md#storefront). */
export default function Catalog() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="font-serif text-3xl text-leather-800 md:text-4xl">Welcome to the catalog page.</h1>
      <Link to="/shop" className="mt-8 inline-block rounded-md bg-leather-700 px-6 py-3 font-medium text-white hover:bg-leather-800">
        Browse the Shop
      </Link>
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteError />;
}
