import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/createadmin";
import { actionFailure } from "~/lib/action-failure.server";
import { parseForm } from "~/lib/form-refusal.server";
import { flashCookie } from "~/lib/flash.server";
import { GenderOptions } from "~/components/ui/gender-options";
import { ADMIN_ROLES } from "~/lib/db/value-lists";
import { ACCESS_DENIED_CREATE, createAdminSchema } from "~/modules/accounts/admin-account.schema";
import { createAdminAccount } from "~/modules/accounts/admin-accounts.server";
import { adminRoleLabel, isMainAdminRole } from "~/modules/accounts/roles";
import { requireAdmin, requireMainAdminAction } from "~/modules/accounts/session.server";
import { useFormCheck } from "~/components/ui/use-form-check";
import { FormAlert, SelectField, TextField } from "~/components/ui/field";
import { Button } from "~/components/admin/controls";
import { RouteError } from "~/components/ui/route-error";
import { adminMeta } from "~/lib/seo";
import { NewPasswordField } from "~/components/accounts/new-password-field";

export const meta = () => adminMeta("Create Admin");

/** Plain admins may open the page, and are told it is for main admins. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context.auth);
  if (!isMainAdminRole(user.role)) return data({ allowed: false }, { status: 403 });
  return { allowed: true };
}

const KEPT = ["email", "firstName", "lastName", "gender", "role", "numberCode", "number"] as const;
type Values = Partial<Record<(typeof KEPT)[number], string>>;

export async function action({ request, context }: Route.ActionArgs) {
  await requireMainAdminAction(request, context.auth, ACCESS_DENIED_CREATE, (message) => ({ error: message, values: {} }));
  const form = Object.fromEntries(await request.formData());
  // Keep what was typed (never the password) so nothing has to be typed again.
  const values: Values = {};
  for (const k of KEPT) if (typeof form[k] === "string") values[k] = form[k];
  const parsed = parseForm(createAdminSchema, form, { values });
  if (!parsed.ok) return parsed.response;
  try {
    await createAdminAccount(context.db, parsed.value);
    const label = adminRoleLabel[parsed.value.role];
    return redirect("/", { headers: { "Set-Cookie": flashCookie(request, `Signup successful! ${label} profile created.`) } });
  } catch (error) {
    return actionFailure(error, { msg: "admin account creation failed" }, ({ message }) => ({
      error: `Failed to create an account. ${message}`,
      values,
    }));
  }
}

export default function CreateAdmin({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const check = useFormCheck(createAdminSchema, result);
  if (!loaderData.allowed) {
    return (
      <div className="space-y-4">
        <h1 className="font-serif text-3xl text-leather-800">Create Admin</h1>
        <FormAlert message={ACCESS_DENIED_CREATE} />
      </div>
    );
  }
  const busy = navigation.state === "submitting";
  const v = result?.values ?? {};
  return (
    <section className="max-w-2xl">
      <h1 className="font-serif text-3xl text-leather-800">Create Admin</h1>
      <p className="mt-1 text-sm text-stone-600">The new account signs in with its own e-mail and password; you stay signed in.</p>
      <Form
        method="post"
        noValidate
        className="mt-6 grid gap-4 rounded-xl border border-stone-200 bg-white p-6 sm:grid-cols-2"
        onSubmit={check.onSubmit}
      >
        <div className="sm:col-span-2">
          <FormAlert message={check.error} />
        </div>
        <TextField id="firstName" error={check.errorOf("firstName")} label="First name" autoComplete="off" required defaultValue={v.firstName} />
        <TextField id="lastName" error={check.errorOf("lastName")} label="Last name" autoComplete="off" required defaultValue={v.lastName} />
        <SelectField id="gender" error={check.errorOf("gender")} label="Gender" required defaultValue={v.gender ?? ""}>
          <GenderOptions empty={{ label: "Select…", disabled: true }} />
        </SelectField>
        <SelectField id="role" error={check.errorOf("role")} label="Role" required defaultValue={v.role ?? "admin"}>
          {ADMIN_ROLES.map((r) => (
            <option key={r} value={r}>
              {adminRoleLabel[r]}
            </option>
          ))}
        </SelectField>
        <div className="grid grid-cols-[7rem_1fr] items-end gap-2 sm:col-span-2">
          <TextField
            id="numberCode"
            error={check.errorOf("numberCode")}
            label="Country code"
            defaultValue={v.numberCode ?? "+92"}
            autoComplete="off"
          />
          <TextField id="number" error={check.errorOf("number")} label="Phone number" type="tel" autoComplete="off" defaultValue={v.number} />
        </div>
        <div className="sm:col-span-2">
          <TextField id="email" error={check.errorOf("email")} label="Email" type="email" autoComplete="off" required defaultValue={v.email} />
        </div>
        <div className="sm:col-span-2">
          <NewPasswordField audience="staff" />
        </div>
        <Button kind="primary" type="submit" busy={busy} busyLabel="Registering..." className="sm:col-span-2">
          Create Account
        </Button>
        <p className="text-center text-sm text-stone-700 sm:col-span-2">
          The new admin signs in at{" "}
          <Link to="/login" className="font-medium text-leather-700 underline">
            Login
          </Link>
        </p>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteError backTo={{ to: "/admin", label: "Back to the Admin Panel" }} />;
}
