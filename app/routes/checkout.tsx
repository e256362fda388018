import { useEffect, useRef, useState, useSyncExternalStore, type FocusEvent } from "react";
import { data, Link, useFetcher, useLoaderData, useNavigate, type ShouldRevalidateFunctionArgs } from "react-router";
import { formText } from "~/lib/form-text";
import type { Route } from "./+types/checkout";
import { getEnv } from "~/config.server";
import { isDomainError } from "~/lib/errors";
import { actionFailure } from "~/lib/action-failure.server";
import { publicUrlFrom, seo } from "~/lib/seo";
import { keepFormWhenUnanswered } from "~/lib/unanswered";
import { parseCartField } from "~/modules/cart/cart.schema";
import {
  CHECKOUT_MESSAGES,
  checkoutSchema,
  fieldErrors,
  ORDER_NOT_ANSWERED,
  orderFailed,
  type CheckoutField,
} from "~/modules/orders/checkout.schema";
import { placeOrderWithinLimits } from "~/modules/orders/order-limits.server";
import { receiptFor } from "~/modules/orders/order-receipt.server";
import { checkoutPrefill } from "~/modules/accounts/profile.server";
import { getCurrentUser } from "~/modules/accounts/session.server";
import type { Shortage } from "~/modules/orders/orders.server";
import { formatPrice } from "~/modules/catalog/pricing";
import { colourLabel } from "~/modules/catalog/colour-label";
import { cartPayload, lineId, unitPriceOf, useCart } from "~/components/storefront/use-cart";
import { CartSummary } from "~/components/storefront/cart-lines";
import { FormAlert, TextAreaField, TextField } from "~/components/ui/field";
import { RouteError } from "~/components/ui/route-error";

export function meta({ matches }: Route.MetaArgs) {
  return seo(publicUrlFrom(matches), { title: "Checkout", description: "Cash on delivery checkout.", path: "/checkout", noindex: true });
}

type ActionResult =
  | { ok: true; orderId: string; orderTotal: number; storedOrderId: string; receipt: string }
  | {
      ok: false;
      message: string;
      errors?: Partial<Record<CheckoutField, string>>;
      shortages?: Shortage[];
      unanswered?: true;
      /** The page's key already placed another order: the next Place Order needs a key of its own. */
      freshKey?: true;
    };

