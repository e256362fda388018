import type { RateRule } from "~/lib/rate-limit.server";

/**
 * How many orders anonymous checkout takes in a window: per client address (generous, since mobile
 * carriers put many shoppers behind one address) and per phone number or e-mail (strict: it is
 * what an order's confirmation mail is sent to). See docs/decisions/0018.
 */
export interface OrderLimits {
  address: RateRule;
  contact: RateRule;
}

const MINUTE = 60_000;

export const DEFAULT_ORDER_LIMITS: OrderLimits = {
  address: { limit: 30, windowMs: 10 * MINUTE },
  contact: { limit: 5, windowMs: 10 * MINUTE },
};

export const ORDER_LIMITS_HOW_TO =
  'must read like "30/10m address, 5/10m contact": orders per window (s, m or h, at most 24h) for each client address and for each phone number or e-mail';

const PART = /^(\d{1,7})\s*\/\s*(\d{1,5})\s*([smh])\s+(address|contact)$/;
const UNIT_MS = { s: 1000, m: MINUTE, h: 60 * MINUTE } as const;
const MAX_WINDOW_MS = 24 * 60 * MINUTE;

/**
 * Reads ORDER_LIMITS, e.g. "30/10m address, 5/10m contact"; a part left out keeps its default.
 * Throws an Error whose message says what is wrong.
 */
export function parseOrderLimits(text: string | undefined): OrderLimits {
  const limits = { ...DEFAULT_ORDER_LIMITS };
  const seen = new Set<keyof OrderLimits>();
  for (const part of (text ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = PART.exec(part);
    const limit = Number(match?.[1]);
    const windowMs = Number(match?.[2]) * UNIT_MS[(match?.[3] ?? "s") as keyof typeof UNIT_MS];
    if (!match || limit < 1 || windowMs < 1000 || windowMs > MAX_WINDOW_MS) throw new Error(`${ORDER_LIMITS_HOW_TO}; "${part}" is not`);
    const scope = match[4] as keyof OrderLimits;
    if (seen.has(scope)) throw new Error(`gives the ${scope} limit twice`);
    seen.add(scope);
    limits[scope] = { limit, windowMs };
  }
  return limits;
}
