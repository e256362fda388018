import { ButtonAnchor } from "~/components/admin/controls";
import { telHref, whatsappHref, type OrderToConfirm } from "~/modules/orders/customer-contact";

/** Call and WhatsApp links to confirm an order with its customer (none when the number cannot be dialled). */
export function ContactLinks({ order, template, compact = false }: { order: OrderToConfirm; template: string; compact?: boolean }) {
  const tel = telHref(order.phone);
  const whatsapp = whatsappHref(template, order);
  const name = `${order.firstName} ${order.lastName}`.trim();
  // A tap target a thumb finds on a phone (44 px): compact in a row of the list, full size in the order's dialog.
  const kind = compact ? "rowQuiet" : "secondary";
  return (
    <>
      {tel && (
        <ButtonAnchor kind={kind} href={tel} aria-label={`Call ${name} about order ${order.orderNumber}`}>
          Call
        </ButtonAnchor>
      )}
      {whatsapp && (
        <ButtonAnchor
          kind={kind}
          href={whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`WhatsApp ${name} about order ${order.orderNumber}`}
        >
          WhatsApp
        </ButtonAnchor>
      )}
    </>
  );
}
