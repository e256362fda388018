import { data, Link, useLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/cart";
import { publicUrlFrom, seo } from "~/lib/seo";
import { parseCartField } from "~/modules/cart/cart.schema";
import { drawnCart, priceCartLines } from "~/modules/cart/cart.server";
import { lineId, useCart } from "~/components/storefront/use-cart";
import { CartLineRow, CartSummary, LINES_ON_THE_FIRST_SCREEN } from "~/components/storefront/cart-lines";
import { RouteError } from "~/components/ui/route-error";

export function meta({ matches }: Route.MetaArgs) {
  return seo(publicUrlFrom(matches), { title: "Your cart", description: "Your shopping cart.", path: "/cart" });
}

/**
 * The cart the browser mirrored in its cookie, priced, so the page is drawn whole on the server
 * (docs/decisions/0062); null without a readable copy (the page then draws localStorage's cart
 * once its scripts run). Never kept by a shared cache (cache-policy.server.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { cart: await drawnCart(context.db, request.headers.get("cookie")) };
}

/** Pricing the cart again (the action, from useCart) does not draw the page again. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? false : defaultShouldRevalidate;
}

/** Prices the browser's cart from the database: current price and stock of each line. */
export async function action({ request, context }: Route.ActionArgs) {
  const lines = parseCartField((await request.formData()).get("cart"));
  if (!lines) return data({ lines: [] }, { status: 400 });
  return data({ lines: await priceCartLines(context.db, lines) });
}

export default function Cart() {
  const cart = useCart(useLoaderData<typeof loader>()?.cart ?? null);
  if (!cart.loaded) {
    return (
      <section className="mx-auto max-w-5xl px-4 py-10">
        <h1 className="font-serif text-3xl text-leather-800">Your Cart</h1>
        <p className="mt-6 text-stone-700">Loading your cart…</p>
      </section>
    );
  }
  if (cart.rows.length === 0) {
    return (
      <section className="mx-auto max-w-5xl px-4 py-16 text-center">
        <h1 className="font-serif text-3xl text-leather-800">Your Cart</h1>
        <p className="mt-6 text-lg text-stone-700">Your cart is empty.</p>
        <p className="mt-1 text-stone-600">Find something you love in our handcrafted collection.</p>
        <Link to="/shop" className="mt-8 inline-block rounded-md bg-leather-700 px-6 py-3 font-semibold text-white hover:bg-leather-800">
          Continue Shopping
        </Link>
      </section>
    );
  }
  const available = new Map(cart.rows.filter((r) => r.priced).map((r) => [lineId(r.line), r.priced!.found ? r.priced!.available : 0]));
  return (
    <section className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="font-serif text-3xl text-leather-800">Your Cart</h1>
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_20rem]">
        <div>
          {cart.hasProblems && (
            <div
              role="alert"
              className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900"
            >
              <span>Some items are sold out or short of stock.</span>
              <button
                type="button"
                onClick={() => cart.fixProblems(available)}
                className="rounded-md bg-amber-800 px-3 py-1.5 text-sm font-medium text-white"
              >
                Update cart to what is available
              </button>
            </div>
          )}
          <ul className="divide-y divide-leather-200 rounded-xl border border-leather-200 bg-white px-4">
            {cart.rows.map((row, i) => (
              <CartLineRow
                key={lineId(row.line)}
                row={row}
                onFirstScreen={i < LINES_ON_THE_FIRST_SCREEN}
                onQuantity={(q) => cart.setQuantity(row.line, q)}
                onRemove={() => cart.remove(row.line)}
              />
            ))}
          </ul>
        </div>
        <aside className="h-fit rounded-xl border border-leather-200 bg-white p-5" aria-label="Order summary">
          <h2 className="mb-4 font-serif text-xl text-leather-800">Order summary</h2>
          <CartSummary totals={cart.totals} />
          {cart.hasProblems || !cart.priced ? (
            <button type="button" disabled className="mt-5 w-full rounded-md bg-leather-700 px-4 py-3 font-semibold text-white opacity-50">
              Proceed to Checkout
            </button>
          ) : (
            <Link
              to="/checkout"
              className="mt-5 block w-full rounded-md bg-leather-700 px-4 py-3 text-center font-semibold text-white hover:bg-leather-800"
            >
              Proceed to Checkout
            </Link>
          )}
          <p className="mt-3 text-center text-xs text-stone-600">Cash on delivery · Free delivery across Pakistan</p>
          <Link to="/shop" className="mt-2 block py-2.5 text-center text-sm text-leather-700 underline">
            Continue Shopping
          </Link>
        </aside>
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteError backTo={{ to: "/shop", label: "Back to Shop" }} />;
}
