import { DomainError } from "~/lib/errors";
import { readBodyWithLimit } from "~/lib/request-input.server";

/**
 * Reads a form (multipart or not) with the bounded body reader: an oversize upload is refused
 * before it is held in memory whole.
 */
export async function readFormWithLimit(request: Request, maxBytes: number, tooLarge: string): Promise<FormData> {
  const hasBody = request.body !== null;
  const body = await readBodyWithLimit(request, maxBytes, tooLarge);
  if (!hasBody) return new FormData();
  try {
    return await new Response(body, { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData();
  } catch {
    throw new DomainError("INVALID", "The form could not be read. Please try again.");
  }
}

/** The bytes of an uploaded file field, or null when no file was chosen. */
export async function fileBytes(value: FormDataEntryValue | null): Promise<Buffer | null> {
  if (!value || typeof value === "string" || value.size === 0) return null;
  return Buffer.from(await value.arrayBuffer());
}
