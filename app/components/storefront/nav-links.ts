export const NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/shop", label: "Shop" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
] as const;

/** Home is active only on the root path; the other links when the path starts with their target. */
export function isActiveLink(target: string, pathname: string): boolean {
  return target === "/" ? pathname === "/" : pathname.startsWith(target);
}
