import { useEffect, useState } from "react";
import { data, Link, useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/account-order";
import { actionFailure } from "~/lib/action-failure.server";
import { isDomainError } from "~/lib/errors";
import { publicUrlFrom, seo } from "~/lib/seo";
import { formatAdminDate } from "~/lib/admin-date";
import { readCart, writeCart } from "~/modules/cart/cart-storage";
import { ACCOUNT_ORDER_NOT_FOUND, getAccountOrder, reorder, type Reorder } from "~/modules/orders/account-orders.server";
import { mergeIntoCart, REORDER_ALL_SAME, REORDER_NOTHING, reorderChangeText } from "~/modules/orders/reorder";
import { requireSignedIn } from "~/modules/accounts/session.server";
import { AccountNav } from "~/components/storefront/account-nav";
import { OrderProgress, StatusBadge } from "~/components/storefront/order-progress";
import { RouteError } from "~/components/ui/route-error";
import { DeliveryAddress } from "~/components/storefront/delivery-address";
import { OrderSummary } from "~/components/storefront/order-summary";

export function meta({ matches, params }: Route.MetaArgs) {
  return seo(publicUrlFrom(matches), {
    title: `Order ${params.orderNumber}`,
    description: "One of your Chamra Leather orders.",
    path: `/account/orders/${params.orderNumber}`,
    noindex: true,
  });
}

const orderNumberSchema = z.string().regex(/^ORD-\d{13}$/);

/** The order number of the address, or a 404 for one that cannot be an order number. */
function orderNumberOf(params: { orderNumber?: string }): string {
  const parsed = orderNumberSchema.safeParse(params.orderNumber);
  if (!parsed.success) throw data(ACCOUNT_ORDER_NOT_FOUND, { status: 404 });
  return parsed.data;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireSignedIn(request, context.auth);
  const orderNumber = orderNumberOf(params);
  try {
    return { order: await getAccountOrder(context.db, user.id, orderNumber) };
  } catch (error) {
    // Someone else's order and no order at all read the same.
    if (isDomainError(error) && error.code === "NOT_FOUND") throw data(ACCOUNT_ORDER_NOT_FOUND, { status: 404 });
    throw error;
  }
}

type ReorderResult = ({ ok: true } & Reorder) | { ok: false; message: string };

/** Reorder: the order's lines at today's prices and stock, for the browser to put in its cart. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireSignedIn(request, context.auth);
  const orderNumber = orderNumberOf(params);
  const intent = (await request.formData()).get("intent");
  if (intent !== "reorder") return data<ReorderResult>({ ok: false, message: "Which button was that? Please try again." }, { status: 400 });
  try {
    return data<ReorderResult>({ ok: true, ...(await reorder(context.db, user.id, orderNumber)) });
  } catch (error) {
    return actionFailure(error, { msg: "reorder refused" }, ({ message }): ReorderResult => ({ ok: false, message }));
  }
}

export default function AccountOrder({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const fetcher = useFetcher<ReorderResult>();
  const [told, setTold] = useState<{ ok: boolean; lines: string[] } | null>(null);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result) return;
    if (!result.ok) return setTold({ ok: false, lines: [result.message] });
    if (result.lines.length) writeCart(mergeIntoCart(readCart(), result.lines));
    const changes = result.changes.map(reorderChangeText);
    setTold({
      ok: result.lines.length > 0,
      lines: result.lines.length === 0 ? [REORDER_NOTHING, ...changes] : changes.length ? changes : [REORDER_ALL_SAME],
    });
  }, [fetcher.state, fetcher.data]);
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <p className="text-sm">
        <Link to="/account/orders" className="inline-block py-1 font-medium text-leather-700 underline">
          ← My orders
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="font-serif text-3xl text-leather-800">Order {order.orderNumber}</h1>
        <StatusBadge status={order.status} label={order.statusLabel} />
      </div>
      <p className="mt-1 text-stone-700">
        Placed <time dateTime={order.placedAt}>{formatAdminDate(order.placedAt)}</time>
      </p>
      <AccountNav />
      <fetcher.Form method="post" className="mt-6">
        <input type="hidden" name="intent" value="reorder" />
        <button
          type="submit"
          disabled={fetcher.state !== "idle"}
          className="min-h-11 w-full rounded-md bg-leather-700 px-5 py-3 font-semibold text-white hover:bg-leather-800 disabled:opacity-60 sm:w-auto"
        >
          {fetcher.state !== "idle" ? "Adding to cart..." : "Reorder"}
        </button>
      </fetcher.Form>
      <div role="status" className="mt-3">
        {told && (
          <div
            className={`rounded-md border px-4 py-3 text-sm ${told.ok ? "border-green-200 bg-green-50 text-green-900" : "border-amber-300 bg-amber-50 text-amber-900"}`}
          >
            <ul className="space-y-1">
              {told.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            {told.ok && (
              <Link to="/cart" className="mt-2 inline-block py-1 font-semibold underline">
                Go to your cart
              </Link>
            )}
          </div>
        )}
      </div>

      <section aria-labelledby="items-heading" className="mt-8 rounded-xl border border-leather-200 bg-white p-5 shadow-sm">
        <h2 id="items-heading" className="font-serif text-2xl text-leather-800">
          Items
        </h2>
        <OrderSummary order={order} withTotal />
      </section>

      <section aria-labelledby="progress-heading" className="mt-6 rounded-xl border border-leather-200 bg-white p-5 shadow-sm">
        <h2 id="progress-heading" className="font-serif text-2xl text-leather-800">
          Where it is
        </h2>
        <OrderProgress order={order} />
      </section>

      <section aria-labelledby="deliver-heading" className="mt-6 rounded-xl border border-leather-200 bg-white p-5 shadow-sm">
        <h2 id="deliver-heading" className="font-serif text-2xl text-leather-800">
          Delivery address
        </h2>
        <DeliveryAddress deliverTo={order.deliverTo} />
      </section>
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteError backTo={{ to: "/account/orders", label: "My orders" }} />;
}
