import type { InputHTMLAttributes } from "react";
import { describedBy, FieldFrame } from "~/components/ui/field";
import { FILE_INPUT_CLASS } from "./list-controls";

/**
 * A labelled file picker of the back office, with its hint and its problem under it: the field
 * frame of the text fields (field.tsx), around a file input.
 */
export function FileField({
  id,
  label,
  hint,
  error,
  ...input
}: { id: string; label: string; hint: string; error?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "id" | "className">) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        type="file"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={`mt-1 ${FILE_INPUT_CLASS}`}
        {...input}
      />
    </FieldFrame>
  );
}
