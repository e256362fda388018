import { useState } from "react";
import { data, Form, useActionData, useNavigation } from "react-router";
import { formText } from "~/lib/form-text";
import type { Route } from "./+types/settings";
import { actionFailure } from "~/lib/action-failure.server";
import { checkForm, type FieldErrors } from "~/lib/form-errors";
import { refuseForm } from "~/lib/form-refusal.server";
import { useFormCheck } from "~/components/ui/use-form-check";
import { adminMeta } from "~/lib/seo";
import { isMainAdminRole } from "~/modules/accounts/roles";
import { requireAdmin, requireMainAdminAction } from "~/modules/accounts/session.server";
import { confirmationMessage, DEFAULT_CONFIRMATION_TEMPLATE, TEMPLATE_FIELDS, TEMPLATE_MAX_LENGTH } from "~/modules/orders/customer-contact";
import { confirmationTemplateSchema } from "~/modules/orders/admin-orders.schema";
import { getConfirmationTemplate, saveConfirmationTemplate } from "~/modules/orders/order-confirmation.server";
import { firstOrderThresholdSchema } from "~/modules/orders/admin-orders.schema";
import { getFirstOrderThreshold, saveFirstOrderThreshold } from "~/modules/orders/order-review.server";
import { DEFAULT_FIRST_ORDER_THRESHOLD } from "~/modules/orders/order-review";
import { formatAmount } from "~/modules/catalog/pricing";
import type { Db } from "~/lib/db.server";
import { FormAlert, TextAreaField, TextField } from "~/components/ui/field";
import { RouteError } from "~/components/ui/route-error";
import { Button } from "~/components/admin/controls";

export const meta = () => adminMeta("Settings");

const ACCESS_DENIED_SETTINGS = "Access denied. Only Main Admins can change settings.";
const SAVED = "Settings saved.";

const EXAMPLE = {
  orderNumber: "ORD-1763900000000",
  firstName: "Ayesha",
  lastName: "Khan",
  phone: "03001234567",
  total: 672000,
  items: [{ productName: "Formal Dress Belt", quantity: 2 }],
};

/** Plain admins may open the page, and are told it is for main admins. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context.auth);
  if (!isMainAdminRole(user.role)) return data({ allowed: false as const }, { status: 403 });
  const [template, threshold] = await Promise.all([getConfirmationTemplate(context.db), getFirstOrderThreshold(context.db)]);
  return { allowed: true as const, template, threshold };
}

/** The form of the first-order threshold (docs/decisions/0054): its own, beside the message's. */
const THRESHOLD_INTENT = "first-order-threshold";

