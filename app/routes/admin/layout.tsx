import { useEffect, useRef } from "react";
import { NavLink, Outlet, useLocation, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/layout";
import { requireAdmin } from "~/modules/accounts/session.server";
import { adminRoleLabel, isMainAdminRole } from "~/modules/accounts/roles";
import type { AdminRole } from "~/lib/db/value-lists";
import { RouteError } from "~/components/ui/route-error";
import { FlashBanner } from "~/components/ui/flash-banner";
import type { loader as rootLoader } from "~/root";
import { TIME_ZONE_NOTE } from "~/lib/admin-date";
import { isUnanswered } from "~/lib/unanswered";
import { navItem } from "~/components/admin/control-styles";

export const ADMIN_LINKS = [
  { to: "/admin/products", label: "Products" },
  { to: "/admin/categories", label: "Categories" },
  { to: "/admin/orders", label: "Orders" },
  { to: "/admin/contactsubmissions", label: "Contact Submissions" },
  { to: "/admin/managesubscriptions", label: "Manage Subscriptions" },
  { to: "/admin/createadmin", label: "Create Admin" },
  { to: "/admin/adminlist", label: "Admin List" },
  { to: "/admin/settings", label: "Settings" },
  // Main admins only: the others are refused there (docs/decisions/0051, 0053).
  { to: "/admin/backups", label: "Backups", mainAdminOnly: true },
  { to: "/admin/trash", label: "Trash", mainAdminOnly: true },
] as const;

export function meta() {
  return [{ title: "Admin Panel | Chamra Leather" }, { name: "robots", content: "noindex" }];
}

/** The guard of the back office (every admin loader and action calls requireAdmin too). */
/** A save that got no answer changed nothing this layout shows, and reading it again would fail too. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return isUnanswered(actionResult) ? false : defaultShouldRevalidate;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context.auth);
  return { user: { firstName: user.firstName, email: user.email, role: user.role } };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  // On a phone the menu folds away once a screen is chosen.
  const menu = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname]);
  // A new flash comes with fresh root data (after a form); the same text twice in a row shows twice.
  const flash = useRef({ data: root, count: 0 });
  if (flash.current.data !== root) flash.current = { data: root, count: flash.current.count + 1 };
  return (
    <div className="min-h-screen bg-stone-100 md:flex">
      {/* The side menu: a column on a laptop; on a phone a bar whose Menu button folds the links out.
          Its title is one element at every size, so "Admin Panel" is found, and seen, once. */}
      <aside className="relative border-b border-leather-800 bg-leather-900 text-leather-100 md:w-64 md:shrink-0 md:border-b-0">
        <p className="px-4 py-3 font-serif text-lg text-white md:px-5 md:py-5 md:text-xl">Admin Panel</p>
        <details ref={menu} className="md:hidden">
          <summary
            role="button"
            className="absolute top-1 right-2 flex min-h-11 cursor-pointer list-none items-center rounded-md px-3 text-sm text-leather-200 hover:bg-leather-800"
          >
            Menu
          </summary>
          <AdminNav pathname={pathname} role={loaderData.user.role} />
        </details>
        <div className="hidden md:block">
          <AdminNav pathname={pathname} role={loaderData.user.role} />
        </div>
      </aside>
      {/* min-w-0: the column is as wide as the window leaves it; its lists become cards below 1024 px (components/admin/index-table.tsx). */}
      <div className="min-w-0 flex-1">
        <header className="flex items-center justify-between border-b border-stone-200 bg-white px-5 py-3">
          <a href="/" className="text-sm text-leather-700 underline">
            View shop
          </a>
          <p className="text-sm text-stone-700">
            {loaderData.user.firstName || loaderData.user.email} · {adminRoleLabel[loaderData.user.role]}
            <span className="ml-2 hidden text-xs text-stone-500 sm:inline">{TIME_ZONE_NOTE}</span>
          </p>
        </header>
        <FlashBanner key={flash.current.count} flash={root?.flash} />
        <main className="p-5">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

function AdminNav({ pathname, role }: { pathname: string; role: AdminRole }) {
  return (
    <nav aria-label="Admin">
      <ul className="space-y-1 px-3 pb-4">
        <li>
          <NavLink to="/admin" end className={({ isActive }) => navItem(isActive)}>
            Dashboard
          </NavLink>
        </li>
        {ADMIN_LINKS.filter((l) => !("mainAdminOnly" in l) || isMainAdminRole(role)).map((l) => (
          <li key={l.to}>
            <NavLink to={l.to} className={navItem(pathname.startsWith(l.to))}>
              {l.label}
            </NavLink>
          </li>
        ))}
        <li>
          <form method="post" action="/logout">
            <button type="submit" className={navItem()}>
              Log out
            </button>
          </form>
        </li>
        <li>
          <form method="post" action="/logout">
            <input type="hidden" name="everywhere" value="1" />
            <button type="submit" className={`${navItem()} text-leather-200 hover:text-white`}>
              Sign out of all devices
            </button>
          </form>
        </li>
      </ul>
    </nav>
  );
}

export function ErrorBoundary() {
  return <RouteError backTo={{ to: "/admin", label: "Back to the Admin Panel" }} />;
}
