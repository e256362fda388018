import { NavLink } from "react-router";

const LINKS = [
  { to: "/account", label: "Profile", end: true },
  { to: "/account/orders", label: "My orders", end: false },
  { to: "/account/addresses", label: "Addresses", end: true },
] as const;

/** The account's own pages, at the top of each (docs/decisions/0057). */
export function AccountNav() {
  return (
    <nav aria-label="Your account" className="mt-4 flex flex-wrap gap-2">
      {LINKS.map((l) => (
        <NavLink
          key={l.to}
          to={l.to}
          end={l.end}
          className={({ isActive }) =>
            `inline-flex min-h-11 items-center rounded-md border px-4 py-2 text-sm font-medium ${
              isActive ? "border-leather-700 bg-leather-100 text-leather-900" : "border-leather-300 text-leather-800 hover:bg-leather-100"
            }`
          }
        >
          {l.label}
        </NavLink>
      ))}
    </nav>
  );
}
