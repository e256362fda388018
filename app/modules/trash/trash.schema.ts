import { z } from "zod";
import { pageParam } from "~/lib/typed-numbers";

/** The Trash's address: its page, and the entry (`delete=<id>`) or the whole Trash (`empty=1`) a confirmation asks about. */
export const trashQuerySchema = z.object({
  page: pageParam(100_000),
  delete: z.string().trim().max(64).optional().catch(undefined),
  empty: z.literal("1").optional().catch(undefined),
});

const id = z.string().trim().min(1, "No item was chosen.").max(64, "No item was chosen.");

/** What the Trash's buttons post. */
export const trashActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("restore"), id }),
  z.object({ intent: z.literal("delete"), id }),
  z.object({ intent: z.literal("empty") }),
]);
