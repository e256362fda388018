import { z } from "zod";
import { pageParam } from "~/lib/typed-numbers";
import { ORDER_STATUSES } from "./order-status";

/** The orders list's address: `?q=…&status=…&page=…&order=<id>` (the open detail). */
export const orderListQuerySchema = z.object({
  q: z.string().trim().max(100).catch(""),
  status: z.enum(["all", ...ORDER_STATUSES] as [string, ...string[]]).catch("all") as z.ZodType<"all" | (typeof ORDER_STATUSES)[number]>,
  page: pageParam(100_000),
  order: z.string().max(40).optional().catch(undefined),
});

/** A status change from the list's dropdown or the detail's form. */
export const orderStatusChangeSchema = z.object({
  orderId: z.string().min(1, "Which order?").max(40),
  status: z.enum(ORDER_STATUSES as [string, ...string[]], { message: "Please choose a status." }) as z.ZodType<(typeof ORDER_STATUSES)[number]>,
  courier: z.string().trim().max(60, "The courier name is too long.").optional(),
  trackingNumber: z.string().trim().max(60, "The tracking number (CN) is too long.").optional(),
});

export const ORDER_STATUS_ERROR = "Error updating order status: ";
