import type { orders } from "~/lib/db/tables/orders.server";

/** Who ordered, where it goes and how it is paid: the part of an order the customer gave at checkout. */
export type OrderCustomer = Pick<
  typeof orders.$inferSelect,
  | "firstName"
  | "lastName"
  | "email"
  | "phone"
  | "alternatePhone"
  | "streetAddress"
  | "apartment"
  | "city"
  | "state"
  | "zipCode"
  | "country"
  | "landmark"
  | "notes"
  | "paymentMethod"
>;
