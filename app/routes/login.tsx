import { Form, Link, redirect, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { actionFailure } from "~/lib/action-failure.server";
import { flashCookie } from "~/lib/flash.server";
import { parseForm } from "~/lib/form-refusal.server";
import { publicUrlFrom, seo } from "~/lib/seo";
import { loginSchema } from "~/modules/accounts/account.schema";
import { landingPathFor } from "~/modules/accounts/roles";
import { getCurrentUser, signIn } from "~/modules/accounts/session.server";
import { useFormCheck } from "~/components/ui/use-form-check";
import { FormAlert, TextField, SubmitButton } from "~/components/ui/field";
import { RouteError } from "~/components/ui/route-error";

export function meta({ matches }: Route.MetaArgs) {
  return seo(publicUrlFrom(matches), { title: "Log in", description: "Log in to your Chamra Leather account.", path: "/login", noindex: true });
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
  const parsed = parseForm(loginSchema, form, { email });
  if (!parsed.ok) return parsed.response;
  try {
    const { user, headers } = await signIn(context.db, { ...parsed.value, address: context.clientAddress }, context.auth);
    headers.append("Set-Cookie", flashCookie(request, "Login successful!"));
    return redirect(landingPathFor(user.role), { headers });
  } catch (error) {
    return actionFailure(error, { msg: "login failed" }, ({ message }) => ({ error: `Failed to log in. ${message}`, email }));
  }
}

export default function Login() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const check = useFormCheck(loginSchema, result);
  const busy = navigation.state === "submitting";
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <h1 className="font-serif text-3xl text-leather-800">Log in</h1>
      <p className="mt-2 text-stone-700">Welcome back. Log in to your account.</p>
      <Form method="post" noValidate className="mt-8 space-y-4 rounded-xl border border-leather-200 bg-white p-6 shadow-sm" onSubmit={check.onSubmit}>
        <FormAlert message={check.error} />
        <TextField id="email" label="Email" type="email" autoComplete="email" required defaultValue={result?.email} error={check.errorOf("email")} />
        <TextField id="password" label="Password" type="password" autoComplete="current-password" required error={check.errorOf("password")} />
        <p className="text-right text-sm">
          <Link to="/forgot-password" className="inline-flex min-h-11 items-center font-medium text-leather-700 underline">
            Forgot password?
          </Link>
        </p>
        <SubmitButton busy={busy} busyLabel="Logging in...">
          Log in
        </SubmitButton>
        <p className="text-center text-sm text-stone-700">
          New here?{" "}
          <Link to="/signup" className="font-medium text-leather-700 underline">
            Sign up
          </Link>{" "}
          for an account.
        </p>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteError />;
}
