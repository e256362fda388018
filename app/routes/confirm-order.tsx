import { useEffect } from "react";
import { data, useFetcher, useLocation, useNavigate, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/confirm-order";
import { getEnv } from "~/config.server";
import { actionFailure } from "~/lib/action-failure.server";
import { parseForm } from "~/lib/form-refusal.server";
import type { loader as rootLoader } from "~/root";
import { saveDetailsSchema } from "~/modules/accounts/profile.schema";
import { saveDetailsFromOrder } from "~/modules/accounts/save-details.server";
import { signupMailSent } from "~/modules/accounts/signup-link";
import { publicUrlFrom, seo } from "~/lib/seo";
import { orderByReceipt } from "~/modules/orders/order-receipt.server";
import { RouteError } from "~/components/ui/route-error";
import { useHydrated } from "~/components/ui/use-hydrated";
import { OrderConfirmation, type ConfirmedDetails, type SaveDetailsResult } from "~/components/storefront/order-confirmation";
import { placedOrderOfThisTab, type PlacedOrder } from "~/modules/orders/placed-order";

/**
 * The order this browser placed, for its receipt (posted, so no cache keeps it and no log has it);
 * with `intent=save-details`, "Save my details": an account for the order's e-mail, made when the
 * link mailed to it is used (save-details.server.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") === "save-details") {
    const parsed = parseForm(saveDetailsSchema, form);
    if (!parsed.ok) return parsed.response;
    try {
      const { email } = await saveDetailsFromOrder(context.db, { ...parsed.value, address: context.clientAddress, baseUrl: getEnv().publicUrl });
      context.mailer.kick();
      return data<SaveDetailsResult>({ sent: signupMailSent(email) });
    } catch (error) {
      return actionFailure(error, { msg: "save my details refused" }, ({ message }): SaveDetailsResult => ({ error: message }));
    }
  }
  const receipt = form.get("receipt");
  if (typeof receipt !== "string" || !receipt) return data({ ok: false as const, message: "Which order?" }, { status: 400 });
  try {
    return { ok: true as const, order: await orderByReceipt(context.db, receipt) };
  } catch (error) {
    return actionFailure(error, { msg: "order receipt could not be read" }, ({ message }) => ({ ok: false as const, message }));
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(publicUrlFrom(matches), { title: "Order Confirmed", description: "Your order is confirmed.", path: "/confirmorder", noindex: true });
}

/**
 * Reached right after placing an order, with its details in navigation state; or, if the page was
 * loaded anew on the way (a release in between, decision 0073), with the tab's own copy of them.
 */
export default function ConfirmOrder() {
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const state: Partial<PlacedOrder> = (location.state as PlacedOrder | null) ?? (hydrated ? placedOrderOfThisTab() : null) ?? {};
  const details = useFetcher<NonNullable<ConfirmedDetails>>();
  useEffect(() => {
    if (hydrated && !state.orderId) void navigate("/", { replace: true });
  }, [hydrated, state.orderId, navigate]);
  const { submit } = details;
  useEffect(() => {
    if (state.receipt) void submit({ receipt: state.receipt }, { method: "post", action: "/confirmorder" });
  }, [state.receipt, submit]);
  // The order's details are in this tab (its history, or its own copy), which the server does not
  // see: a reloaded confirmation is drawn once the page runs, so that it hydrates the server's empty page.
  const signedIn = Boolean(useRouteLoaderData<typeof rootLoader>("root")?.user);
  if (!hydrated || !state.orderId) return null;
  return (
    <OrderConfirmation
      orderId={state.orderId}
      orderTotal={state.orderTotal ?? 0}
      receipt={state.receipt}
      details={details.data}
      offerSaveDetails={!signedIn}
    />
  );
}

export function ErrorBoundary() {
  return <RouteError />;
}
