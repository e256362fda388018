import { data, redirect, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/adminlist";
import { actionFailure } from "~/lib/action-failure.server";
import { checkForm, type FormProblems } from "~/lib/form-errors";
import { refuseForm } from "~/lib/form-refusal.server";
import { useFormCheck } from "~/components/ui/use-form-check";
import { flashCookie } from "~/lib/flash.server";
import { genderLabel } from "~/modules/accounts/genders";
import {
  ACCESS_DENIED_MANAGE,
  ADMIN_DELETE_FAILED,
  ADMIN_DELETED,
  deleteAdminConfirm,
  deleteAdminSchema,
  updateAdminSchema,
} from "~/modules/accounts/admin-account.schema";
import { deleteAdmin, listAdmins, updateAdmin, type AdminRow } from "~/modules/accounts/admin-accounts.server";
import { EditAdminRow, type EditedValues as Values } from "~/components/admin/staff/edit-admin-row";
import { deletedByOf } from "~/modules/trash/trash.server";
import { ConfirmButton } from "~/components/admin/confirm-button";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { adminRoleLabel, isMainAdminRole } from "~/modules/accounts/roles";
import { requireAdmin, requireMainAdminAction } from "~/modules/accounts/session.server";
import { RouteError } from "~/components/ui/route-error";
import { adminMeta } from "~/lib/seo";
import { EmailText } from "~/components/admin/email-text";
import { IndexCell, IndexRow, IndexTable, RowActions } from "~/components/admin/index-table";
import { BUTTON } from "~/components/admin/control-styles";
import { FormAlert } from "~/components/ui/field";
import { NavigateButton } from "~/components/ui/navigate-button";

export const UPDATED = "Admin updated successfully!";
export const UPDATE_FAILED = "Failed to update admin. Check console for details.";
const PATH = "/admin/adminlist";

export const meta = () => adminMeta("Admin Management");

/**
 * `?edit=<id>` opens one row for editing, so editing works with or without JavaScript; `?delete=<id>`
 * asks whether to delete one (decision 0044).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context.auth);
  if (!isMainAdminRole(user.role))
    return data({ allowed: false as const, admins: [] as AdminRow[], editId: null, deleteId: null, meId: user.id }, { status: 403 });
  const admins = await listAdmins(context.db);
  const params = new URL(request.url).searchParams;
  const editId = params.get("edit");
  const deleteId = params.get("delete");
  // The success message travels as a flash cookie and shows in the admin layout's banner.
  return {
    allowed: true as const,
    admins,
    editId: admins.some((a) => a.id === editId) ? editId : null,
    deleteId: deleteId !== user.id && admins.some((a) => a.id === deleteId) ? deleteId : null,
    meId: user.id,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireMainAdminAction(request, context.auth, ACCESS_DENIED_MANAGE, (message) => ({ message, id: null, values: {} }));
  const form = Object.fromEntries(await request.formData());
  if (form.intent === "delete") {
    const parsed = checkForm(deleteAdminSchema, form);
    if (!parsed.ok) return refuseForm(parsed, { message: parsed.error, id: null, values: {} });
    try {
      const { email } = await deleteAdmin(context.db, parsed.value.id, deletedByOf(staff));
      return redirect(PATH, { status: 303, headers: { "Set-Cookie": flashCookie(request, ADMIN_DELETED(email)) } });
    } catch (error) {
      return actionFailure(error, { msg: "admin delete failed", adminId: parsed.value.id }, ({ message, ourSide }) => ({
        message: ourSide ? ADMIN_DELETE_FAILED : message,
        id: null,
        values: {},
      }));
    }
  }
  const values: Values = {};
  for (const k of ["firstName", "lastName", "gender", "role", "number"] as const) if (typeof form[k] === "string") values[k] = form[k];
  const id = typeof form.id === "string" ? form.id : null;
  const parsed = checkForm(updateAdminSchema, form);
  if (!parsed.ok) return refuseForm(parsed, { message: parsed.error, id, values });
  try {
    await updateAdmin(context.db, parsed.value);
    return redirect(PATH, { headers: { "Set-Cookie": flashCookie(request, UPDATED) } });
  } catch (error) {
    return actionFailure(error, { msg: "admin update failed" }, ({ message, ourSide }) => ({
      message: ourSide ? UPDATE_FAILED : message,
      id,
      values,
    }));
  }
}

export default function AdminList({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  // The edit's check, in the browser and from the server alike (one form-error path, decision 0063).
  const check = useFormCheck(updateAdminSchema, result as Partial<FormProblems> | undefined);
  if (!loaderData.allowed) {
    return (
      <div className="space-y-4">
        <h1 className="font-serif text-3xl text-leather-800">Admin Management</h1>
        <FormAlert message={ACCESS_DENIED_MANAGE} />
      </div>
    );
  }
  const { admins, editId, deleteId, meId } = loaderData;
  const toDelete = deleteId ? admins.find((a) => a.id === deleteId) : undefined;
  const deleting = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";
  const loading = navigation.state === "loading" && navigation.location.pathname === PATH;
  const saving = navigation.state === "submitting";
  return (
    <div className="space-y-6">
      <h1 className="font-serif text-3xl text-leather-800">Admin Management</h1>
      <FormAlert message={check.error ?? result?.message} />
      {loading && (
        <p role="status" className="text-sm text-stone-600">
          Loading admins...
        </p>
      )}
      <IndexTable caption="Staff accounts" columns={["Name", "Email", "Gender", "Role", "Phone", "Actions"]}>
        {admins.map((a) =>
          a.id === editId ? (
            <EditAdminRow
              key={a.id}
              admin={a}
              values={result?.id === a.id ? result.values : undefined}
              saving={saving}
              errorOf={check.errorOf}
              onSubmit={check.onSubmit}
            />
          ) : (
            <IndexRow key={a.id}>
              <IndexCell label="Name" kind="title" className="wrap-anywhere">
                {`${a.firstName} ${a.lastName}`.trim() || "-"}
              </IndexCell>
              <IndexCell label="Email">
                <EmailText email={a.email} />
              </IndexCell>
              <IndexCell label="Gender">{genderLabel(a.gender)}</IndexCell>
              <IndexCell label="Role">{adminRoleLabel[a.role]}</IndexCell>
              <IndexCell label="Phone" className="whitespace-nowrap">
                {a.number ? `${a.numberCode} ${a.number}` : "-"}
              </IndexCell>
              <IndexCell label="Actions" kind="actions">
                <RowActions oneLine>
                  <NavigateButton to={`${PATH}?edit=${encodeURIComponent(a.id)}`} aria-label={`Edit ${a.email}`} className={BUTTON.row}>
                    Edit
                  </NavigateButton>
                  {a.id !== meId && (
                    <ConfirmButton
                      to={`${PATH}?delete=${encodeURIComponent(a.id)}`}
                      message={deleteAdminConfirm(a.email)}
                      action={PATH}
                      fields={{ intent: "delete", id: a.id }}
                      disabled={deleting}
                      aria-label={`Delete ${a.email}`}
                      kind="rowDanger"
                    >
                      Delete
                    </ConfirmButton>
                  )}
                </RowActions>
              </IndexCell>
            </IndexRow>
          ),
        )}
      </IndexTable>
      {toDelete && (
        <ConfirmDialog
          key={toDelete.id}
          title={`Delete ${toDelete.email}?`}
          message={deleteAdminConfirm(toDelete.email)}
          cancelTo={PATH}
          action={PATH}
          fields={{ intent: "delete", id: toDelete.id }}
          confirmLabel="Delete Admin"
          busy={deleting}
        />
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError backTo={{ to: "/admin", label: "Back to the Admin Panel" }} />;
}
