import { Button, ButtonLink } from "~/components/admin/controls";
import type { Route } from "./+types/orders-slips";
import { BRAND } from "~/lib/brand";
import { formatAdminDate } from "~/lib/admin-date";
import { adminMeta } from "~/lib/seo";
import { requireAdmin } from "~/modules/accounts/session.server";
import { orderSelectionFrom } from "~/modules/orders/admin-orders.schema";
import { BATCH_LIMIT, ordersForBatch, slipAmounts } from "~/modules/orders/order-batch.server";
import { withThousands } from "~/lib/thousands";
import { RouteError } from "~/components/ui/route-error";

export const meta = () => adminMeta("Packing slips");

/** One printable page per order: where it goes, who to call, what is in the parcel and what to collect. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context.auth);
  const { list, more } = await ordersForBatch(context.db, orderSelectionFrom(new URL(request.url).searchParams));
  // More than a print run takes: none printed, rather than the first few thousand as if they were all.
  if (more) return { slips: [], tooMany: BATCH_LIMIT };
  return {
    /** When set, the most a print run takes (the chosen orders are more). */
    tooMany: 0,
    slips: list.map((o) => ({
      id: o.id,
      orderNumber: o.orderNumber,
      date: formatAdminDate(o.createdAt),
      name: `${o.firstName} ${o.lastName}`,
      phone: o.phone,
      alternatePhone: o.alternatePhone,
      address: [o.streetAddress, o.apartment, `${o.city}, ${o.state} ${o.zipCode}`, o.country].filter(Boolean),
      landmark: o.landmark,
      notes: o.notes,
      ...slipAmounts(o),
      cod: o.paymentMethod === "cod",
      courier: o.courier,
      trackingNumber: o.trackingNumber,
    })),
  };
}

export default function PackingSlips({ loaderData }: Route.ComponentProps) {
  const { slips, tooMany } = loaderData;
  return (
    <main className="mx-auto max-w-3xl bg-white p-6 text-stone-900 print:max-w-none print:p-0">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <h1 className="font-serif text-2xl text-leather-800">
          Packing slips ({slips.length} {slips.length === 1 ? "order" : "orders"})
        </h1>
        <div className="flex gap-2">
          <Button kind="primary" onClick={() => window.print()}>
            Print
          </Button>
          <ButtonLink kind="quiet" to="/admin/orders">
            Back to Orders
          </ButtonLink>
        </div>
      </div>
      {tooMany ? (
        <p role="alert">
          These are more than {withThousands(tooMany)} orders: packing slips are printed at most {withThousands(tooMany)} at a time. Narrow the list
          with its search or status filter, or tick the orders to print.
        </p>
      ) : (
        slips.length === 0 && <p>No orders were chosen. Tick orders in the list, then Print packing slips.</p>
      )}
      {slips.map((slip) => (
        <article
          key={slip.id}
          aria-label={`Packing slip ${slip.orderNumber}`}
          className="mb-8 break-after-page rounded-lg border border-stone-300 p-6 print:mb-0 print:rounded-none print:border-0"
        >
          <header className="flex items-start justify-between gap-4 border-b border-stone-300 pb-3">
            <div>
              <p className="font-serif text-xl font-semibold">{BRAND.fullName}</p>
              <p className="text-sm">{BRAND.phone}</p>
            </div>
            <div className="text-right">
              <h2 className="font-mono text-lg font-bold">{slip.orderNumber}</h2>
              <p className="text-sm">{slip.date}</p>
            </div>
          </header>
          <section className="mt-4 grid gap-4 sm:grid-cols-2 print:grid-cols-2">
            <div>
              <h3 className="text-xs font-semibold uppercase tracking-wide text-stone-600">Deliver to</h3>
              <p className="mt-1 text-lg font-semibold">{slip.name}</p>
              {slip.address.map((line) => (
                <p key={line}>{line}</p>
              ))}
              {slip.landmark && <p>Landmark: {slip.landmark}</p>}
              <p className="mt-1 font-semibold">Phone: {slip.phone}</p>
              {slip.alternatePhone && <p>Alternate phone: {slip.alternatePhone}</p>}
            </div>
            <div className="rounded-md border-2 border-stone-900 p-3 text-center">
              <h3 className="text-xs font-semibold uppercase tracking-wide">{slip.cod ? "Cash on delivery: collect" : "Paid: collect nothing"}</h3>
              <p className="mt-1 text-3xl font-bold">{slip.collect}</p>
              {slip.cod && (
                <p className="text-xs">
                  Subtotal {slip.subtotal} + tax {slip.tax} + shipping {slip.shipping}
                </p>
              )}
              {slip.courier && (
                <p className="mt-2 text-sm">
                  {slip.courier}
                  {slip.trackingNumber && <> · CN {slip.trackingNumber}</>}
                </p>
              )}
            </div>
          </section>
          <table className="mt-4 w-full text-left text-sm">
            <caption className="sr-only">Items in order {slip.orderNumber}</caption>
            <thead>
              <tr className="border-b border-stone-300">
                <th scope="col" className="py-1">
                  Item
                </th>
                <th scope="col" className="py-1 text-right">
                  Qty
                </th>
                <th scope="col" className="py-1 text-right">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {slip.lines.map((item, i) => (
                <tr key={i} className="border-b border-stone-200">
                  <td className="py-1.5">
                    {item.name}
                    {item.details && <span className="block text-xs text-stone-600">{item.details}</span>}
                  </td>
                  <td className="py-1.5 text-right">{item.quantity}</td>
                  <td className="py-1.5 text-right">{item.lineTotal}</td>
                </tr>
              ))}
            </tbody>
            {/* The sums under the lines: what they add up to, then tax and shipping; together, the amount to collect. */}
            <tfoot>
              {(
                [
                  ["Subtotal", slip.subtotal],
                  ["Tax", slip.tax],
                  ["Shipping", slip.shipping],
                ] as const
              ).map(([label, amount], i) => (
                <tr key={label}>
                  <th scope="row" colSpan={2} className={`${i === 0 ? "pt-2 " : ""}text-right font-normal`}>
                    {label}
                  </th>
                  <td className={`${i === 0 ? "pt-2 " : ""}text-right`}>{amount}</td>
                </tr>
              ))}
              {/* Cash on delivery: the total is the amount to collect, in the box above. */}
              {!slip.cod && (
                <tr className="border-t border-stone-300 font-semibold">
                  <th scope="row" colSpan={2} className="pt-1 text-right">
                    Total (paid)
                  </th>
                  <td className="pt-1 text-right">{slip.total}</td>
                </tr>
              )}
            </tfoot>
          </table>
          {slip.notes && <p className="mt-3 text-sm">Customer's note: {slip.notes}</p>}
        </article>
      ))}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteError backTo={{ to: "/admin/orders", label: "Back to Orders" }} />;
}
