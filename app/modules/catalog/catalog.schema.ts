import { z } from "zod";
import { pageParam } from "~/lib/typed-numbers";

/** Query of the shop listing: `?q=…&page=…` (and `category` from the no-JavaScript filter form). */
export const shopQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .catch("")
    .default(""),
  page: pageParam(10_000),
  category: z.string().trim().max(64).optional().catch(undefined),
});

export const SHOP_PAGE_SIZE = 24;
