import { data } from "react-router";
import type * as z from "zod/mini";
import { checkForm, type CheckOptions, type FormProblems } from "./form-errors";

/**
 * A form refused for its values: 400, with the first problem and each field's (form-errors.ts),
 * plus what the route keeps for its page (what was typed, never a password).
 */
export function refuseForm<K extends string, E extends object = object>(problems: FormProblems<K>, extra?: E) {
  return data({ ...(extra as E), error: problems.error, fieldErrors: problems.fieldErrors }, { status: 400 });
}

/**
 * The one server path for a form: check it with its schema; on a problem, the 400 answer to
 * return as it is. `extra` may be worked out from the problems (a page that reads them under
 * names of its own).
 */
export function parseForm<S extends z.core.$ZodType, E extends object = object>(
  schema: S,
  form: FormData | URLSearchParams | Record<string, unknown>,
  extra?: E | ((problems: FormProblems) => E),
  options?: CheckOptions,
) {
  const checked = checkForm(schema, form, options);
  if (checked.ok) return { ok: true as const, value: checked.value };
  return { ok: false as const, response: refuseForm(checked, typeof extra === "function" ? extra(checked) : extra) };
}
