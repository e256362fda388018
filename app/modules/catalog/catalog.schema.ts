import { z } from "zod";
import { pageParam } from "~/lib/typed-numbers";
import { SHOP_SORTS } from "./shop-listing";

/** Query of the shop listing: `?q=…&sort=…&page=…` (and `category` from the no-JavaScript filter form). */
export const shopQuerySchema = z.object({
  q: z.string().trim().max(100).catch("").default(""),
  sort: z.enum(SHOP_SORTS).catch("newest").default("newest"),
  page: pageParam(10_000),
  category: z.string().trim().max(64).optional().catch(undefined),
});