/**
 * A signed-in customer's checkout starts filled in from their profile and default address
 * (docs/decisions/0057); the order is checked like any other when placed.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getCurrentUser(request, context.auth, new Date(), { fresh: true });
  return { prefill: user ? await checkoutPrefill(context.db, user.id) : null };
}

/**
 * The filled-in values are a starting point read when the page opens: Place Order (whose answer
 * may never arrive, see clientAction) does not read them again.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? false : defaultShouldRevalidate;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = checkoutSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return data<ActionResult>({ ok: false, message: CHECKOUT_MESSAGES.fixForm, errors: fieldErrors(parsed.error) }, { status: 400 });
  }
  const lines = parseCartField(form.get("cart"));
  if (!lines || lines.length === 0) {
    return data<ActionResult>({ ok: false, message: CHECKOUT_MESSAGES.emptyCart }, { status: 400 });
  }
  const idempotencyKey = formText(form, "idempotencyKey");
  if (!/^[A-Za-z0-9-]{16,64}$/.test(idempotencyKey)) {
    return data<ActionResult>({ ok: false, message: orderFailed("the form expired, please reload the page.") }, { status: 400 });
  }
  try {
    const user = await getCurrentUser(request, context.auth, new Date(), { fresh: true });
    const order = await placeOrderWithinLimits(
      context.db,
      { customer: parsed.data, lines, idempotencyKey, shopUrl: getEnv().publicUrl, userId: user?.id ?? null },
      { address: context.clientAddress, limits: getEnv().orderLimits },
    );
    context.mailer.kick();
    const receipt = await receiptFor(context.db, order.id);
    return data<ActionResult>({ ok: true, orderId: order.orderNumber, orderTotal: order.total, storedOrderId: order.id, receipt });
  } catch (error) {
    if (isDomainError(error) && error.code === "OUT_OF_STOCK") {
      const shortages = (error.details?.shortages ?? []) as Shortage[];
      const list = shortages
        .map((s) => `${s.productName}${s.size ? ` (size ${s.size})` : ""}: ${s.available === 0 ? "sold out" : `only ${s.available} left`}`)
        .join("; ");
      return data<ActionResult>(
        {
          ok: false,
          message: orderFailed(
            `some items are no longer available in the quantity you chose — ${list}. Your cart has been updated; please review it and place the order again.`,
          ),
          shortages,
        },
        { status: 409 },
      );
    }
    // A refusal for too many orders reads as it is, with its wait (and Retry-After).
    return actionFailure(error, { msg: "order placement failed" }, ({ message, code }): ActionResult => ({
      ok: false,
      message: code === "TOO_MANY_REQUESTS" ? message : orderFailed(message),
      ...(code === "CONFLICT" && { freshKey: true as const }),
    }));
  }
}

const FIELDS: { name: CheckoutField; label: string; required?: boolean; type?: string; autoComplete?: string; full?: boolean; hint?: string }[] = [
  { name: "firstName", label: "First name", required: true, autoComplete: "given-name" },
  { name: "lastName", label: "Last name", required: true, autoComplete: "family-name" },
  { name: "email", label: "Email", required: true, type: "email", autoComplete: "email" },
  { name: "phone", label: "Phone", required: true, type: "tel", autoComplete: "tel", hint: "03XXXXXXXXX" },
  { name: "alternatePhone", label: "Alternate phone", type: "tel", autoComplete: "tel" },
];
const ADDRESS: typeof FIELDS = [
  { name: "streetAddress", label: "Street address", required: true, autoComplete: "address-line1", full: true },
  { name: "apartment", label: "Apartment, suite, etc.", autoComplete: "address-line2", full: true },
  { name: "city", label: "City", required: true, autoComplete: "address-level2" },
  { name: "state", label: "State/Province", required: true, autoComplete: "address-level1" },
  { name: "zipCode", label: "ZIP code", required: true, autoComplete: "postal-code" },
  { name: "country", label: "Country", autoComplete: "country-name" },
  { name: "landmark", label: "Landmark", full: true, hint: "Near a mosque, school or market — helps our courier" },
];

/** The form's fields in the order they are shown, to find the first one with a problem. */
const FIELD_ORDER: CheckoutField[] = [...FIELDS, ...ADDRESS].map((f) => f.name);

/**
 * After a refused Place Order: the first field with a problem (or, when no field has one, the
 * banner) is focused and brought into view, so a shopper on a phone sees what to fix.
 */
function showFirstProblem(errors: Partial<Record<CheckoutField, string>>) {
  const first = FIELD_ORDER.find((name) => errors[name]);
  const target = document.getElementById(first ?? "checkout-banner");
  if (!target) return;
  target.focus({ preventScroll: true });
  target.scrollIntoView({ block: "center" });
}

const PHONE_QUERY = "(max-width: 1023px)";
/** True on screens narrower than the two-column layout (false while rendering on the server). */
function usePhoneLayout(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(PHONE_QUERY);
      query.addEventListener("change", changed);
      return () => query.removeEventListener("change", changed);
    },
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}

function newKey() {
  return crypto.randomUUID();
}

