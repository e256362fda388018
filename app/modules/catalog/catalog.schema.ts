import { z } from "zod";

/** Query of the shop listing: `?q=…&page=…` (and `category` from the no-JavaScript filter form). */
export const shopQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .catch("")
    .default(""),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
  category: z.string().trim().max(64).optional().catch(undefined),
});

export const SHOP_PAGE_SIZE = 24;
