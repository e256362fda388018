import type { RateRule } from "~/lib/rate-limit.server";

/**
 * How much anonymous checkout takes in a window (docs/decisions/0018, 0046): orders per client
 * address (generous, since mobile carriers put many shoppers behind one address); orders per phone
 * number or e-mail and client address (strict: it is what an order's confirmation mail is sent
 * to); and, over a day, items per client address and items per phone number. A phone number or an
 * e-mail counted from every address never refuses an order by itself: when it is full, each
 * address gets the smaller pressed allowance for it, so no client can use up another's.
 */
export interface OrderLimits {
  address: RateRule;
  contact: RateRule;
  addressItems: RateRule;
  phoneItems: RateRule;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const DEFAULT_ORDER_LIMITS: OrderLimits = {
  address: { limit: 30, windowMs: 10 * MINUTE },
  contact: { limit: 5, windowMs: 10 * MINUTE },
  addressItems: { limit: 40, windowMs: 24 * HOUR },
  phoneItems: { limit: 20, windowMs: 24 * HOUR },
};

/**
 * The allowances of one client address, in its own windows, while a phone number or e-mail it
 * names is full from every address: one order, and a quarter of the phone's items.
 */
export function pressedOrderLimits(limits: OrderLimits): { contact: number; phoneItems: number } {
  return { contact: 1, phoneItems: Math.max(1, Math.floor(limits.phoneItems.limit / 4)) };
}

const ORDER_LIMITS_HOW_TO =
  'must read like "30/10m address, 5/10m contact, 40/24h address items, 20/24h phone items": orders per window (s, m or h, at most 24h) for each client address and for each phone number or e-mail, then items per window for each client address and for each phone number';

const SCOPES = { address: "address", contact: "contact", "address items": "addressItems", "phone items": "phoneItems" } as const;
const PART = /^(\d{1,7})\s*\/\s*(\d{1,5})\s*([smh])\s+(address items|phone items|address|contact)$/;
const UNIT_MS = { s: 1000, m: MINUTE, h: HOUR } as const;
const MAX_WINDOW_MS = 24 * HOUR;

/**
 * Reads ORDER_LIMITS, e.g. "30/10m address, 5/10m contact, 40/24h address items"; a part left out
 * keeps its default. Throws an Error whose message says what is wrong.
 */
export function parseOrderLimits(text: string | undefined): OrderLimits {
  const limits = { ...DEFAULT_ORDER_LIMITS };
  const seen = new Set<string>();
  for (const part of (text ?? "")
    .split(",")
    .map((p) => p.trim().replace(/\s+/g, " "))
    .filter(Boolean)) {
    const match = PART.exec(part);
    const limit = Number(match?.[1]);
    const windowMs = Number(match?.[2]) * UNIT_MS[(match?.[3] ?? "s") as keyof typeof UNIT_MS];
    if (!match || limit < 1 || windowMs < 1000 || windowMs > MAX_WINDOW_MS) throw new Error(`${ORDER_LIMITS_HOW_TO}; "${part}" is not`);
    const scope = match[4] as keyof typeof SCOPES;
    if (seen.has(scope)) throw new Error(`gives the ${scope} limit twice`);
    seen.add(scope);
    limits[SCOPES[scope]] = { limit, windowMs };
  }
  return limits;
}
