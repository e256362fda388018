import { formText } from "~/lib/form-text";
import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/account";
import { actionFailure } from "~/lib/action-failure.server";
import { flashCookie } from "~/lib/flash.server";
import type { FieldErrors } from "~/lib/form-errors";
import { parseForm } from "~/lib/form-refusal.server";
import { publicUrlFrom, seo } from "~/lib/seo";
import { passwordAudienceOf, passwordHint } from "~/modules/accounts/password-rules";
import { getProfile, updateProfile } from "~/modules/accounts/profile.server";
import { changePasswordSchema, PASSWORD_CHANGED, PROFILE_SAVED, profileSchema } from "~/modules/accounts/profile.schema";
import { changePassword, requireSignedIn } from "~/modules/accounts/session.server";
import { AccountNav } from "~/components/storefront/account-nav";
import { FormAlert, SubmitButton, TextField } from "~/components/ui/field";
import { useFormCheck } from "~/components/ui/use-form-check";
import { RouteError } from "~/components/ui/route-error";

export function meta({ matches }: Route.MetaArgs) {
  return seo(publicUrlFrom(matches), { title: "Your account", description: "Your Chamra Leather account.", path: "/account", noindex: true });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireSignedIn(request, context.auth);
  return { profile: await getProfile(context.db, user.id), audience: passwordAudienceOf(user.role) };
}

const intentSchema = z.object({ intent: z.enum(["profile", "password"]) });
/** A refusal names its form, so it shows there; the profile's keeps what was typed (a password never). */
type Failure = { form: "profile" | "password" | null; error: string; fieldErrors?: FieldErrors; values?: Record<string, string> };
const PROFILE_FIELDS = ["firstName", "lastName", "numberCode", "number"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSignedIn(request, context.auth);
  const form = await request.formData();
  const intent = intentSchema.safeParse({ intent: form.get("intent") });
  if (!intent.success) return data<Failure>({ form: null, error: "Which form was that? Please try again." }, { status: 400 });
  if (intent.data.intent === "profile") {
    const values = Object.fromEntries(PROFILE_FIELDS.map((name) => [name, formText(form, name)]));
    const parsed = parseForm(profileSchema, form, { form: "profile" as const, values });
    if (!parsed.ok) return parsed.response;
    try {
      await updateProfile(context.db, user.id, parsed.value);
    } catch (error) {
      return actionFailure(error, { msg: "profile not saved" }, ({ message }): Failure => ({ form: "profile", error: message }));
    }
    return redirect("/account", { headers: { "Set-Cookie": flashCookie(request, PROFILE_SAVED) } });
  }
  const parsed = parseForm(changePasswordSchema(passwordAudienceOf(user.role)), form, { form: "password" as const });
  if (!parsed.ok) return parsed.response;
  try {
    const headers = await changePassword(context.db, request, context.auth, { user, ...parsed.value, address: context.clientAddress });
    headers.append("Set-Cookie", flashCookie(request, PASSWORD_CHANGED));
    return redirect("/account", { headers });
  } catch (error) {
    return actionFailure(error, { msg: "password not changed" }, ({ message }): Failure => ({ form: "password", error: message }));
  }
}

export default function Account({ loaderData }: Route.ComponentProps) {
  const { profile, audience } = loaderData;
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const profileCheck = useFormCheck(profileSchema, result?.form === "profile" ? result : null);
  const passwordCheck = useFormCheck(changePasswordSchema(audience), result?.form === "password" ? result : null);
  const typed = result?.form === "profile" ? result.values : undefined;
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="font-serif text-3xl text-leather-800">Your account</h1>
      <p className="mt-2 text-stone-700">
        Signed in as <span className="font-medium text-stone-900">{profile.email}</span>
      </p>
      <AccountNav />
      <FormAlert message={result?.form === null ? result.error : undefined} className="mt-6" />

      <Form
        method="post"
        noValidate
        className="mt-8 space-y-4 rounded-xl border border-leather-200 bg-white p-6 shadow-sm"
        aria-labelledby="profile-heading"
        onSubmit={profileCheck.onSubmit}
      >
        <h2 id="profile-heading" className="font-serif text-2xl text-leather-800">
          Your details
        </h2>
        <p className="text-sm text-stone-700">Checkout is filled in with these, and with your default address.</p>
        <FormAlert message={profileCheck.error} />
        <input type="hidden" name="intent" value="profile" />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="firstName"
            name="firstName"
            label="First name"
            required
            autoComplete="given-name"
            defaultValue={typed?.firstName ?? profile.firstName}
            error={profileCheck.errorOf("firstName")}
          />
          <TextField
            id="lastName"
            name="lastName"
            label="Last name"
            required
            autoComplete="family-name"
            defaultValue={typed?.lastName ?? profile.lastName}
            error={profileCheck.errorOf("lastName")}
          />
        </div>
        <div className="grid grid-cols-[7rem_1fr] gap-4">
          <TextField
            id="numberCode"
            name="numberCode"
            label="Country code"
            autoComplete="tel-country-code"
            defaultValue={typed?.numberCode ?? profile.numberCode}
            error={profileCheck.errorOf("numberCode")}
          />
          <TextField
            id="number"
            name="number"
            label="Phone"
            type="tel"
            autoComplete="tel-national"
            defaultValue={typed?.number ?? profile.number}
            hint="3XXXXXXXXX"
            error={profileCheck.errorOf("number")}
          />
        </div>
        <SubmitButton busy={busy("profile")} busyLabel="Saving..." className="w-full sm:w-auto">
          Save details
        </SubmitButton>
      </Form>

      <Form
        method="post"
        noValidate
        className="mt-8 space-y-4 rounded-xl border border-leather-200 bg-white p-6 shadow-sm"
        aria-labelledby="password-heading"
        onSubmit={passwordCheck.onSubmit}
      >
        <h2 id="password-heading" className="font-serif text-2xl text-leather-800">
          Change password
        </h2>
        <FormAlert message={passwordCheck.error} />
        <input type="hidden" name="intent" value="password" />
        <TextField
          id="currentPassword"
          name="currentPassword"
          label="Current password"
          type="password"
          required
          autoComplete="current-password"
          error={passwordCheck.errorOf("currentPassword")}
        />
        <TextField
          id="newPassword"
          name="newPassword"
          label="New password"
          type="password"
          required
          autoComplete="new-password"
          hint={passwordHint(audience)}
          error={passwordCheck.errorOf("newPassword")}
        />
        <p className="text-sm text-stone-700">Changing it signs you out on every other device.</p>
        <SubmitButton busy={busy("password")} busyLabel="Changing..." className="w-full sm:w-auto">
          Change password
        </SubmitButton>
      </Form>

      <section aria-labelledby="devices-heading" className="mt-8 rounded-xl border border-leather-200 bg-white p-6 shadow-sm">
        <h2 id="devices-heading" className="font-serif text-2xl text-leather-800">
          Devices
        </h2>
        <p className="mt-2 text-sm text-stone-700">Lost a phone, or signed in somewhere else? End every session, this one too.</p>
        <Form method="post" action="/logout" className="mt-4">
          <input type="hidden" name="everywhere" value="1" />
          <button type="submit" className="min-h-11 rounded-md border border-leather-300 px-4 py-2 font-medium text-leather-800 hover:bg-leather-100">
            Sign out of all devices
          </button>
        </Form>
      </section>
      <p className="mt-8 text-sm text-stone-700">
        Forgot your password?{" "}
        <Link to="/forgot-password" className="font-medium text-leather-700 underline">
          Ask for a link to set a new one
        </Link>
        .
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteError />;
}