function validateField(name: CheckoutField, value: string): string | undefined {
  const result = checkoutSchema.shape[name].safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/**
 * Place Order goes to the server's action. When its answer never arrives (the phone lost its
 * connection, or the proxy answered for a server that went away), the page stays as it was, with a
 * message and the same idempotency key: pressing Place Order again confirms the order the shop
 * already has, or places it once.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<ActionResult> {
  return keepFormWhenUnanswered(serverAction, { ok: false as const, message: ORDER_NOT_ANSWERED });
}

export default function Checkout() {
  const prefill = useLoaderData<typeof loader>()?.prefill ?? null;
  const cart = useCart();
  const fetcher = useFetcher<ActionResult>();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Partial<Record<CheckoutField, string>>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [key, setKey] = useState("");
  const submitting = fetcher.state !== "idle";

  useEffect(() => setKey(newKey()), []);

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result) return;
    if (result.ok) {
      cart.clear();
      void navigate("/confirmorder", {
        replace: true,
        state: { orderId: result.orderId, orderTotal: result.orderTotal, storedOrderId: result.storedOrderId, receipt: result.receipt },
      });
      return;
    }
    setBanner(result.message);
    if (result.errors) setErrors(result.errors);
    showFirstProblem(result.errors ?? {});
    if (result.shortages?.length) {
      cart.fixProblems(new Map(result.shortages.map((s) => [lineId(s), s.available])));
      setKey(newKey());
    }
    if (result.freshKey) setKey(newKey());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);

  const onBlur = (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const name = event.target.name as CheckoutField;
    if (!(name in checkoutSchema.shape)) return;
    const message = validateField(name, event.target.value);
    setErrors((e) => ({ ...e, [name]: message }));
  };
  const onEdit = (event: { target: EventTarget | null }) => {
    const name = (event.target as HTMLInputElement).name as CheckoutField;
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const formData = new FormData(event.currentTarget);
    const parsed = checkoutSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      setBanner(CHECKOUT_MESSAGES.fixForm);
      showFirstProblem(found);
      return;
    }
    if (cart.rows.length === 0) {
      setBanner(CHECKOUT_MESSAGES.emptyCart);
      showFirstProblem({});
      return;
    }
    setBanner(null);
    formData.set("cart", cartPayload(cart.rows.map((r) => r.line)));
    formData.set("idempotencyKey", key);
    void fetcher.submit(formData, { method: "post" });
  };

  const field = (f: (typeof FIELDS)[number]) => {
    const common = {
      id: f.name,
      label: f.label,
      required: f.required,
      error: errors[f.name],
      hint: f.hint,
      onBlur,
      onChange: onEdit,
      autoComplete: f.autoComplete,
    };
    return (
      <div key={f.name} className={f.full ? "sm:col-span-2" : undefined}>
        <TextField {...common} type={f.type ?? "text"} defaultValue={prefill?.[f.name] || (f.name === "country" ? "Pakistan" : undefined)} />
      </div>
    );
  };

  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="font-serif text-3xl text-leather-800">Checkout</h1>
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <CheckoutSummary cart={cart} />
        <form
          ref={formRef}
          method="post"
          noValidate
          onSubmit={onSubmit}
          className="space-y-6 lg:col-start-1 lg:row-start-1"
          aria-describedby={banner ? "checkout-banner" : undefined}
        >
          <div id="checkout-banner" tabIndex={-1} className="scroll-mt-24 outline-none">
            <FormAlert message={banner} />
          </div>
          <fieldset className="rounded-xl border border-leather-200 bg-white p-5">
            <legend className="px-1 font-serif text-xl text-leather-800">Your details</legend>
            <div className="grid gap-4 sm:grid-cols-2">{FIELDS.map(field)}</div>
          </fieldset>
          <fieldset className="rounded-xl border border-leather-200 bg-white p-5">
            <legend className="px-1 font-serif text-xl text-leather-800">Shipping address</legend>
            <div className="grid gap-4 sm:grid-cols-2">{ADDRESS.map(field)}</div>
          </fieldset>
          <fieldset className="rounded-xl border border-leather-200 bg-white p-5">
            <legend className="px-1 font-serif text-xl text-leather-800">Notes</legend>
            <TextAreaField id="notes" label="Order notes" hint="Optional: anything the courier or we should know." rows={3} onChange={onEdit} />
          </fieldset>
          <fieldset className="rounded-xl border border-leather-200 bg-white p-5">
            <legend className="px-1 font-serif text-xl text-leather-800">Payment</legend>
            <label className="flex items-center gap-3">
              <input type="radio" name="paymentMethod" value="cod" defaultChecked readOnly className="h-4 w-4 accent-leather-700" />
              <span>
                <span className="font-medium">Cash on Delivery</span>
                <span className="block text-sm text-stone-600">Pay in cash when your order arrives. Delivery in 3-5 business days.</span>
              </span>
            </label>
          </fieldset>
          <div className="space-y-3 rounded-xl border border-leather-200 bg-white p-5">
            {/* What is paid, beside the button that commits to it: on a phone both are in view at the form's end. */}
            {cart.loaded && cart.rows.length > 0 && (
              <p id="checkout-to-pay" className="flex flex-wrap items-baseline justify-between gap-x-3 text-stone-900">
                <span>
                  Total to pay on delivery
                  <span className="block text-sm text-stone-600">
                    {cart.totals.tax > 0 ? "Tax (5%) included, " : ""}delivery free{cart.priced ? "" : " · checking prices…"}
                  </span>
                </span>
                <span className="whitespace-nowrap text-xl font-semibold">{formatPrice(cart.totals.total)}</span>
              </p>
            )}
            <button
              type="submit"
              disabled={submitting || !key}
              aria-describedby={cart.loaded && cart.rows.length > 0 ? "checkout-to-pay" : undefined}
              className="w-full rounded-md bg-leather-700 px-4 py-3.5 text-lg font-semibold text-white hover:bg-leather-800 disabled:opacity-60"
            >
              {submitting ? "Placing Order..." : "Place Order"}
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}

