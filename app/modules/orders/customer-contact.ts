import { BRAND } from "~/lib/brand";
import type { ConfirmationOutcome } from "~/lib/db/value-lists";
import { formatAmount } from "~/modules/catalog/pricing";
import { normalizePhone } from "./phone";

/**
 * Confirming a cash-on-delivery order with the customer before it ships: a call, or a WhatsApp
 * message prefilled from the shop's template, and the outcome staff record in the order's history.
 * Pure: the orders list, the order's detail and the settings screen share it.
 */

/** How far confirming an order with its customer has got: its last recorded outcome, and how many calls went unanswered. */
export interface CallState {
  outcome: ConfirmationOutcome | null;
  noAnswerCalls: number;
}

export const CONFIRMATION_OUTCOME_LABELS: Record<ConfirmationOutcome, string> = {
  "confirmed-by-phone": "Confirmed by phone",
  "no-answer": "No answer",
  "customer-cancelled": "Customer cancelled",
};

/** The call state as staff read it: Not yet called, No answer ×N, Confirmed by phone, Customer cancelled. */
export function callStateText(call: CallState): string {
  if (!call.outcome) return "Not yet called";
  if (call.outcome === "no-answer") return `No answer ×${Math.max(1, call.noAnswerCalls)}`;
  return CONFIRMATION_OUTCOME_LABELS[call.outcome];
}

/**
 * The words a template may use, each replaced for the order at hand: the one list the settings
 * form's hint, the server's check of a saved template (unknownPlaceholders) and the message builder
 * read.
 */
export const TEMPLATE_FIELDS = ["{name}", "{orderNumber}", "{items}", "{total}", "{shop}", "{shopPhone}"] as const;
type TemplateField = (typeof TEMPLATE_FIELDS)[number];

/** Anything in braces is meant as a placeholder: a known one is filled in, any other is refused. */
const PLACEHOLDER = /\{[^{}]*\}/g;

/** The placeholders of `template` that are not in TEMPLATE_FIELDS ('{naem}', '{ total }'), each once, in order. */
export function unknownPlaceholders(template: string): string[] {
  const known: ReadonlySet<string> = new Set(TEMPLATE_FIELDS);
  return [...new Set(template.match(PLACEHOLDER) ?? [])].filter((word) => !known.has(word));
}

/** What a template with unknown placeholders is told, naming them. */
export function unknownPlaceholdersMessage(unknown: readonly string[]): string {
  const allowed = `${TEMPLATE_FIELDS.slice(0, -1).join(", ")} and ${TEMPLATE_FIELDS.at(-1)}`;
  return `${unknown.length === 1 ? "Unknown placeholder" : "Unknown placeholders"}: ${unknown.join(", ")}. The message may use only ${allowed}.`;
}

export const DEFAULT_CONFIRMATION_TEMPLATE =
  "Hello {name}, this is {shop}. We have your order {orderNumber}: {items}. Total {total}, to pay in cash on delivery. Please reply YES to confirm it, or tell us what to change. Questions? Call {shopPhone}.";

export const TEMPLATE_MAX_LENGTH = 1000;

export interface OrderToConfirm {
  orderNumber: string;
  firstName: string;
  lastName: string;
  phone: string;
  total: number;
  items: { productName: string; quantity: number }[];
}

/** The number in international form without '+', as WhatsApp links want it: 03001234567 → 923001234567. */
export function internationalNumber(phone: string): string | null {
  const local = normalizePhone(phone);
  return /^03\d{9}$/.test(local) ? `92${local.slice(1)}` : null;
}

/** A `tel:` link that dials from any phone: tel:+923001234567. */
export function telHref(phone: string): string | null {
  const number = internationalNumber(phone);
  return number ? `tel:+${number}` : null;
}

/** The shop's template filled in for one order. */
export function confirmationMessage(template: string, order: OrderToConfirm): string {
  const items = order.items.map((i) => `${i.quantity} × ${i.productName}`).join(", ");
  const values: Record<TemplateField, string> = {
    "{name}": `${order.firstName} ${order.lastName}`.trim(),
    "{orderNumber}": order.orderNumber,
    "{items}": items,
    "{total}": formatAmount(order.total),
    "{shop}": BRAND.fullName,
    "{shopPhone}": BRAND.phone,
  };
  return template.replace(PLACEHOLDER, (field) => (Object.hasOwn(values, field) ? values[field as TemplateField] : field));
}

/** A wa.me link that opens WhatsApp on the customer's number with the message typed in. */
export function whatsappHref(template: string, order: OrderToConfirm): string | null {
  const number = internationalNumber(order.phone);
  return number ? `https://wa.me/${number}?text=${encodeURIComponent(confirmationMessage(template, order))}` : null;
}
