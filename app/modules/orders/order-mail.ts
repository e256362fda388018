import { formatAmount, TAX_LABEL } from "~/modules/catalog/pricing";
import { colourLabel } from "~/modules/catalog/colour-label";
import { BRAND } from "~/lib/brand";
import { trackOrderHref } from "./order-tracking.schema";
import { sizeDetail } from "~/modules/catalog/size-label";

export interface OrderMailData {
  orderNumber: string;
  firstName: string;
  lastName: string;
  address: { streetAddress: string; apartment: string; city: string; state: string; zipCode: string; country: string; landmark: string };
  phone: string;
  items: { productName: string; color: string; size: string; quantity: number; unitPrice: number; lineTotal: number }[];
  subtotal: number;
  tax: number;
  shipping: number;
  total: number;
  /** The shop's address (absolute, from PUBLIC_URL): the mail links its `/track` page with this order's number filled in. */
  shopUrl?: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The order confirmation e-mail: items, totals in PKR, address, and the COD and delivery promises. */
export function orderConfirmationMail(order: OrderMailData): { subject: string; text: string; html: string } {
  const a = order.address;
  const addressLines = [
    a.streetAddress,
    a.apartment,
    `${a.city}, ${a.state} ${a.zipCode}`,
    a.country,
    a.landmark ? `Landmark: ${a.landmark}` : "",
  ].filter(Boolean);
  const itemLine = (i: OrderMailData["items"][number]) => {
    const details = [colourLabel(i.color), sizeDetail(i.size, "size")].filter(Boolean).join(", ");
    return `${i.quantity} × ${i.productName}${details ? ` (${details})` : ""} — ${formatAmount(i.lineTotal)}`;
  };
  const trackUrl = order.shopUrl ? trackOrderHref(order.orderNumber, order.shopUrl) : undefined;
  const text = [
    `Dear ${order.firstName} ${order.lastName},`,
    "",
    `Thank you for your order ${order.orderNumber}. It is confirmed.`,
    "",
    "Items:",
    ...order.items.map((i) => `  ${itemLine(i)}`),
    "",
    `Subtotal: ${formatAmount(order.subtotal)}`,
    `${TAX_LABEL}: ${formatAmount(order.tax)}`,
    `Shipping: Free`,
    `Total: ${formatAmount(order.total)}`,
    "",
    "Delivery address:",
    ...addressLines.map((l) => `  ${l}`),
    `  Phone: ${order.phone}`,
    "",
    "Payment: cash on delivery. Please keep the total ready when your parcel arrives.",
    "Delivery: within 3-5 business days, free across Pakistan.",
    ...(trackUrl ? ["", `Track your order: ${trackUrl} (the order number is filled in; enter the phone number you ordered with)`] : []),
    "",
    `Questions? Reply to this e-mail or call ${BRAND.phone}.`,
    BRAND.fullName,
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#2e1d10">
<h1 style="font-family:Georgia,serif">Order Confirmed!</h1>
<p>Dear ${escapeHtml(order.firstName)} ${escapeHtml(order.lastName)},</p>
<p>Thank you for your order <strong>${escapeHtml(order.orderNumber)}</strong>. It is confirmed.</p>
<table cellpadding="6" style="border-collapse:collapse">
${order.items.map((i) => `<tr><td>${escapeHtml(itemLine(i))}</td></tr>`).join("\n")}
</table>
<p>Subtotal: ${formatAmount(order.subtotal)}<br>${TAX_LABEL}: ${formatAmount(order.tax)}<br>Shipping: Free<br><strong>Total: ${formatAmount(order.total)}</strong></p>
<p><strong>Delivery address</strong><br>${addressLines.map(escapeHtml).join("<br>")}<br>Phone: ${escapeHtml(order.phone)}</p>
<p>Payment: cash on delivery. Please keep the total ready when your parcel arrives.<br>Delivery: within 3-5 business days, free across Pakistan.</p>
${trackUrl ? `<p><a href="${escapeHtml(trackUrl)}">Track your order</a>: the order number is filled in; enter the phone number you ordered with.</p>\n` : ""}<p>${escapeHtml(BRAND.fullName)}</p>
</body></html>`;
  return { subject: `Order Confirmed! ${order.orderNumber}`, text, html };
}
