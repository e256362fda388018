import { useState, type FormEvent } from "react";
import type { ZodType } from "zod";

/**
 * Checks a form in the browser with the same schema its action uses: on submit, the first problem
 * is kept in `error` and the submission is stopped; a form that passes is sent as usual.
 */
export function useFormCheck(schema: ZodType) {
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const parsed = schema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    setError(parsed.success ? null : parsed.error.issues[0].message);
    if (!parsed.success) event.preventDefault();
  };
  return { error, onSubmit };
}
