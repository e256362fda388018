import { telHref, whatsappHref, type OrderToConfirm } from "~/modules/orders/customer-contact";

/** Call and WhatsApp links to confirm an order with its customer (none when the number cannot be dialled). */
export function ContactLinks({ order, template, compact = false }: { order: OrderToConfirm; template: string; compact?: boolean }) {
  const tel = telHref(order.phone);
  const whatsapp = whatsappHref(template, order);
  const name = `${order.firstName} ${order.lastName}`.trim();
  // A tap target a thumb finds on a phone (44 px), the usual size on a wide screen.
  const style = compact
    ? "inline-flex min-h-11 items-center rounded-md border border-stone-300 bg-white px-3 text-sm font-medium text-stone-800 hover:bg-stone-100 xl:min-h-8 xl:px-2.5"
    : "inline-flex min-h-11 items-center rounded-md border border-leather-300 px-3 font-medium text-leather-800 hover:bg-leather-100";
  return (
    <>
      {tel && (
        <a href={tel} className={style} aria-label={`Call ${name} about order ${order.orderNumber}`}>
          Call
        </a>
      )}
      {whatsapp && (
        <a
          href={whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          className={style}
          aria-label={`WhatsApp ${name} about order ${order.orderNumber}`}
        >
          WhatsApp
        </a>
      )}
    </>
  );
}
