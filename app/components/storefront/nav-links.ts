export const NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/shop", label: "Shop" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
] as const;

/**
 * Home is active only on the root path; the other links when the path starts with their target
 * (as a whole segment: /shop/category/x but not /shopping).
 */
export function isActiveLink(target: string, pathname: string): boolean {
  if (target === "/") return pathname === "/";
  return pathname === target || pathname.startsWith(`${target}/`);
}
