import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { NEEDS_SCRIPT } from "~/lib/needs-script";

/** A labelled form field with its hint and error, wired for assistive technology. */
interface FieldProps {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  error?: string;
  children?: ReactNode;
}

const control = "mt-1 block w-full rounded-md border bg-white px-3 py-2.5 text-stone-900 placeholder:text-stone-500 disabled:opacity-60";

/** The ids of a field's hint and error, for its control's aria-describedby (undefined when it has neither). */
export function describedBy(id: string, hint?: string, error?: string) {
  return [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
}

/** What every field's control carries: its id and name (the id unless named), its state, the hint and error that describe it, its look. */
function controlWiring(id: string, name: string | undefined, { required, hint, error }: Pick<FieldProps, "required" | "hint" | "error">) {
  return {
    id,
    name: name ?? id,
    "aria-invalid": error ? true : undefined,
    "aria-required": required || undefined,
    "aria-describedby": describedBy(id, hint, error),
    className: `${control} ${error ? "border-red-600" : "border-leather-300"}`,
  };
}

/**
 * A field whose value the page keeps (controlled), or a text area written with a text of its own,
 * is held until the page's scripts have taken over (needs-script.ts): what was typed before then
 * would be wiped, or mixed with the old text, when they do. Other fields keep what was typed.
 */
function heldUntilHydrated(value: unknown, areaText?: unknown) {
  return value !== undefined || (areaText !== undefined && areaText !== "") ? NEEDS_SCRIPT : undefined;
}

/**
 * The frame of every labelled field (these here, and the back office's FileField): the label, the
 * required mark, the control given as children, then the hint and the error under it, with the ids
 * that the control's aria-describedby names (describedBy).
 */
export function FieldFrame({ id, label, required, hint, error, children }: FieldProps) {
  return (
    <div>
      {/* The required mark stands beside the label, not in it: the field's name is its label alone. */}
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      {required && (
        <span className="text-sm font-medium text-red-700" aria-hidden="true">
          {" "}
          *
        </span>
      )}
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function TextField({ id, label, required, hint, error, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error}>
      <input {...controlWiring(id, input.name, { required, hint, error })} {...heldUntilHydrated(input.value)} {...input} />
    </FieldFrame>
  );
}

export function SelectField({ id, label, required, hint, error, children, ...select }: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error}>
      <select {...controlWiring(id, select.name, { required, hint, error })} {...select}>
        {children}
      </select>
    </FieldFrame>
  );
}

export function TextAreaField({ id, label, required, hint, error, ...area }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error}>
      <textarea {...controlWiring(id, area.name, { required, hint, error })} {...heldUntilHydrated(area.value, area.defaultValue)} {...area} />
    </FieldFrame>
  );
}

/** Reloads the home page: the way out of a part of it that could not load. */
export function RetryLink() {
  return (
    <a href="/" className="rounded-md bg-red-700 px-3 py-1.5 text-sm font-medium text-white">
      Retry
    </a>
  );
}

/**
 * The one error box: a failed action, a refused page, a part that could not load. Nothing shows
 * without a message. `detail` adds a second line under a bold message; `action` puts a control
 * (a Retry link) beside the message; `compact` fits a dialog.
 */
export function FormAlert({
  message,
  detail,
  action,
  id,
  compact = false,
  className = "",
}: {
  message?: ReactNode;
  detail?: ReactNode;
  action?: ReactNode;
  id?: string;
  compact?: boolean;
  className?: string;
}) {
  if (!message) return null;
  const box = `rounded-md border border-red-200 bg-red-50 text-sm text-red-800 ${compact ? "px-3 py-2" : "px-4 py-3"} ${className}`.trim();
  if (action) {
    return (
      <div id={id} role="alert" className={`flex flex-wrap items-center justify-between gap-3 ${box}`}>
        <span>{message}</span>
        {action}
      </div>
    );
  }
  if (detail) {
    return (
      <div id={id} role="alert" className={box}>
        <p className="font-medium">{message}</p>
        <p className="mt-1">{detail}</p>
      </div>
    );
  }
  return (
    <p id={id} role="alert" className={box}>
      {message}
    </p>
  );
}

/** A form's main button; while the form is on its way it is disabled and says so ("Logging in..."). */
export function SubmitButton({
  busy,
  busyLabel,
  className = "w-full",
  children,
}: {
  busy: boolean;
  busyLabel: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      disabled={busy}
      className={`rounded-md bg-leather-700 px-4 py-3 font-semibold text-white hover:bg-leather-800 disabled:opacity-60 ${className}`}
    >
      {busy ? busyLabel : children}
    </button>
  );
}
