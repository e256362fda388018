import { Outlet, useRouteLoaderData } from "react-router";
import { Navbar } from "~/components/storefront/navbar";
import { Footer } from "~/components/storefront/footer";
import { FlashBanner } from "~/components/ui/flash-banner";
import type { loader as rootLoader } from "~/root";

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
