import { z } from "zod";
import { pageParam } from "~/lib/typed-numbers";
import { withThousands } from "~/lib/thousands";
import { CONFIRMATION_OUTCOMES, ORDER_STATUSES } from "~/lib/db/value-lists";
import { RETURN_STOCK_CHOICES, takesShippingDetails } from "./order-status";
import { MAX_FIRST_ORDER_THRESHOLD } from "./order-review";
import { TEMPLATE_MAX_LENGTH, unknownPlaceholders, unknownPlaceholdersMessage } from "./customer-contact";

/** The orders list's address: `?q=…&status=…&confirmation=pending&attention=flagged&page=…&order=<id>` (the open detail). */
export const orderListQuerySchema = z.object({
  q: z.string().trim().max(100).catch(""),
  status: z.enum(["all", ...ORDER_STATUSES]).catch("all"),
  confirmation: z.enum(["all", "pending"]).catch("all"),
  attention: z.enum(["all", "flagged"]).catch("all"),
  page: pageParam(100_000),
  order: z.string().max(40).optional().catch(undefined),
});

/** A status change from the list's dropdown or the detail's form. */
export const orderStatusChangeSchema = z.object({
  orderId: z.string().min(1, "Which order?").max(40),
  status: z.enum(ORDER_STATUSES, { message: "Please choose a status." }),
  courier: z.string().trim().max(60, "The courier name is too long.").optional(),
  trackingNumber: z.string().trim().max(60, "The tracking number (CN) is too long.").optional(),
  /** For Returned: the items back into stock (the default), or written off. */
  returnStock: z.enum(RETURN_STOCK_CHOICES, "Please choose what happens to the returned items.").optional(),
});

export const ORDER_STATUS_ERROR = "Error updating order status: ";

/** One status for several ticked orders; not Shipped, which needs each order's own courier and CN. */
export const bulkStatusSchema = z.object({
  ids: z.array(z.string().min(1).max(40)).min(1, "Tick at least one order.").max(5000, "At most 5,000 orders at a time."),
  status: z
    .enum(ORDER_STATUSES, { message: "Please choose a status." })
    .refine((status) => !takesShippingDetails(status), "Shipped needs each order's courier and CN: ship orders one at a time from their row."),
});

/** Which orders an export or a print run takes: `?ids=…` (ticked), else the list's filter. */
export function orderSelectionFrom(params: URLSearchParams) {
  const ids = params
    .getAll("ids")
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter((v) => v && v.length <= 40);
  if (ids.length) return { ids };
  const { q, status, confirmation, attention } = orderListQuerySchema.parse(Object.fromEntries(params));
  return { query: { q, status, confirmation, attention } };
}

/** What came of calling or messaging the customer about an order. */
export const confirmationOutcomeSchema = z.object({
  intent: z.literal("outcome"),
  orderId: z.string().min(1, "Which order?").max(40),
  outcome: z.enum(CONFIRMATION_OUTCOMES, "Please choose what the customer said."),
});

/** The confirmation message's template, edited by main admins: known placeholders only (the browser checks the same). */
export const confirmationTemplateSchema = z.object({
  template: z
    .string({ error: "Please write the message, or leave it empty for the shop's default." })
    .max(TEMPLATE_MAX_LENGTH, `The message can be at most ${TEMPLATE_MAX_LENGTH} characters.`)
    .superRefine((template, ctx) => {
      const unknown = unknownPlaceholders(template);
      if (unknown.length) ctx.addIssue({ code: "custom", message: unknownPlaceholdersMessage(unknown) });
    }),
});

/**
 * The first-order threshold of Settings, in whole rupees as typed ('25,000' too); empty brings the
 * shop's default back, 0 flags no first order. Answers paisa, or null for the default.
 */
export const firstOrderThresholdSchema = z.object({
  threshold: z
    .string()
    .trim()
    .transform((text) => text.replace(/[,\s]/g, ""))
    .refine((text) => text === "" || /^\d{1,9}$/.test(text), "Please enter the amount in whole rupees, e.g. 25000.")
    .transform((text) => (text === "" ? null : Number(text) * 100))
    .refine(
      (paisa) => paisa === null || paisa <= MAX_FIRST_ORDER_THRESHOLD,
      `The amount can be at most PKR ${withThousands(MAX_FIRST_ORDER_THRESHOLD / 100)}.`,
    ),
});
