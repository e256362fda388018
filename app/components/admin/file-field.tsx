import type { InputHTMLAttributes } from "react";
import { FILE_INPUT_CLASS } from "./list-controls";

/**
 * A labelled file picker of the back office, with its hint and its problem under it, wired for
 * assistive technology as the text fields are (field.tsx).
 */
export function FileField({
  id,
  label,
  hint,
  error,
  ...input
}: { id: string; label: string; hint: string; error?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "id" | "className">) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        id={id}
        type="file"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        className={`mt-1 ${FILE_INPUT_CLASS}`}
        {...input}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
