import type { FieldErrors } from "~/lib/form-errors";
import type { OrderMoveField } from "~/modules/orders/order-status";

/** What the orders screen's action answers its forms (the route's action returns exactly these). */
export type OrderActionResult =
  | { ok: true; changed: boolean; orderId?: string; recorded?: string; bulk?: BulkResult }
  | {
      ok: false;
      message: string;
      /** The fields a domain rule names (Shipped: courier, CN). */
      fields?: Partial<Record<OrderMoveField, string>>;
      /** Each field's problem when the form's values were refused (refuseForm). */
      fieldErrors?: FieldErrors;
    };

interface BulkResult {
  changed: string[];
  unchanged: string[];
  refused: { orderNumber: string; reason: string }[];
  /** The status's name. */
  to: string;
}
