import { Link } from "react-router";
import type { Route } from "./+types/account-orders";
import { publicUrlFrom, seo } from "~/lib/seo";
import { formatAdminDate } from "~/lib/admin-date";
import { formatAmount } from "~/modules/catalog/pricing";
import { listAccountOrders } from "~/modules/orders/account-orders.server";
import { requireSignedIn } from "~/modules/accounts/session.server";
import { AccountNav } from "~/components/storefront/account-nav";
import { OrderProgress, StatusBadge } from "~/components/storefront/order-progress";
import { RouteError } from "~/components/ui/route-error";

export function meta({ matches }: Route.MetaArgs) {
  return seo(publicUrlFrom(matches), { title: "My orders", description: "Your Chamra Leather orders.", path: "/account/orders", noindex: true });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireSignedIn(request, context.auth);
  return { orders: await listAccountOrders(context.db, user.id) };
}

export default function AccountOrders({ loaderData }: Route.ComponentProps) {
  const { orders } = loaderData;
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="font-serif text-3xl text-leather-800">My orders</h1>
      <AccountNav />
      {orders.length === 0 ? (
        <p className="mt-8 text-stone-700">
          No orders yet. Orders you place while signed in, or with this account’s e-mail, show here.{" "}
          <Link to="/shop" className="font-medium text-leather-700 underline">
            Start shopping
          </Link>
          .
        </p>
      ) : (
        <ol className="mt-8 space-y-6" aria-label="Your orders, newest first">
          {orders.map((order) => (
            <li key={order.orderNumber}>
              <article aria-labelledby={`order-${order.orderNumber}`} className="rounded-xl border border-leather-200 bg-white p-5 shadow-sm">
                <div className="flex flex-wrap items-baseline justify-between gap-3">
                  <h2 id={`order-${order.orderNumber}`} className="font-serif text-xl text-leather-800">
                    <Link to={`/account/orders/${order.orderNumber}`} className="underline underline-offset-2">
                      Order {order.orderNumber}
                    </Link>
                  </h2>
                  <StatusBadge status={order.status} label={order.statusLabel} />
                </div>
                <p className="mt-1 text-sm text-stone-700">
                  Placed <time dateTime={order.placedAt}>{formatAdminDate(order.placedAt)}</time> ·{" "}
                  <span className="whitespace-nowrap font-medium text-stone-900">{formatAmount(order.total)}</span>
                </p>
                <ul className="mt-2 text-sm text-stone-800" aria-label={`Items in order ${order.orderNumber}`}>
                  {order.items.map((item, i) => (
                    <li key={i}>
                      {item.quantity} × {item.productName}
                      {item.color || item.size ? ` (${[item.color, item.size && `size ${item.size}`].filter(Boolean).join(", ")})` : ""}
                    </li>
                  ))}
                </ul>
                <OrderProgress order={order} />
              </article>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteError />;
}
