import * as z from "zod/mini";
import { pageParam } from "~/lib/typed-numbers";
import { withThousands } from "~/lib/thousands";
import { CONFIRMATION_OUTCOMES, ORDER_STATUSES } from "~/lib/db/value-lists";
import { RETURN_STOCK_CHOICES, takesShippingDetails } from "./order-status";
import { MAX_FIRST_ORDER_THRESHOLD } from "./order-review";
import { TEMPLATE_MAX_LENGTH, unknownPlaceholders, unknownPlaceholdersMessage } from "./customer-contact";

/** The orders list's address: `?q=…&status=…&confirmation=pending&attention=flagged&page=…&order=<id>` (the open detail). */
export const orderListQuerySchema = z.object({
  q: z.catch(z.string().check(z.trim(), z.maxLength(100)), ""),
  status: z.catch(z.enum(["all", ...ORDER_STATUSES]), "all"),
  confirmation: z.catch(z.enum(["all", "pending"]), "all"),
  attention: z.catch(z.enum(["all", "flagged"]), "all"),
  page: pageParam(100_000),
  order: z.catch(z.optional(z.string().check(z.maxLength(40))), undefined),
});

/** A status change from the list's dropdown or the detail's form. */
export const orderStatusChangeSchema = z.object({
  orderId: z.string().check(z.minLength(1, "Which order?"), z.maxLength(40)),
  status: z.enum(ORDER_STATUSES, { message: "Please choose a status." }),
  courier: z.optional(z.string().check(z.trim(), z.maxLength(60, "The courier name is too long."))),
  trackingNumber: z.optional(z.string().check(z.trim(), z.maxLength(60, "The tracking number (CN) is too long."))),
  /** For Returned: the items back into stock (the default), or written off. */
  returnStock: z.optional(z.enum(RETURN_STOCK_CHOICES, "Please choose what happens to the returned items.")),
});

export const ORDER_STATUS_ERROR = "Error updating order status: ";

/** One status for several ticked orders; not Shipped, which needs each order's own courier and CN. */
export const bulkStatusSchema = z.object({
  ids: z
    .array(z.string().check(z.minLength(1), z.maxLength(40)))
    .check(z.minLength(1, "Tick at least one order."), z.maxLength(5000, "At most 5,000 orders at a time.")),
  status: z
    .enum(ORDER_STATUSES, { message: "Please choose a status." })
    .check(
      z.refine((status) => !takesShippingDetails(status), "Shipped needs each order's courier and CN: ship orders one at a time from their row."),
    ),
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
  orderId: z.string().check(z.minLength(1, "Which order?"), z.maxLength(40)),
  outcome: z.enum(CONFIRMATION_OUTCOMES, "Please choose what the customer said."),
});

/** The confirmation message's template, edited by main admins: known placeholders only (the browser checks the same). */
export const confirmationTemplateSchema = z.object({
  template: z.string({ error: "Please write the message, or leave it empty for the shop's default." }).check(
    z.maxLength(TEMPLATE_MAX_LENGTH, `The message can be at most ${TEMPLATE_MAX_LENGTH} characters.`),
    z.superRefine((template, ctx) => {
      const unknown = unknownPlaceholders(template);
      if (unknown.length) ctx.addIssue({ code: "custom", message: unknownPlaceholdersMessage(unknown) });
    }),
  ),
});

/**
 * The first-order threshold of Settings, in whole rupees as typed ('25,000' too); empty brings the
 * shop's default back, 0 flags no first order. Answers paisa, or null for the default.
 */
export const firstOrderThresholdSchema = z.object({
  threshold: z.pipe(
    z.pipe(
      z.pipe(
        z.string().check(z.trim()),
        z.transform((text: string) => text.replace(/[,\s]/g, "")),
      ),
      z.string().check(z.refine((text) => text === "" || /^\d{1,9}$/.test(text), "Please enter the amount in whole rupees, e.g. 25000.")),
    ),
    z.pipe(
      z.transform((text: string) => (text === "" ? null : Number(text) * 100)),
      z
        .nullable(z.number())
        .check(
          z.refine(
            (paisa) => paisa === null || paisa <= MAX_FIRST_ORDER_THRESHOLD,
            `The amount can be at most PKR ${withThousands(MAX_FIRST_ORDER_THRESHOLD / 100)}.`,
          ),
        ),
    ),
  ),
});
