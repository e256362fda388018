/** A form field's text, or "" when it is missing or a file (a text field never sends a file). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
