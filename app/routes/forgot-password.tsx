import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { getEnv } from "~/config.server";
import { actionFailure } from "~/lib/action-failure.server";
import { parseForm } from "~/lib/form-refusal.server";
import { publicUrlFrom, seo } from "~/lib/seo";
import { forgotPasswordSchema } from "~/modules/accounts/account.schema";
import { LINK_REQUESTED } from "~/modules/accounts/password-link";
import { requestPasswordReset } from "~/modules/accounts/password-link.server";
import { landingPathFor } from "~/modules/accounts/roles";
import { getCurrentUser } from "~/modules/accounts/session.server";
import { useFormCheck } from "~/components/ui/use-form-check";
import { FormAlert, TextField, SubmitButton } from "~/components/ui/field";
import { RouteError } from "~/components/ui/route-error";

export function meta({ matches }: Route.MetaArgs) {
  return seo(publicUrlFrom(matches), {
    title: "Forgot password",
    description: "Get a link to set a new password for your Chamra Leather account.",
    path: "/forgot-password",
    noindex: true,
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getCurrentUser(request, context.auth);
  if (user) throw redirect(landingPathFor(user.role));
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const typed = form.get("email");
  const email = typeof typed === "string" ? typed : "";
  const parsed = parseForm(forgotPasswordSchema, form, { sent: false, email });
  if (!parsed.ok) return parsed.response;
  try {
    await requestPasswordReset(context.db, {
      email: parsed.value.email,
      address: context.clientAddress,
      // From configuration only, never from the request's Host or forwarded headers (decision 0045).
      baseUrl: getEnv().publicUrl,
    });
    context.mailer.kick();
    return data({ error: null, sent: true, email });
  } catch (error) {
    return actionFailure(error, { msg: "password link request failed" }, ({ message }) => ({ error: message, sent: false, email }));
  }
}

export default function ForgotPassword() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const check = useFormCheck(forgotPasswordSchema, result);
  const busy = navigation.state === "submitting";
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <h1 className="font-serif text-3xl text-leather-800">Forgot password</h1>
      <p className="mt-2 text-stone-700">Enter the email of your account and we will send you a link to set a new password.</p>
      <Form method="post" noValidate className="mt-8 space-y-4 rounded-xl border border-leather-200 bg-white p-6 shadow-sm" onSubmit={check.onSubmit}>
        <FormAlert message={check.error} />
        {result?.sent && !check.error ? (
          <p role="status" className="rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900">
            {LINK_REQUESTED}
          </p>
        ) : null}
        <TextField id="email" label="Email" type="email" autoComplete="email" required defaultValue={result?.email} error={check.errorOf("email")} />
        <SubmitButton busy={busy} busyLabel="Sending...">
          Send me a link
        </SubmitButton>
        <p className="text-center text-sm text-stone-700">
          Remembered it?{" "}
          <Link to="/login" className="font-medium text-leather-700 underline">
            Log in
          </Link>
        </p>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteError />;
}
