import { genders } from "~/modules/accounts/account.schema";

/** 'Male', 'Female', 'Other'; '-' when none was given. */
export const genderLabel = (g: string) => (g ? g[0].toUpperCase() + g.slice(1) : "-");

/** The options of a gender select, after a first option of the caller's choosing. */
export function GenderOptions({ empty }: { empty: { label: string; disabled?: boolean } }) {
  return (
    <>
      <option value="" disabled={empty.disabled}>
        {empty.label}
      </option>
      {genders.map((g) => (
        <option key={g} value={g}>
          {genderLabel(g)}
        </option>
      ))}
    </>
  );
}
