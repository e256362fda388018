import { Outlet, useRouteLoaderData, type LinksFunction } from "react-router";
import { Navbar } from "~/components/storefront/navbar";
import { Footer } from "~/components/storefront/footer";
import { FlashBanner } from "~/components/ui/flash-banner";
import type { loader as rootLoader } from "~/root";
import brandFont600 from "@fontsource/fraunces/files/fraunces-latin-600-normal.woff2?url";

/**
 * The one font file the first paint of every storefront page draws with: the brand's name in the bar
 * (and most pages' heading) is Fraunces 600. Fraunces 400 loads when a page uses it, without a
 * preload (app.css, docs/decisions/0058).
 */
export const links: LinksFunction = () => [{ rel: "preload", href: brandFont600, as: "font", type: "font/woff2", crossOrigin: "anonymous" }];

export default function StorefrontLayout() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Navbar user={root?.user ?? null} />
      <FlashBanner flash={root?.flash} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer categories={root?.footerCategories ?? []} year={root?.year ?? new Date().getFullYear()} />
    </div>
  );
}
