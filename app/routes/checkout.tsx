import { useEffect, useRef, useState, type FocusEvent } from "react";
import { data, useFetcher, useLoaderData, useNavigate, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/checkout";
import { getEnv } from "~/config.server";
import { isDomainError } from "~/lib/errors";
import { actionFailure } from "~/lib/action-failure.server";
import { checkForm } from "~/lib/form-errors";
import { formText } from "~/lib/form-text";
import { publicUrlFrom, seo } from "~/lib/seo";
import { keepFormWhenUnanswered } from "~/lib/unanswered";
import { parseCartField } from "~/modules/cart/cart.schema";
import { CHECKOUT_MESSAGES, checkoutSchema, ORDER_NOT_ANSWERED, orderFailed, type CheckoutField } from "~/modules/orders/checkout.schema";
import { placeOrderWithinLimits } from "~/modules/orders/order-limits.server";
import { receiptFor } from "~/modules/orders/order-receipt.server";
import { checkoutPrefill } from "~/modules/accounts/profile.server";
import { getCurrentUser } from "~/modules/accounts/session.server";
import type { Shortage } from "~/modules/orders/orders.server";
import { drawnCart } from "~/modules/cart/cart.server";
import { cartPayload, lineId, useCart } from "~/components/storefront/use-cart";
import { CheckoutSummary } from "~/components/storefront/checkout-summary";
import { CheckoutFieldsets, PlaceOrder, showFirstProblem } from "~/components/storefront/checkout-fields";
import { FormAlert } from "~/components/ui/field";
import { RouteError } from "~/components/ui/route-error";

export function meta({ matches }: Route.MetaArgs) {
  return seo(publicUrlFrom(matches), { title: "Checkout", description: "Cash on delivery checkout.", path: "/checkout" });
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
 * (docs/decisions/0057); the order is checked like any other when placed. The summary is drawn
 * from the cart the browser mirrored in its cookie (docs/decisions/0062), null without one.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getCurrentUser(request, context.auth, new Date(), { fresh: true });
  const [prefill, cart] = await Promise.all([
    user ? checkoutPrefill(context.db, user.id) : null,
    drawnCart(context.db, request.headers.get("cookie")),
  ]);
  return { prefill, cart };
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
  // The one form-error path (decision 0063); checkout's answer keeps its own envelope, read by its fetcher.
  const parsed = checkForm(checkoutSchema, form);
  if (!parsed.ok) {
    return data<ActionResult>({ ok: false, message: CHECKOUT_MESSAGES.fixForm, errors: parsed.fieldErrors }, { status: 400 });
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
      { customer: parsed.value, lines, idempotencyKey, shopUrl: getEnv().publicUrl, userId: user?.id ?? null },
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
  const loaded = useLoaderData<typeof loader>();
  const prefill = loaded?.prefill ?? null;
  const cart = useCart(loaded?.cart ?? null);
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
    const checked = checkForm(checkoutSchema, formData);
    if (!checked.ok) {
      const found = checked.fieldErrors;
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
          <CheckoutFieldsets errors={errors} prefill={prefill} onBlur={onBlur} onEdit={onEdit} />
          <PlaceOrder cart={cart} submitting={submitting} ready={Boolean(key)} />
        </form>
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteError backTo={{ to: "/cart", label: "Back to Cart" }} />;
}
