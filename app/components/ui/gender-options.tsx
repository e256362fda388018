import { GENDERS } from "~/lib/db/value-lists";
import { genderLabel } from "~/modules/accounts/genders";

/** The options of a gender select, after a first option of the caller's choosing. */
export function GenderOptions({ empty }: { empty: { label: string; disabled?: boolean } }) {
  return (
    <>
      <option value="" disabled={empty.disabled}>
        {empty.label}
      </option>
      {GENDERS.map((g) => (
        <option key={g} value={g}>
          {genderLabel(g)}
        </option>
      ))}
    </>
  );
}
