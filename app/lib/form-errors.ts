import * as z from "zod/mini";
import en from "zod/v4/locales/en.js";

// zod/mini carries no messages of its own: a rule without a message of ours answers in English, as
// zod classic does (on the server and in the browser alike).
z.config(en());

type ZodError = z.core.$ZodError;
type ZodType = z.core.$ZodType;

/**
 * The one way a form's problems are told (docs/decisions/0063-one-form-error-path.md): the same zod
 * schema checks the form in the browser (useFormCheck) and in its action (parseForm), and both answer
 * in this shape — the first problem for the message at the top (the spec's words), and the first
 * problem of each field, shown under that field.
 */
export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

export interface FormProblems<K extends string = string> {
  /** The first problem, in the order the schema checks the fields. */
  error: string;
  /** Each field's first problem, by the field's name. A problem of the whole form has no field. */
  fieldErrors: FieldErrors<K>;
}

/** Each field's first problem; a problem without a path (the whole form's) goes under no field. */
export function fieldErrorsOf<K extends string = string>(error: ZodError): FieldErrors<K> {
  const out: FieldErrors<K> = {};
  for (const issue of error.issues) {
    const key = issue.path[0];
    if (typeof key === "string") out[key as K] ??= issue.message;
  }
  return out;
}

/**
 * How a form's first problem is chosen. By default it is the first in the schema's order; `lead`
 * names messages told before any other when present, in this order (the contact form says a missing
 * field before a malformed e-mail, whatever the field order).
 */
export interface CheckOptions {
  lead?: readonly string[];
}

export function formProblemsOf<K extends string = string>(error: ZodError, options: CheckOptions = {}): FormProblems<K> {
  const messages = error.issues.map((issue) => issue.message);
  const lead = options.lead?.find((message) => messages.includes(message));
  return { error: lead ?? messages[0] ?? "Please check the form.", fieldErrors: fieldErrorsOf<K>(error) };
}

type Checked<S extends ZodType> = { ok: true; value: z.output<S> } | ({ ok: false } & FormProblems<Extract<keyof z.input<S>, string>>);

/**
 * Checks a form's values (FormData, URLSearchParams or a plain object) with its schema. Each field
 * is read once: a name sent twice keeps its first value, as the browser's own reading does.
 */
export function checkForm<S extends ZodType>(
  schema: S,
  form: FormData | URLSearchParams | Record<string, unknown>,
  options?: CheckOptions,
): Checked<S> {
  const values = form instanceof FormData || form instanceof URLSearchParams ? Object.fromEntries(firstValues(form)) : form;
  const parsed = z.safeParse(schema, values);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, ...formProblemsOf(parsed.error, options) };
}

function* firstValues(form: FormData | URLSearchParams): Generator<[string, FormDataEntryValue]> {
  const seen = new Set<string>();
  for (const [name, value] of form.entries()) {
    if (seen.has(name)) continue;
    seen.add(name);
    yield [name, value];
  }
}
