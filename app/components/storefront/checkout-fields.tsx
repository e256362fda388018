import type { FocusEvent } from "react";
import type { CheckoutField } from "~/modules/orders/checkout.schema";
import { formatPrice, TAX_LABEL } from "~/modules/catalog/pricing";
import { TextAreaField, TextField } from "~/components/ui/field";
import type { useCart } from "./use-cart";
import { ADDRESS_FIELDS } from "./address-fields";

type FieldSpec = { name: CheckoutField; label: string; required?: boolean; type?: string; autoComplete?: string; full?: boolean; hint?: string };

const FIELDS: FieldSpec[] = [
  { name: "firstName", label: "First name", required: true, autoComplete: "given-name" },
  { name: "lastName", label: "Last name", required: true, autoComplete: "family-name" },
  { name: "email", label: "Email", required: true, type: "email", autoComplete: "email" },
  { name: "phone", label: "Phone", required: true, type: "tel", autoComplete: "tel", hint: "03XXXXXXXXX" },
  { name: "alternatePhone", label: "Alternate phone", type: "tel", autoComplete: "tel" },
];
const ADDRESS: FieldSpec[] = [...ADDRESS_FIELDS];

/** The form's fields in the order they are shown, to find the first one with a problem. */
const FIELD_ORDER: CheckoutField[] = [...FIELDS, ...ADDRESS].map((f) => f.name);

/**
 * After a refused Place Order: the first field with a problem (or, when no field has one, the
 * banner) is focused and brought into view, so a shopper on a phone sees what to fix.
 */
export function showFirstProblem(errors: Partial<Record<CheckoutField, string>>) {
  const first = FIELD_ORDER.find((name) => errors[name]);
  const target = document.getElementById(first ?? "checkout-banner");
  if (!target) return;
  target.focus({ preventScroll: true });
  target.scrollIntoView({ block: "center" });
}

type Edit = (event: { target: EventTarget | null }) => void;

/** The checkout form's fieldsets: the shopper's details, the address, notes and the way to pay. */
export function CheckoutFieldsets({
  errors,
  prefill,
  onBlur,
  onEdit,
}: {
  errors: Partial<Record<CheckoutField, string>>;
  prefill: Partial<Record<CheckoutField, string>> | null;
  onBlur: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onEdit: Edit;
}) {
  const field = (f: FieldSpec) => (
    <div key={f.name} className={f.full ? "sm:col-span-2" : undefined}>
      <TextField
        id={f.name}
        label={f.label}
        required={f.required}
        error={errors[f.name]}
        hint={f.hint}
        onBlur={onBlur}
        onChange={onEdit}
        autoComplete={f.autoComplete}
        type={f.type ?? "text"}
        defaultValue={prefill?.[f.name] || (f.name === "country" ? "Pakistan" : undefined)}
      />
    </div>
  );
  return (
    <>
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
        <TextAreaField
          id="notes"
          label="Order notes"
          hint="Optional: anything the courier or we should know."
          rows={3}
          onChange={onEdit}
          defaultValue={prefill?.notes}
        />
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
    </>
  );
}

/** What is paid, beside the button that commits to it: on a phone both are in view at the form's end. */
export function PlaceOrder({ cart, submitting, ready }: { cart: ReturnType<typeof useCart>; submitting: boolean; ready: boolean }) {
  const toPay = cart.loaded && cart.rows.length > 0;
  return (
    <div className="space-y-3 rounded-xl border border-leather-200 bg-white p-5">
      {toPay && (
        <p id="checkout-to-pay" className="flex flex-wrap items-baseline justify-between gap-x-3 text-stone-900">
          <span>
            Total to pay on delivery
            <span className="block text-sm text-stone-600">
              {cart.totals.tax > 0 ? `${TAX_LABEL} included, ` : ""}delivery free{cart.priced ? "" : " · checking prices…"}
            </span>
          </span>
          <span className="whitespace-nowrap text-xl font-semibold">{formatPrice(cart.totals.total)}</span>
        </p>
      )}
      <button
        type="submit"
        disabled={submitting || !ready}
        aria-describedby={toPay ? "checkout-to-pay" : undefined}
        className="w-full rounded-md bg-leather-700 px-4 py-3.5 text-lg font-semibold text-white hover:bg-leather-800 disabled:opacity-60"
      >
        {submitting ? "Placing Order..." : "Place Order"}
      </button>
    </div>
  );
}
