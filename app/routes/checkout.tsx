import { useEffect, useEffectEvent, useRef, useState, type FocusEvent } from "react";
import { data, useActionData, useFetcher, useLoaderData, useNavigate, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
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
import { orderByReceipt, receiptFor, type OrderReceipt } from "~/modules/orders/order-receipt.server";
import { checkoutPrefill } from "~/modules/accounts/profile.server";
import { getCurrentUser } from "~/modules/accounts/session.server";
import type { Shortage } from "~/modules/orders/orders.server";
import { drawnCart } from "~/modules/cart/cart.server";
import { cartFromCookie, orderedCartCookieText } from "~/modules/cart/cart-cookie.server";
import { cartPayload, lineId, useCart } from "~/components/storefront/use-cart";
import { CheckoutSummary } from "~/components/storefront/checkout-summary";
import { CheckoutFieldsets, PlaceOrder, showFirstProblem } from "~/components/storefront/checkout-fields";
import { FormAlert } from "~/components/ui/field";
import { RouteError } from "~/components/ui/route-error";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useResendUnanswered } from "~/components/ui/use-resend-unanswered";
import { OrderConfirmation } from "~/components/storefront/order-confirmation";
import type { loader as rootLoader } from "~/root";
import { shortageMessage } from "~/modules/orders/shortage-message";
import { keepPlacedOrder, type PlacedOrder } from "~/modules/orders/placed-order";

export function meta({ matches }: Route.MetaArgs) {
  return seo(publicUrlFrom(matches), { title: "Checkout", description: "Cash on delivery checkout.", path: "/checkout" });
}

type Typed = Partial<Record<CheckoutField, string>>;

type ActionResult =
  | {
      ok: true;
      orderId: string;
      orderTotal: number;
      storedOrderId: string;
      receipt: string;
      /** The order as stored, for the confirmation the page draws after a post without scripts. */
      order?: OrderReceipt;
    }
  | {
      ok: false;
      message: string;
      errors?: Partial<Record<CheckoutField, string>>;
      shortages?: Shortage[];
      unanswered?: true;
      /** The page's key already placed another order: the next Place Order needs a key of its own. */
      freshKey?: true;
      /** What was typed, for the page drawn again after a post without scripts. */
      values?: Typed;
    };

/**
 * A signed-in customer's checkout starts filled in from their profile and default address
 * (docs/decisions/0057); the order is checked like any other when placed. The summary is drawn
 * from the cart the browser mirrored in its cookie (docs/decisions/0062), null without one. The
 * page gets an idempotency key of its own, so Place Order works before (or without) its scripts;
 * the page is private and never stored (CART_POLICY), so no two shoppers share a key.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getCurrentUser(request, context.auth, new Date(), { fresh: true });
  const [prefill, cart] = await Promise.all([
    user ? checkoutPrefill(context.db, user.id) : null,
    drawnCart(context.db, request.headers.get("cookie")),
  ]);
  return { prefill, cart, idempotencyKey: newKey() };
}

/**
 * The filled-in values are a starting point read when the page opens: Place Order (whose answer
 * may never arrive, see clientAction) does not read them again.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? false : defaultShouldRevalidate;
}

/** What the shopper typed, as posted, to draw the form again with it. */
function typedIn(form: FormData): Typed {
  const typed: Typed = {};
  for (const name of Object.keys(checkoutSchema.shape) as CheckoutField[]) {
    const value = form.get(name);
    if (typeof value === "string" && value.length <= 2000) typed[name] = value;
  }
  return typed;
}

