import * as z from "zod/mini";
import { pageParam } from "~/lib/typed-numbers";

/** The Trash's address: its page, and the entry (`delete=<id>`) or the whole Trash (`empty=1`) a confirmation asks about. */
export const trashQuerySchema = z.object({
  page: pageParam(100_000),
  delete: z.catch(z.optional(z.string().check(z.trim(), z.maxLength(64))), undefined),
  empty: z.catch(z.optional(z.literal("1")), undefined),
});

const id = z.string().check(z.trim(), z.minLength(1, "No item was chosen."), z.maxLength(64, "No item was chosen."));

/** What the Trash's buttons post. */
export const trashActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("restore"), id }),
  z.object({ intent: z.literal("delete"), id }),
  z.object({ intent: z.literal("empty") }),
]);
