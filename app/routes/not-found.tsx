import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";
import { publicUrlFrom, seo } from "~/lib/seo";

/** Every unknown path: the not-found page, answered with HTTP 404. */
export function loader() {
  return data(null, { status: 404 });
}

export function meta({ matches, location }: Route.MetaArgs) {
  return seo(publicUrlFrom(matches), {
    title: "Page Not Found",
    description: "The page you were looking for does not exist.",
    path: location.pathname,
    noindex: true,
  });
}

export default function NotFound() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="font-serif text-7xl font-semibold text-leather-700">404</p>
      <h1 className="mt-4 font-serif text-3xl text-stone-900">Page Not Found</h1>
      <p className="mt-3 text-stone-700">The page you were looking for has moved or never existed.</p>
      <Link to="/" className="mt-8 inline-block rounded-md bg-leather-700 px-6 py-3 font-medium text-white hover:bg-leather-800">
        Go Home
      </Link>
    </section>
  );
}
