import { useState, type FormEvent } from "react";
import type * as z from "zod/mini";
import { checkForm, type CheckOptions, type FieldErrors, type FormProblems } from "~/lib/form-errors";

/** An action's answer as the page reads it: a success may say `error: null`. */
type FormAnswer = { error?: string | null; fieldErrors?: FieldErrors };

/**
 * Checks a form in the browser with the same schema its action uses (form-errors.ts): on submit,
 * the first problem is kept in `error` and each field's in `fieldErrors`, and the submission is
 * stopped; a form that passes is sent as usual. `answer` is the action's last answer: its problems
 * show the same way until the next submit.
 */
export function useFormCheck(schema: z.core.$ZodType, answer?: FormAnswer | null, options?: CheckOptions) {
  const [problems, setProblems] = useState<FormProblems | null>(null);
  const [answered, setAnswered] = useState(answer);
  // A new answer from the server replaces what the browser found last.
  if (answered !== answer) {
    setAnswered(answer);
    setProblems(null);
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const checked = checkForm(schema, new FormData(event.currentTarget), options);
    setProblems(checked.ok ? null : checked);
    if (!checked.ok) event.preventDefault();
  };
  const error = problems ? problems.error : (answer?.error ?? null);
  const fieldErrors: FieldErrors = problems ? problems.fieldErrors : (answer?.fieldErrors ?? {});
  return { error, fieldErrors, onSubmit, errorOf: (name: string) => fieldErrors[name] };
}
