import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/signup-confirm";
import { toHttp } from "~/lib/errors";
import { flashCookie } from "~/lib/flash.server";
import { logger } from "~/lib/logger.server";
import { publicUrlFrom, seo } from "~/lib/seo";
import { CONFIRM_SIGNUP_PATH, SIGNUP_DONE } from "~/modules/accounts/signup-link";
import { confirmSignup, findSignupLink, isSignupLinkProblem } from "~/modules/accounts/signup.server";
import { FormAlert, SubmitButton } from "~/components/ui/field";
import { RouteError } from "~/components/ui/route-error";

export function meta({ matches }: Route.MetaArgs) {
  return seo(publicUrlFrom(matches), {
    title: "Finish signing up",
    description: "Finish creating your Chamra Leather account.",
    path: CONFIRM_SIGNUP_PATH,
    noindex: true,
  });
}

type PageState = { token: string; email: string; linkError: string | null };

const tokenOf = (value: unknown) => (typeof value === "string" && value.length <= 200 ? value : "");

/**
 * The signup link's page: checked when it opens (not used up: a mail program that opens links to
 * look at them makes no account), used by the button.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = tokenOf(new URL(request.url).searchParams.get("token"));
  try {
    const link = await findSignupLink(context.db, token);
    return data<PageState>({ token, email: link.email, linkError: null });
  } catch (error) {
    if (!isSignupLinkProblem(error)) throw error;
    return data<PageState>({ token: "", email: "", linkError: (error as Error).message }, { status: 400 });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    await confirmSignup(context.db, tokenOf(form.get("token")));
    return redirect("/login", { headers: { "Set-Cookie": flashCookie(request, SIGNUP_DONE) } });
  } catch (error) {
    const { status, message, code } = toHttp(error);
    if (code === "INTERNAL") logger.error({ err: error }, "finishing a signup failed");
    return data({ linkError: isSignupLinkProblem(error) ? message : null, error: isSignupLinkProblem(error) ? null : message }, { status });
  }
}

export default function SignupConfirm() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const linkError = result?.linkError ?? page.linkError;
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <h1 className="font-serif text-3xl text-leather-800">Finish signing up</h1>
      {linkError ? (
        <div className="mt-8 space-y-4 rounded-xl border border-leather-200 bg-white p-6 shadow-sm">
          <FormAlert message={linkError} />
          <p className="text-center">
            <Link to="/signup" className="inline-flex min-h-11 items-center font-medium text-leather-700 underline">
              Sign up again
            </Link>
          </p>
        </div>
      ) : (
        <Form method="post" className="mt-8 space-y-4 rounded-xl border border-leather-200 bg-white p-6 shadow-sm">
          <FormAlert message={result?.error} />
          <p className="text-stone-700">
            Create the account for <strong>{page.email}</strong> with the password you chose when signing up.
          </p>
          <input type="hidden" name="token" value={page.token} />
          <SubmitButton busy={busy} busyLabel="Creating account...">
            Create my account
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteError />;
}
