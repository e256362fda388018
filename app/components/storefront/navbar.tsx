import { useEffect, useRef, useState, type RefObject } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { BRAND } from "~/lib/brand";
import { useMarkupCache } from "~/modules/cache/markup-cache";
import { LogoMark } from "~/components/ui/logo";
import { NavigateButton } from "~/components/ui/navigate-button";
import { CartIcon, MenuIcon, SearchIcon, UserIcon } from "~/components/ui/icons";
import { isActiveLink, NAV_LINKS } from "./nav-links";
import { useStoredCart } from "./use-cart-count";
import { cartCount } from "~/modules/cart/cart-storage";
import { isAdminRole } from "~/modules/accounts/roles";

/** The width from which the bar shows its links inline (Tailwind's `md`). */
const WIDE = "(min-width: 48rem)";

function linkClass(active: boolean) {
  return `rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    active ? "bg-leather-100 text-leather-800" : "text-stone-700 hover:bg-leather-100 hover:text-leather-800"
  }`;
}

function SearchBox({ id }: { id: string }) {
  return (
    <Form method="get" action="/shop" role="search" className="relative">
      <label htmlFor={id} className="sr-only">
        Search Products
      </label>
      <input
        id={id}
        type="search"
        name="q"
        placeholder="Search Products"
        className="w-full rounded-full border border-leather-200 bg-white py-2 pl-4 pr-10 text-sm text-stone-900 placeholder:text-stone-600 focus:border-leather-500"
      />
      <button type="submit" className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-stone-600">
        <SearchIcon />
        <span className="sr-only">Search</span>
      </button>
    </Form>
  );
}

export interface NavUser {
  firstName: string;
  email: string;
  role: string;
}

/** Signed in: a small menu with My orders, My account, the back office (staff) and Log out. Works without JavaScript. */
function ProfileMenu({ user }: { user: NavUser }) {
  return (
    <details className="relative hidden md:block">
      {/* A button to assistive technology and to a search by role, as the spec's "profile button". */}
      <summary
        role="button"
        className="flex cursor-pointer list-none items-center rounded-full p-2 text-stone-700 hover:bg-leather-100"
        aria-label="Profile"
      >
        <UserIcon />
      </summary>
      <div className="absolute right-0 mt-2 w-56 rounded-lg border border-leather-200 bg-white p-2 shadow-lg">
        <p className="truncate px-3 py-2 text-sm text-stone-700">
          Signed in as <span className="font-medium text-stone-900">{user.firstName || user.email}</span>
        </p>
        <Link to="/account/orders" className="block rounded-md px-3 py-2 text-sm text-stone-800 hover:bg-leather-100">
          My orders
        </Link>
        <Link to="/account" className="block rounded-md px-3 py-2 text-sm text-stone-800 hover:bg-leather-100">
          My account
        </Link>
        {isAdminRole(user.role) && (
          <Link to="/admin" className="block rounded-md px-3 py-2 text-sm text-stone-800 hover:bg-leather-100">
            Admin Panel
          </Link>
        )}
        <Form method="post" action="/logout">
          <button type="submit" className="w-full rounded-md px-3 py-2 text-left text-sm text-stone-800 hover:bg-leather-100">
            Log out
          </button>
        </Form>
      </div>
    </details>
  );
}

/**
 * True for a moment after `value` grows (the cart count after an item is added), to draw the eye
 * to it; not when it is first read (null until then) as the page loads.
 */
