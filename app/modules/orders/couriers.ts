/**
 * The couriers the shop books parcels with, and where a shopper follows a parcel by its
 * consignment number (CN). One table for the storefront's tracking page and the back office's
 * courier choice: adding a courier, or fixing a link when a courier moves its tracking page, is one
 * line here. A courier not in this table is shown by name with its CN only.
 */
export interface Courier {
  id: string;
  name: string;
  /** Other spellings staff may have typed, compared without case, spaces or punctuation. */
  aliases: readonly string[];
  /** The courier's public tracking page for one CN. */
  trackingUrl: (cn: string) => string;
}

const q = encodeURIComponent;

export const COURIERS: readonly Courier[] = [
  { id: "tcs", name: "TCS", aliases: ["tcs express", "tcs courier"], trackingUrl: (cn) => `https://www.tcsexpress.com/track/${q(cn)}` },
  {
    id: "leopards",
    name: "Leopards",
    aliases: ["leopards courier", "leopard", "lcs"],
    trackingUrl: (cn) => `https://www.leopardscourier.com/tracking?cn=${q(cn)}`,
  },
  { id: "postex", name: "PostEx", aliases: ["post ex"], trackingUrl: (cn) => `https://postex.pk/tracking?cn=${q(cn)}` },
  {
    id: "mnp",
    name: "M&P",
    aliases: ["m and p", "mnp", "m&p express", "muller and phipps"],
    trackingUrl: (cn) => `https://www.mulphilog.com/tracking/${q(cn)}`,
  },
  { id: "trax", name: "Trax", aliases: ["trax sonic", "sonic"], trackingUrl: (cn) => `https://sonic.pk/tracking?tracking_number=${q(cn)}` },
  {
    id: "callcourier",
    name: "Call Courier",
    aliases: ["callcourier", "call-courier"],
    trackingUrl: (cn) => `https://callcourier.com.pk/tracking/?tc=${q(cn)}`,
  },
];

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9&]/g, "");

/** The courier a stored name (an id, a name or a known spelling) stands for, if it is one of ours. */
export function courierNamed(name: string | null | undefined): Courier | undefined {
  if (!name) return undefined;
  const key = squash(name);
  if (!key) return undefined;
  return COURIERS.find((c) => squash(c.id) === key || squash(c.name) === key || c.aliases.some((a) => squash(a) === key));
}

/** How a parcel is followed: the courier's name as shown, the CN, and a link when the courier is known. */
export function parcelTracking(
  courier: string | null | undefined,
  cn: string | null | undefined,
): { courier: string; cn: string; url: string | null } | null {
  const number = cn?.trim() ?? "";
  const name = courier?.trim() ?? "";
  if (!number && !name) return null;
  const known = courierNamed(name);
  return { courier: known?.name ?? name, cn: number, url: known && number ? known.trackingUrl(number) : null };
}