/**
 * What the order costs. Beside the form on wide screens; on phones at the top of the page, folded
 * to one line with the total ("Show order summary"), so nobody places an order before seeing what
 * they pay.
 */
function CheckoutSummary({ cart }: { cart: ReturnType<typeof useCart> }) {
  const phone = usePhoneLayout();
  const [open, setOpen] = useState(false);
  const empty = cart.loaded && cart.rows.length === 0;
  const shown = !phone || open || empty;
  return (
    <aside className="h-fit rounded-xl border border-leather-200 bg-white p-5 lg:col-start-2 lg:row-start-1" aria-label="Order summary">
      {phone && !empty ? (
        <button
          type="button"
          aria-expanded={open}
          aria-controls="checkout-summary"
          onClick={() => setOpen((o) => !o)}
          className="flex min-h-11 w-full items-center justify-between gap-3 text-left font-medium text-leather-800"
        >
          <span className="underline underline-offset-2">{open ? "Hide order summary" : "Show order summary"}</span>
          {!open && cart.loaded && cart.rows.length > 0 && (
            <span className="whitespace-nowrap text-lg font-semibold text-stone-900">{formatPrice(cart.totals.total)}</span>
          )}
        </button>
      ) : (
        <h2 className="mb-4 font-serif text-xl text-leather-800">Order summary</h2>
      )}
      {shown && (
        <div id="checkout-summary" className={phone ? "mt-4" : undefined}>
          {cart.loaded && cart.rows.length === 0 ? (
            <p className="text-stone-700">
              Your cart is empty.{" "}
              <Link to="/shop" className="text-leather-700 underline">
                Continue Shopping
              </Link>
            </p>
          ) : (
            <>
              <ul className="mb-4 space-y-2 text-sm">
                {cart.rows.map((r) => (
                  <li key={lineId(r.line)} className="flex justify-between gap-3">
                    <span>
                      {r.line.productQuantity} × {r.priced?.productName || r.line.productName}
                      <span className="block text-xs text-stone-600">
                        {[colourLabel(r.line.productColor), r.line.productSize || "One Size"].filter(Boolean).join(" · ")}
                      </span>
                      {r.problem && (
                        <span className="block text-xs font-medium text-red-700">
                          {r.problem === "short" ? `Only ${r.priced?.available} left` : "Not available"}
                        </span>
                      )}
                    </span>
                    <span className="whitespace-nowrap">{unitPriceOf(r) === null ? "—" : formatPrice(unitPriceOf(r)! * r.line.productQuantity)}</span>
                  </li>
                ))}
              </ul>
              <CartSummary totals={cart.totals} />
            </>
          )}
        </div>
      )}
    </aside>
  );
}

export function ErrorBoundary() {
  return <RouteError backTo={{ to: "/cart", label: "Back to Cart" }} />;
}