function useBump(value: number | null, ms = 1000): boolean {
  const previous = useRef(value);
  const [bumped, setBumped] = useState(false);
  useEffect(() => {
    const grew = value !== null && previous.current !== null && value > previous.current;
    previous.current = value;
    if (!grew) return;
    setBumped(true);
    const timer = setTimeout(() => setBumped(false), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return bumped;
}

/**
 * Opaque, without a blur of the page behind it: a blurred bar was redrawn with the page under it at
 * every frame, and the phone's panel opening in it took a slow phone's tap 140–180 ms to show
 * (issue 35: INP at most 100 ms).
 */
const HEADER_CLASS = "sticky top-0 z-40 border-b border-leather-200 bg-leather-50";

/**
 * The storefront's bar. The server draws it once for each way it can look, the links active on
 * this page and who is signed in (modules/cache/markup-cache.tsx); before the page's scripts run it holds no
 * cart count and its menu is closed, wherever it is drawn.
 */
export function Navbar({ user }: { user: NavUser | null }) {
  const keep = useMarkupCache();
  const { pathname } = useLocation();
  if (keep) {
    const active = [...NAV_LINKS.map((l) => l.to), "/cart", "/login"].filter((to) => isActiveLink(to, pathname));
    const html = keep(`navbar:${active.join(" ")}:${user ? JSON.stringify(user) : ""}`, <NavbarContent user={user} />, pathname);
    return <header className={HEADER_CLASS} dangerouslySetInnerHTML={{ __html: html }} />;
  }
  return (
    <header className={HEADER_CLASS}>
      <NavbarContent user={user} />
    </header>
  );
}

/**
 * While the phone's panel is open over the page, Escape closes it (and gives the focus back to its
 * button, if the focus was in the panel), and so does a tap on the page outside the bar.
 */
function useCloseOnEscapeOrOutside(open: boolean, button: RefObject<HTMLButtonElement | null>, setOpen: (open: boolean) => void) {
  useEffect(() => {
    if (!open) return;
    const header = button.current?.closest("header");
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      const wasInside = header?.contains(document.activeElement);
      setOpen(false);
      if (wasInside) button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (header && event.target instanceof Node && !header.contains(event.target)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open, button, setOpen]);
}

function NavbarContent({ user }: { user: NavUser | null }) {
  const { pathname, key } = useLocation();
  const [open, setOpen] = useState(false);
  const stored = useStoredCart();
  const count = cartCount(stored ?? []);
  const bumped = useBump(stored ? count : null);
  // Any navigation closes the phone's panel, to the page shown too (its Cart while on the cart).
  // Its buttons cannot close it as they are pressed: their form would be gone before it submits.
  useEffect(() => setOpen(false), [key]);
  // The panel is the phone's: it closes when the window grows to the bar's full width.
  useEffect(() => {
    const wide = window.matchMedia(WIDE);
    const close = () => wide.matches && setOpen(false);
    wide.addEventListener("change", close);
    return () => wide.removeEventListener("change", close);
  }, []);
  const menuButton = useRef<HTMLButtonElement>(null);
  useCloseOnEscapeOrOutside(open, menuButton, setOpen);
  const onCart = isActiveLink("/cart", pathname);
  const onLogin = isActiveLink("/login", pathname);
  const cartLabel = `Cart, ${count} ${count === 1 ? "item" : "items"}`;

  return (
    <>
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        <Link to="/" className="flex items-center gap-2" aria-label={BRAND.fullName}>
          <LogoMark />
          {/* As wide in the stand-in as in Fraunces (decision 0065): the links after it do not move when the font swaps in. */}
          <span className="inline-block min-w-[4.2em] font-serif text-xl font-semibold text-leather-800">{BRAND.name}</span>
        </Link>

        <ul className="ml-4 hidden items-center gap-1 md:flex">
          {NAV_LINKS.map((l) => (
            <li key={l.to}>
              <NavLink
                to={l.to}
                className={() => linkClass(isActiveLink(l.to, pathname))}
                aria-current={isActiveLink(l.to, pathname) ? "page" : undefined}
              >
                {l.label}
              </NavLink>
            </li>
          ))}
        </ul>

        {/* While the phone's panel is open its search box is the only one on the page. */}
        {!open && (
          <div className="ml-auto hidden w-64 md:block">
            <SearchBox id="desktop-search" />
          </div>
        )}
        <div className="ml-auto flex items-center gap-1 md:ml-0">
          {user ? (
            <ProfileMenu user={user} />
          ) : (
            // The spec's "profile button": a button that opens the login page (a GET form without scripts).
            <NavigateButton
              to="/login"
              className={`hidden rounded-full p-2 hover:bg-leather-100 md:inline-flex ${onLogin ? "bg-leather-100 text-leather-800" : "text-stone-700"}`}
              aria-label="Profile"
              aria-current={onLogin ? "page" : undefined}
            >
              <UserIcon />
            </NavigateButton>
          )}
          {/* The bar's cart link stays while the phone's panel is open: the panel's Cart is a button. */}
          <Link
            to="/cart"
            className={`relative inline-flex rounded-full p-2 hover:bg-leather-100 ${onCart ? "bg-leather-100 text-leather-800" : "text-stone-700"}`}
            aria-label={cartLabel}
            aria-current={onCart ? "page" : undefined}
          >
            <CartIcon />
            {count > 0 && (
              <span
                aria-hidden="true"
                data-bumped={bumped || undefined}
                className={`absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-leather-700 px-1 text-center text-xs font-semibold leading-5 text-white ${bumped ? "motion-safe:animate-bounce" : ""}`}
              >
                {count}
              </span>
            )}
          </Link>
          <button
            ref={menuButton}
            type="button"
            className="inline-flex rounded-md p-2 text-stone-700 hover:bg-leather-100 md:hidden"
            aria-label={open ? "Close menu" : "Open menu"}
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => setOpen((o) => !o)}
          >
            <MenuIcon open={open} />
          </button>
        </div>
      </nav>

      {/* Drawn closed, not left out: a tap before the page's scripts have run opens it at once
          (held-controls.server.ts), and its links and search work without them. It opens over the
          page, under the bar, instead of pushing the page down: only the panel is drawn anew, so a
          slow phone shows it within a frame or two (issue 35). On a short screen it scrolls. */}
      <div
        id="mobile-menu"
        hidden={!open}
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-y border-leather-200 bg-leather-50 px-4 pb-4 shadow-lg md:hidden"
      >
        <ul className="flex flex-col gap-1 py-3">
          {NAV_LINKS.map((l) => (
            <li key={l.to}>
              <NavLink
                to={l.to}
                onClick={() => setOpen(false)}
                className={() => `block ${linkClass(isActiveLink(l.to, pathname))}`}
                aria-current={isActiveLink(l.to, pathname) ? "page" : undefined}
              >
                {l.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <SearchBox id="mobile-search" />
        <div className="mt-3 grid grid-cols-2 gap-2">
          {user && (
            <p className="col-span-2 truncate text-sm text-stone-700">
              Signed in as <span className="font-medium text-stone-900">{user.firstName || user.email}</span>
            </p>
          )}
          {user && (
            <>
              <Link
                to="/account/orders"
                onClick={() => setOpen(false)}
                className="flex items-center justify-center rounded-md border border-leather-300 px-3 py-2 text-sm font-medium text-leather-800"
              >
                My orders
              </Link>
              <Link
                to="/account"
                onClick={() => setOpen(false)}
                className="flex items-center justify-center rounded-md border border-leather-300 px-3 py-2 text-sm font-medium text-leather-800"
              >
                My account
              </Link>
            </>
          )}
          {user && isAdminRole(user.role) && (
            <Link
              to="/admin"
              onClick={() => setOpen(false)}
              className="col-span-2 flex items-center justify-center gap-2 rounded-md border border-leather-300 px-3 py-2 text-sm font-medium text-leather-800"
            >
              Admin Panel
            </Link>
          )}
          {user ? (
            <Form method="post" action="/logout" className="contents">
              <button
                type="submit"
                className="flex items-center justify-center gap-2 rounded-md border border-leather-300 px-3 py-2 text-sm font-medium text-leather-800"
              >
                <UserIcon className="h-5 w-5" /> Log out
              </button>
            </Form>
          ) : (
            <NavigateButton
              to="/login"
              aria-current={onLogin ? "page" : undefined}
              className={`flex items-center justify-center gap-2 rounded-md border px-3 py-2 text-sm font-medium text-leather-800 ${onLogin ? "border-leather-700 bg-leather-100" : "border-leather-300"}`}
            >
              <UserIcon className="h-5 w-5" /> Profile
            </NavigateButton>
          )}
          <NavigateButton
            to="/cart"
            aria-current={onCart ? "page" : undefined}
            className={`flex items-center justify-center gap-2 rounded-md bg-leather-700 px-3 py-2 text-sm font-medium text-white ${onCart ? "ring-2 ring-leather-900 ring-offset-2" : ""}`}
          >
            <CartIcon className="h-5 w-5" /> Cart{count > 0 ? ` (${count})` : ""}
          </NavigateButton>
        </div>
      </div>
    </>
  );
}
