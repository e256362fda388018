import type { ReactNode } from "react";

/** The colours a status may wear; each status list maps its values to one (ORDER_STATUS_TONES in orders/order-badges.tsx and the like). */
const BADGE_TONES = {
  blue: "bg-blue-100 text-blue-800",
  yellow: "bg-yellow-100 text-yellow-900",
  green: "bg-green-100 text-green-800",
  red: "bg-red-100 text-red-800",
  purple: "bg-purple-100 text-purple-800",
  grey: "bg-stone-200 text-stone-800",
  /** Filled, for what must catch the eye in a list: an unread message's New. */
  strong: "bg-blue-700 text-white",
} as const;
export type BadgeTone = keyof typeof BADGE_TONES;

/** A status as a coloured pill: a message's New/Read/Replied/Resolved, a product's On Offer/Standard, an order's New/Confirmed/Shipped. */
export function StatusBadge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${BADGE_TONES[tone]}`}>{children}</span>;
}