async function saveThreshold(db: Db, form: Record<string, FormDataEntryValue>) {
  const parsed = checkForm(firstOrderThresholdSchema, form);
  if (!parsed.ok) return refuseForm(parsed, { ok: false as const, message: parsed.error, intent: THRESHOLD_INTENT });
  try {
    await saveFirstOrderThreshold(db, parsed.value.threshold);
    return { ok: true as const, message: SAVED, intent: THRESHOLD_INTENT };
  } catch (error) {
    return actionFailure(error, { msg: "first-order threshold could not be saved" }, ({ message }) => ({
      ok: false as const,
      message: `Failed to save the settings. ${message}`,
      intent: THRESHOLD_INTENT,
    }));
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireMainAdminAction(request, context.auth, ACCESS_DENIED_SETTINGS, (message) => ({ ok: false as const, message }));
  const form = Object.fromEntries(await request.formData());
  if (form.intent === THRESHOLD_INTENT) return saveThreshold(context.db, form);
  const parsed = checkForm(confirmationTemplateSchema, form);
  // Refused on its field (an unknown placeholder is named there), with what was typed kept. Its
  // answer keeps the shape the page and its tests read (templateError), from the same check.
  if (!parsed.ok) {
    const templateError = parsed.fieldErrors.template ?? parsed.error;
    const typed = typeof form.template === "string" ? form.template : undefined;
    return data({ ok: false as const, message: null, templateError, template: typed }, { status: 400 });
  }
  try {
    await saveConfirmationTemplate(context.db, parsed.value.template);
    return { ok: true as const, message: SAVED };
  } catch (error) {
    return actionFailure(error, { msg: "settings could not be saved" }, ({ message }) => ({
      ok: false as const,
      message: `Failed to save the settings. ${message}`,
      templateError: undefined,
      template: parsed.value.template,
    }));
  }
}

/** The template's problem, as the server words it (the same schema), or undefined. */
function templateProblem(template: string): string | undefined {
  const checked = checkForm(confirmationTemplateSchema, { template });
  return checked.ok ? undefined : (checked.fieldErrors.template ?? checked.error);
}

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  // Each form reads its own answer: the threshold's carries its intent.
  const thresholdResult = answer && "intent" in answer ? answer : undefined;
  const result = answer && !("intent" in answer) ? answer : undefined;
  const busy = useNavigation().state === "submitting";
  // The browser's own check, shown until the text changes; the server's answer otherwise.
  const [checked, setChecked] = useState<{ error?: string; for?: typeof result }>({});
  const failed = result && !result.ok ? result : null;
  const templateError = checked.for === result ? checked.error : failed?.templateError;
  if (!loaderData.allowed) {
    return (
      <div className="space-y-4">
        <h1 className="font-serif text-3xl text-leather-800">Settings</h1>
        <FormAlert message={ACCESS_DENIED_SETTINGS} />
      </div>
    );
  }
  return (
    <div className="max-w-3xl space-y-6">
      <h1 className="font-serif text-3xl text-leather-800">Settings</h1>
      <section className="rounded-xl border border-stone-200 bg-white p-5">
        <h2 className="font-serif text-xl text-leather-800">Order confirmation message</h2>
        <p className="mt-1 text-sm text-stone-700">
          Staff send this on WhatsApp to confirm an order before it ships. These words are replaced for each order:{" "}
          {TEMPLATE_FIELDS.map((f, i) => (
            <span key={f}>
              <code className="rounded bg-stone-100 px-1">{f}</code>
              {i < TEMPLATE_FIELDS.length - 1 ? ", " : "."}
            </span>
          ))}{" "}
          Leave it empty to use the shop's default.
        </p>
        <Form
          method="post"
          className="mt-4 space-y-3"
          onSubmit={(event) => {
            const error = templateProblem(formText(new FormData(event.currentTarget), "template"));
            setChecked({ error, for: result });
            if (error) event.preventDefault();
          }}
        >
          <FormAlert message={failed?.message} />
          {result?.ok && (
            <p role="status" className="rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900">
              {result.message}
            </p>
          )}
          <TextAreaField
            id="template"
            label="Message"
            rows={6}
            maxLength={TEMPLATE_MAX_LENGTH}
            defaultValue={failed?.template ?? loaderData.template}
            key={failed?.template ?? loaderData.template}
            error={templateError}
            onChange={() => setChecked({ error: undefined, for: result })}
          />
          <Button kind="primary" type="submit" disabled={busy}>
            {busy ? "Saving..." : "Save Settings"}
          </Button>
        </Form>
        <h3 className="mt-6 text-sm font-semibold text-stone-900">How it reads for an order</h3>
        <p className="mt-1 whitespace-pre-wrap rounded-md bg-stone-50 p-3 text-sm text-stone-800">
          {confirmationMessage(loaderData.template, EXAMPLE)}
        </p>
        {loaderData.template !== DEFAULT_CONFIRMATION_TEMPLATE && (
          <p className="mt-2 text-xs text-stone-600">The shop's default: {DEFAULT_CONFIRMATION_TEMPLATE}</p>
        )}
      </section>
      <FirstOrderThreshold threshold={loaderData.threshold} result={thresholdResult} busy={busy} />
    </div>
  );
}

/** Above this amount a customer's first order is flagged on the orders screen, to check before shipping. */
function FirstOrderThreshold({
  threshold,
  result,
  busy,
}: {
  threshold: number;
  result?: { ok: boolean; message: string; error?: string; fieldErrors?: FieldErrors };
  busy: boolean;
}) {
  const check = useFormCheck(firstOrderThresholdSchema, result && !result.ok ? result : undefined);
  // A refusal that is not about the value (the database) is told on the field too: it is the form's only one.
  const error = check.errorOf("threshold") ?? (result && !result.ok && !result.fieldErrors ? result.message : undefined);
  return (
    <section className="rounded-xl border border-stone-200 bg-white p-5">
      <h2 className="font-serif text-xl text-leather-800">Orders to check before shipping</h2>
      <p className="mt-1 text-sm text-stone-700">
        A customer's first order above this amount is flagged on the orders screen (Needs attention). 0 flags none; leave it empty for the shop's
        default, {formatAmount(DEFAULT_FIRST_ORDER_THRESHOLD)}.
      </p>
      <Form method="post" noValidate className="mt-4 space-y-3" onSubmit={check.onSubmit}>
        <input type="hidden" name="intent" value={THRESHOLD_INTENT} />
        {result?.ok && (
          <p role="status" className="rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900">
            {result.message}
          </p>
        )}
        <TextField
          id="threshold"
          label="Flag a first order above (PKR)"
          inputMode="numeric"
          defaultValue={String(threshold / 100)}
          key={threshold}
          hint="Whole rupees, e.g. 25000."
          error={error}
        />
        <Button kind="primary" type="submit" disabled={busy}>
          Save threshold
        </Button>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteError backTo={{ to: "/admin", label: "Back to the Admin Panel" }} />;
}
