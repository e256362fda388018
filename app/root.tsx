import "~/lib/zod-in-the-browser";
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, type LinksFunction, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/root";
import { useNonce } from "~/lib/nonce";
import { ScrollRestoration } from "~/components/ui/scroll-restoration";
import { getEnv } from "~/config.server";
import { cachedFooterCategories } from "~/modules/cache/catalog-read-cache.server";
import { logger } from "~/lib/logger.server";
import { readFlash } from "~/lib/flash.server";
import { UNCACHEABLE_TAG } from "~/modules/cache/page-cache.server";
import { InlineStyles } from "~/lib/inline-styles";
import { isUnanswered } from "~/lib/unanswered";
import { releaseHeldControls } from "~/lib/needs-script";
import { useEffect } from "react";
import { BrowserHead, KEPT_HEAD, PageTitle, pageTitleOf } from "~/lib/browser-head";
import { PREACT_IN_THE_BROWSER } from "~/lib/browser-renderer";
import { getCurrentUser } from "~/modules/accounts/session.server";
import stylesheetUrl from "./app.css?url";

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  // Built pages carry the styles they use inline and link the whole stylesheet once interactive
  // (<InlineStyles />, see entry.server.tsx); the dev server links it so that style changes show
  // without a reload.
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href: stylesheetUrl }] : []),
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = getEnv();
  // Footer data failing must not take the page down: the footer then shows no categories.
  const [footerCategories, user] = await Promise.all([
    cachedFooterCategories(context.db).catch((error: unknown) => {
      logger.error({ err: error }, "footer categories failed");
      context.cacheTags?.add(UNCACHEABLE_TAG);
      return [];
    }),
    getCurrentUser(request, context.auth).catch((error: unknown) => {
      logger.error({ err: error }, "session lookup failed");
      return null;
    }),
  ]);
  const flash = readFlash(request);
  return data(
    {
      publicUrl: env.publicUrl,
      footerCategories,
      year: new Date().getFullYear(),
      user: user && { firstName: user.firstName, email: user.email, role: user.role },
      flash: flash.flash,
    },
    flash.clear ? { headers: { "Set-Cookie": flash.clear } } : undefined,
  );
}

/**
 * Root data (footer categories, who is signed in) changes only through a form submission
 * (signing in or out), not as a shopper moves from page to page; and not through one whose answer
 * never came (`unanswered`, e.g. checkout.tsx's clientAction): asking again would fail the same way.
 */
export function shouldRevalidate({ formMethod, actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (isUnanswered(actionResult)) return false;
  return formMethod ? defaultShouldRevalidate : false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // The page has hydrated, or drawn its error: the controls held until its scripts took over
  // work now (held-controls.server.ts).
  useEffect(releaseHeldControls, []);
  const body = (
    <body className="min-h-screen">
      {children}
      <ScrollRestoration nonce={nonce} />
      <Scripts nonce={nonce} />
    </body>
  );
  // In a built page's browser preact renders into the document's <html> and keeps the server's
  // head (browser-head.tsx, docs/decisions/0071).
  if (PREACT_IN_THE_BROWSER) {
    return (
      <>
        <head dangerouslySetInnerHTML={KEPT_HEAD} />
        <BrowserHead />
        {body}
      </>
    );
  }
  return (
    // data-brand-font is set by the page's own head script (brand-font.server.ts) once the page is painted, before or
    // after it hydrates: React (under the dev server) is not to mind the attribute it did not draw.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4d3018" />
        <InlineStyles />
        <Meta />
        <Links />
      </head>
      {body}
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = "Something went wrong";
  let detail = "Please try again in a moment.";
  if (isRouteErrorResponse(error)) {
    title = error.status === 404 ? "Page Not Found" : `${error.status} ${error.statusText}`;
    detail = typeof error.data === "string" && error.data ? error.data : detail;
  }
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center" {...pageTitleOf(`${title} | Chamra Leather`)}>
      <PageTitle title={`${title} | Chamra Leather`} />
      <h1 className="font-serif text-3xl text-leather-800">{title}</h1>
      <p className="mt-4 text-stone-700">{detail}</p>
      <a href="/" className="mt-8 inline-block rounded-md bg-leather-700 px-5 py-3 font-medium text-white">
        Go Home
      </a>
    </main>
  );
}
