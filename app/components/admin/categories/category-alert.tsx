import type { FieldErrors } from "~/lib/form-errors";
import { FormAlert } from "~/components/ui/field";
import type { CategoryIntent } from "~/modules/catalog/admin-categories.schema";

/** A category action's refusal, as the page reads it. */
export interface CategoryFailure {
  ok: false;
  intent: CategoryIntent | null;
  id?: string;
  message: string | null;
  detail?: string;
  /** The name's problem, also in `fieldErrors.name` (refuseForm's answer): the category tests read it here. */
  nameError?: string;
  name?: string;
  error?: string;
  fieldErrors?: FieldErrors;
}

/** A refused category action's message at the top of the part it concerns. */
export function CategoryAlert({ failure }: { failure: CategoryFailure }) {
  return <FormAlert message={failure.message} detail={failure.detail} />;
}
