import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/signup";
import { actionFailure } from "~/lib/action-failure.server";
import { parseForm } from "~/lib/form-refusal.server";
import { getEnv } from "~/config.server";
import { publicUrlFrom, seo } from "~/lib/seo";
import { signupSchema } from "~/modules/accounts/account.schema";
import { GenderOptions } from "~/components/ui/gender-options";
import { landingPathFor } from "~/modules/accounts/roles";
import { getCurrentUser } from "~/modules/accounts/session.server";
import { signupMailSent } from "~/modules/accounts/signup-link";
import { requestSignup } from "~/modules/accounts/signup.server";
import { useFormCheck } from "~/components/ui/use-form-check";
import { FormAlert, SelectField, TextField, SubmitButton } from "~/components/ui/field";
import { RouteError } from "~/components/ui/route-error";
import { NewPasswordField } from "~/components/accounts/new-password-field";

export function meta({ matches }: Route.MetaArgs) {
  return seo(publicUrlFrom(matches), { title: "Sign up", description: "Create a Chamra Leather account.", path: "/signup", noindex: true });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getCurrentUser(request, context.auth);
  if (user) throw redirect(landingPathFor(user.role));
  return null;
}

type Values = Partial<Record<"email" | "firstName" | "lastName" | "gender" | "numberCode" | "number", string>>;
const NO_VALUES: Values = {};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  // Keep what the visitor typed (never the password) so nothing has to be typed again.
  const values: Values = {};
  for (const k of ["email", "firstName", "lastName", "gender", "numberCode", "number"] as const) {
    const typed = form.get(k);
    if (typeof typed === "string") values[k] = typed;
  }
  const parsed = parseForm(signupSchema, form, { values, sent: null });
  if (!parsed.ok) return parsed.response;
  try {
    // The same answer for an address with an account and one without: the mail says which (decision 0045).
    await requestSignup(context.db, { ...parsed.value, address: context.clientAddress, baseUrl: getEnv().publicUrl });
    context.mailer.kick();
    return data({ error: null, values: NO_VALUES, sent: signupMailSent(parsed.value.email) });
  } catch (error) {
    return actionFailure(error, { msg: "signup failed" }, ({ message }) => ({
      error: `Failed to create an account. ${message}`,
      values,
      sent: null,
    }));
  }
}

export default function Signup() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const check = useFormCheck(signupSchema, result);
  const busy = navigation.state === "submitting";
  const v = result?.values ?? {};
  return (
    <section className="mx-auto max-w-lg px-4 py-12">
      <h1 className="font-serif text-3xl text-leather-800">Create an account</h1>
      {result?.sent && !check.error ? (
        <p role="status" className="mt-8 rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900">
          {result.sent}
        </p>
      ) : null}
      <Form
        method="post"
        noValidate
        className="mt-8 grid gap-4 rounded-xl border border-leather-200 bg-white p-6 shadow-sm sm:grid-cols-2"
        onSubmit={check.onSubmit}
      >
        <div className="sm:col-span-2">
          <FormAlert message={check.error} />
        </div>
        <div className="sm:col-span-2">
          <TextField id="email" label="Email" type="email" autoComplete="email" required defaultValue={v.email} error={check.errorOf("email")} />
        </div>
        <div className="sm:col-span-2">
          <NewPasswordField audience="customer" error={check.errorOf("password")} />
        </div>
        <TextField
          id="firstName"
          label="First name"
          autoComplete="given-name"
          required
          defaultValue={v.firstName}
          error={check.errorOf("firstName")}
        />
        <TextField id="lastName" label="Last name" autoComplete="family-name" required defaultValue={v.lastName} error={check.errorOf("lastName")} />
        <SelectField id="gender" label="Gender" required defaultValue={v.gender ?? ""} error={check.errorOf("gender")}>
          <GenderOptions empty={{ label: "Select…", disabled: true }} />
        </SelectField>
        <div className="grid grid-cols-[7rem_1fr] items-end gap-2">
          <TextField
            id="numberCode"
            label="Country code"
            defaultValue={v.numberCode ?? "+92"}
            autoComplete="tel-country-code"
            error={check.errorOf("numberCode")}
          />
          <TextField
            id="number"
            label="Phone number"
            type="tel"
            autoComplete="tel-national"
            defaultValue={v.number}
            error={check.errorOf("number")}
          />
        </div>
        <SubmitButton busy={busy} busyLabel="Creating account..." className="sm:col-span-2">
          Sign up
        </SubmitButton>
        <p className="text-center text-sm text-stone-700 sm:col-span-2">
          Already have an account?{" "}
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
