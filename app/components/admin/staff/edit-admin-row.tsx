import type { FormEvent } from "react";
import { Form } from "react-router";
import { ADMIN_ROLES } from "~/lib/db/value-lists";
import type { AdminRow } from "~/modules/accounts/admin-accounts.server";
import { adminRoleLabel } from "~/modules/accounts/roles";
import { GenderOptions } from "~/components/ui/gender-options";
import { NavigateButton } from "~/components/ui/navigate-button";
import { EmailText } from "~/components/admin/email-text";
import { IndexCell, IndexRow, RowActions } from "~/components/admin/index-table";
import { BUTTON } from "~/components/admin/control-styles";
import { Button, ControlError, InputControl, SelectControl } from "~/components/admin/controls";

/** What was typed in a row's edit, kept when it is refused. */
export type EditedValues = Partial<Record<"firstName" | "lastName" | "gender" | "role" | "number", string>>;

const PATH = "/admin/adminlist";

/** One row open for editing: its inputs belong to the row's form through the `form` attribute. */
export function EditAdminRow({
  admin,
  values,
  saving,
  errorOf,
  onSubmit,
}: {
  admin: AdminRow;
  values?: EditedValues;
  saving: boolean;
  errorOf: (name: string) => string | undefined;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const formId = `edit-admin-${admin.id}`;
  const v = {
    firstName: admin.firstName,
    lastName: admin.lastName,
    gender: admin.gender,
    role: admin.role as string,
    number: admin.number,
    ...values,
  };
  // Each control belongs to the row's form, and shows its own problem under it (ControlError).
  const field = (name: string) => ({
    id: `${formId}-${name}`,
    name,
    form: formId,
    invalid: Boolean(errorOf(name)),
    "aria-describedby": errorOf(name) ? `${formId}-${name}-error` : undefined,
  });
  const problem = (name: string) => <ControlError id={`${formId}-${name}-error`} error={errorOf(name)} />;
  return (
    <IndexRow tone="editing">
      <IndexCell label="Name" kind="title" className="font-normal">
        <div className="grid gap-2">
          <label htmlFor={`${formId}-firstName`} className="sr-only">
            First name
          </label>
          <InputControl
            size="row"
            className="block w-full min-w-24"
            {...field("firstName")}
            defaultValue={v.firstName}
            required
            autoComplete="off"
            placeholder="First name"
          />
          <label htmlFor={`${formId}-lastName`} className="sr-only">
            Last name
          </label>
          <InputControl
            size="row"
            className="block w-full min-w-24"
            {...field("lastName")}
            defaultValue={v.lastName}
            required
            autoComplete="off"
            placeholder="Last name"
          />
        </div>
      </IndexCell>
      <IndexCell label="Email" className="text-stone-600">
        <EmailText email={admin.email} />
      </IndexCell>
      <IndexCell label="Gender">
        <label htmlFor={`${formId}-gender`} className="sr-only">
          Gender
        </label>
        <SelectControl size="row" className="block w-full min-w-24" {...field("gender")} defaultValue={v.gender}>
          <GenderOptions empty={{ label: "Not set" }} />
        </SelectControl>
        {problem("gender")}
      </IndexCell>
      <IndexCell label="Role">
        <label htmlFor={`${formId}-role`} className="sr-only">
          Role
        </label>
        <SelectControl size="row" className="block w-full min-w-24" {...field("role")} defaultValue={v.role}>
          {ADMIN_ROLES.map((r) => (
            <option key={r} value={r}>
              {adminRoleLabel[r]}
            </option>
          ))}
        </SelectControl>
        {problem("role")}
      </IndexCell>
      <IndexCell label="Phone">
        <label htmlFor={`${formId}-number`} className="sr-only">
          Phone number
        </label>
        <div className="flex items-center gap-1">
          <span className="text-stone-600">{admin.numberCode}</span>
          <InputControl size="row" className="block w-full min-w-24" {...field("number")} type="tel" defaultValue={v.number} autoComplete="off" />
        </div>
        {problem("number")}
      </IndexCell>
      <IndexCell label="Actions" kind="actions">
        <RowActions>
          <Form method="post" id={formId} noValidate className="contents" onSubmit={onSubmit}>
            <input type="hidden" name="id" value={admin.id} />
            <Button kind="rowPrimary" type="submit" busy={saving} busyLabel="Saving...">
              Save
            </Button>
          </Form>
          <NavigateButton to={PATH} className={BUTTON.row}>
            Cancel
          </NavigateButton>
        </RowActions>
      </IndexCell>
    </IndexRow>
  );
}
