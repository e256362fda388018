import type { ReactNode } from "react";
import { Link } from "react-router";

const CARD = "block rounded-xl border border-stone-200 bg-white p-4";

/**
 * A figure of the back office as a card: its name, then the number (the dashboard's totals, the
 * orders' stat cards). With `to` the whole card is a link to the list it counts.
 */
export function StatCard({ label, value, to }: { label: string; value: ReactNode; to?: string }) {
  const body = (
    <>
      <p className="text-sm text-stone-600">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-stone-900">{value}</p>
    </>
  );
  return to ? (
    <Link to={to} className={`${CARD} hover:border-leather-300`}>
      {body}
    </Link>
  ) : (
    <div className={CARD}>{body}</div>
  );
}
