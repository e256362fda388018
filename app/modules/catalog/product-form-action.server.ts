import { loadAuthSecret } from "~/modules/accounts/auth.server";
import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { parseJsonField } from "~/lib/json-field";
import type { FileStorage } from "~/modules/media/storage.server";
import { productFormErrors, productFormSchema, type ProductFormData } from "./product-form.schema";
import type { SaveOptions } from "./product-editor.server";

/** The product form's submission: one field `product` holding the form as JSON. */
export function parseProductSubmission(form: FormData): { ok: true; data: ProductFormData } | { ok: false; errors: Record<string, string> } {
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
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: productFormErrors(parsed.error) };
}

/** What a save needs besides the form; `by` is the signed-in staff member's id. */
export async function saveOptions(db: Db, storage: FileStorage, by: string): Promise<SaveOptions> {
  return { storage, uploadSecret: await loadAuthSecret(db), by };
}
