import { useEffect } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import type { Route } from "./+types/confirm-order";
import { publicUrlFrom, seo } from "~/lib/seo";
import { formatAmount } from "~/modules/catalog/pricing";
import { RouteError } from "~/components/ui/route-error";

export function meta({ matches }: Route.MetaArgs) {
  return seo(publicUrlFrom(matches), { title: "Order Confirmed", description: "Your order is confirmed.", path: "/confirmorder", noindex: true });
}

interface ConfirmState {
  orderId?: string;
  orderTotal?: number;
  storedOrderId?: string;
}

/** Reached only right after placing an order, with its details in navigation state. */
export default function ConfirmOrder() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? {}) as ConfirmState;
  useEffect(() => {
    if (!state.orderId) navigate("/", { replace: true });
  }, [state.orderId, navigate]);
  if (!state.orderId) return null;
  return (
    <section className="mx-auto max-w-2xl px-4 py-14 text-center">
      <div className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-green-100 text-3xl text-green-800" aria-hidden="true">
        ✓
      </div>
      <h1 className="mt-5 font-serif text-4xl text-leather-800">Order Confirmed!</h1>
      <p className="mt-3 text-stone-700">Thank you for shopping with us.</p>
      <dl className="mx-auto mt-8 grid max-w-md gap-3 rounded-xl border border-leather-200 bg-white p-5 text-left">
        <div className="flex justify-between gap-4">
          <dt className="text-stone-600">Order ID</dt>
          <dd className="font-mono font-semibold">{state.orderId}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-stone-600">Total</dt>
          <dd className="font-semibold">{formatAmount(state.orderTotal ?? 0)}</dd>
        </div>
      </dl>
      <div className="mx-auto mt-8 max-w-md text-left">
        <h2 className="font-serif text-2xl text-leather-800">What's Next?</h2>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-stone-800">
          <li>You will receive a confirmation email shortly.</li>
          <li>Your order will be delivered within 3-5 business days.</li>
          <li>Pay with cash when your order arrives.</li>
          <li>Stock has been automatically updated.</li>
        </ul>
        <p className="mt-4 text-stone-700">
          Follow your order any time on{" "}
          <Link to="/track" className="font-medium text-leather-700 underline">
            Track your order
          </Link>{" "}
          with its number and your phone number.
        </p>
      </div>
      <div className="mt-10 flex flex-wrap justify-center gap-3">
        <Link to="/" className="rounded-md border border-leather-300 px-5 py-3 font-medium text-leather-800 hover:bg-leather-100">
          Back to Home
        </Link>
        <Link to="/shop" className="rounded-md bg-leather-700 px-5 py-3 font-semibold text-white hover:bg-leather-800">
          Continue Shopping
        </Link>
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteError />;
}
