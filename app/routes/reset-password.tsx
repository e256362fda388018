import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { toHttp } from "~/lib/errors";
import { flashCookie } from "~/lib/flash.server";
import { parseForm } from "~/lib/form-refusal.server";
import { logger } from "~/lib/logger.server";
import { publicUrlFrom, seo } from "~/lib/seo";
import { setPasswordSchema } from "~/modules/accounts/account.schema";
import { FORGOT_PASSWORD_PATH, PASSWORD_SET } from "~/modules/accounts/password-link";
import { findPasswordLink, isLinkProblem, setPasswordWithLink } from "~/modules/accounts/password-link.server";
import type { PasswordAudience } from "~/modules/accounts/password-rules";
import { useFormCheck } from "~/components/ui/use-form-check";
import { FormAlert, SubmitButton } from "~/components/ui/field";
import { RouteError } from "~/components/ui/route-error";
import { NewPasswordField } from "~/components/accounts/new-password-field";

export function meta({ matches }: Route.MetaArgs) {
  return seo(publicUrlFrom(matches), {
    title: "Set your password",
    description: "Set a new password for your Chamra Leather account.",
    path: "/reset-password",
    noindex: true,
  });
}

type PageState = { token: string; audience: PasswordAudience; linkError: string | null };

/** The link is checked when the page opens (not used up), so a dead link says so before any typing. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams.get("token") ?? "";
  const token = query.length > 200 ? "" : query;
  try {
    const link = await findPasswordLink(context.db, token);
    return data<PageState>({ token, audience: link.audience, linkError: null });
  } catch (error) {
    if (!isLinkProblem(error)) throw error;
    return data<PageState>({ token: "", audience: "customer", linkError: (error as Error).message }, { status: 400 });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  // The shape is the customer rule here; setPasswordWithLink holds the account to its own (staff: longer).
  const parsed = parseForm(setPasswordSchema("customer"), await request.formData(), { linkError: null });
  if (!parsed.ok) return parsed.response;
  try {
    await setPasswordWithLink(context.db, parsed.value);
    return redirect("/login", { headers: { "Set-Cookie": flashCookie(request, PASSWORD_SET) } });
  } catch (error) {
    const { status, message, code } = toHttp(error);
    if (code === "INTERNAL") logger.error({ err: error }, "setting a password with a link failed");
    if (isLinkProblem(error)) return data({ error: null, linkError: message }, { status });
    return data({ error: message, linkError: null }, { status });
  }
}

export default function ResetPassword() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const check = useFormCheck(setPasswordSchema(page.audience), result);
  const busy = navigation.state === "submitting";
  const linkError = result?.linkError ?? page.linkError;
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <h1 className="font-serif text-3xl text-leather-800">Set your password</h1>
      {linkError ? (
        <div className="mt-8 space-y-4 rounded-xl border border-leather-200 bg-white p-6 shadow-sm">
          <FormAlert message={linkError} />
          <p className="text-center">
            <Link to={FORGOT_PASSWORD_PATH} className="inline-flex min-h-11 items-center font-medium text-leather-700 underline">
              Ask for a new link
            </Link>
          </p>
        </div>
      ) : (
        <Form
          method="post"
          noValidate
          className="mt-8 space-y-4 rounded-xl border border-leather-200 bg-white p-6 shadow-sm"
          onSubmit={check.onSubmit}
        >
          <FormAlert message={check.error} />
          <input type="hidden" name="token" value={page.token} />
          <NewPasswordField audience={page.audience} label="New password" error={check.errorOf("password")} />
          <SubmitButton busy={busy} busyLabel="Saving...">
            Set password
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteError />;
}
