import { loadAuthSecret } from "~/modules/accounts/auth.server";
import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { parseJsonField } from "~/lib/json-field";
import type { FileStorage } from "~/modules/media/storage.server";
import { refuseForm } from "~/lib/form-refusal.server";
import { PRODUCT_FORM_MESSAGES, productFormErrors, productFormSchema } from "./product-form.schema";
import type { SaveOptions } from "./product-editor.server";

/**
 * The product form's submission: one field `product` holding the form as JSON. Refused, the
 * answer to return (refuseForm, form-refusal.server.ts): the spec's "Please fix the errors…" at the
 * top and each problem under its field, named by its path ('variants.0.stock.1.size'), as the
 * browser names them. `message` and `errors` repeat them under the names the save's tests read.
 */
export function parseProductSubmission(form: FormData) {
  const raw = form.get("product");
  let value: unknown;
  try {
    value = typeof raw === "string" && raw.length <= 200_000 ? parseJsonField(raw) : undefined;
  } catch {
    value = undefined;
  }
  if (!value || typeof value !== "object") {
    throw new DomainError("INVALID", "The form could not be read. Please reload the page and try again.");
  }
  const parsed = productFormSchema.safeParse(value);
  if (parsed.success) return { ok: true as const, data: parsed.data };
  const fieldErrors = productFormErrors(parsed.error);
  const message = PRODUCT_FORM_MESSAGES.fixForm;
  return { ok: false as const, response: refuseForm({ error: message, fieldErrors }, { ok: false as const, message, errors: fieldErrors }) };
}

/** What a save needs besides the form; `by` is the signed-in staff member's id. */
export async function saveOptions(db: Db, storage: FileStorage, by: string): Promise<SaveOptions> {
  return { storage, uploadSecret: await loadAuthSecret(db), by };
}