/**
 * With scripts, the page sends the browser's cart in a `cart` field and reads the answer through
 * its fetcher. Without (a plain form post: no `cart` field), the lines come from the `cart` cookie
 * as the loader reads it, a refusal carries what was typed back to the form, and a placed order
 * clears the cookie: the page then draws the confirmation itself.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const plain = !form.has("cart");
  const refuse = (result: Extract<ActionResult, { ok: false }>) => (plain ? { ...result, values: typedIn(form) } : result);
  // The one form-error path (decision 0063); checkout's answer keeps its own envelope, read by its fetcher.
  const parsed = checkForm(checkoutSchema, form);
  if (!parsed.ok) {
    return data<ActionResult>(refuse({ ok: false, message: CHECKOUT_MESSAGES.fixForm, errors: parsed.fieldErrors }), { status: 400 });
  }
  const lines = plain ? cartFromCookie(request.headers.get("cookie")) : parseCartField(form.get("cart"));
  if (!lines || lines.length === 0) {
    return data<ActionResult>(refuse({ ok: false, message: CHECKOUT_MESSAGES.emptyCart }), { status: 400 });
  }
  const idempotencyKey = formText(form, "idempotencyKey");
  if (!/^[A-Za-z0-9-]{16,64}$/.test(idempotencyKey)) {
    return data<ActionResult>(refuse({ ok: false, message: orderFailed("the form expired, please reload the page.") }), { status: 400 });
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
    const placed = { ok: true as const, orderId: order.orderNumber, orderTotal: order.total, storedOrderId: order.id, receipt };
    if (!plain) return data<ActionResult>(placed);
    const secure = new URL(request.url).protocol === "https:";
    return data<ActionResult>(
      { ...placed, order: await orderByReceipt(context.db, receipt) },
      { headers: { "Set-Cookie": orderedCartCookieText(secure) } },
    );
  } catch (error) {
    if (isDomainError(error) && error.code === "OUT_OF_STOCK") {
      const shortages = (error.details?.shortages ?? []) as Shortage[];
      return data<ActionResult>(refuse({ ok: false, message: shortageMessage(shortages), shortages }), { status: 409 });
    }
    // A refusal for too many orders reads as it is, with its wait (and Retry-After).
    return actionFailure(error, { msg: "order placement failed" }, ({ message, code }): ActionResult =>
      refuse({
        ok: false,
        message: code === "TOO_MANY_REQUESTS" ? message : orderFailed(message),
        ...(code === "CONFLICT" && { freshKey: true as const }),
      }),
    );
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
  // Set only after Place Order was posted without scripts (its answer drew this page).
  const posted = useActionData<typeof action>();
  const refused = posted && !posted.ok ? posted : undefined;
  const prefill = refused?.values ?? loaded?.prefill ?? null;
  const cart = useCart(loaded?.cart ?? null);
  const fetcher = useFetcher<ActionResult>();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const signedIn = Boolean(useRouteLoaderData<typeof rootLoader>("root")?.user);
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Partial<Record<CheckoutField, string>>>(refused?.errors ?? {});
  const [banner, setBanner] = useState<string | null>(refused?.message ?? null);
  // The loader's key until the scripts run; then the browser's own, as it always was.
  const [key, setKey] = useState(loaded?.idempotencyKey ?? "");
  // An order that got no answer is sent again by itself, with the same key (decision 0070).
  const resend = useResendUnanswered((form) => void fetcher.submit(form, { method: "post" }));
  const submitting = fetcher.state !== "idle" || resend.waiting;

  useEffect(() => setKey(newKey()), []);

  // A refusal for stock drawn without scripts brings the browser's cart in line once they run.
  const fixShortages = useEffectEvent((shortages: Shortage[]) => cart.fixProblems(new Map(shortages.map((s) => [lineId(s), s.available]))));
  useEffect(() => {
    if (refused?.shortages?.length) fixShortages(refused.shortages);
  }, [refused]);

  // What the order's answer does, once per answer (the cart and the page's other state as they are then).
  const answered = useEffectEvent((result: ActionResult) => {
    const resending = resend.resendIfUnanswered(result);
    if (resending) return resending;
    if (result.ok) {
      cart.clear();
      const placed: PlacedOrder = {
        orderId: result.orderId,
        orderTotal: result.orderTotal,
        storedOrderId: result.storedOrderId,
        receipt: result.receipt,
      };
      keepPlacedOrder(placed);
      void navigate("/confirmorder", { replace: true, state: placed });
      return;
    }
    setBanner(result.message);
    if (result.errors) setErrors(result.errors);
    showFirstProblem(result.errors ?? {});
    if (result.shortages?.length) {
      fixShortages(result.shortages);
      setKey(newKey());
    }
    if (result.freshKey) setKey(newKey());
  });
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) return answered(fetcher.data);
  }, [fetcher.state, fetcher.data]);

  // Placed without scripts: the confirmation is this page's answer (the browser's own cart is
  // emptied when its scripts run, settleOrderedCart).
  if (posted?.ok) {
    return (
      <OrderConfirmation
        orderId={posted.orderId}
        orderTotal={posted.orderTotal}
        receipt={posted.receipt}
        details={posted.order ? { ok: true, order: posted.order } : undefined}
        offerSaveDetails={hydrated && !signedIn}
      />
    );
  }

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
    resend.send(formData);
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
          <input type="hidden" name="idempotencyKey" value={key} />
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
