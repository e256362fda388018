import { DomainError } from "~/lib/errors";

/**
 * Reads a form (multipart or not) while counting bytes, and stops as soon as the body is larger
 * than `maxBytes`: an oversize upload is refused before it is held in memory whole.
 */
export async function readFormWithLimit(request: Request, maxBytes: number, tooLarge: string): Promise<FormData> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new DomainError("INVALID", tooLarge);
  if (!request.body) return new FormData();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new DomainError("INVALID", tooLarge);
    }
    chunks.push(value);
  }
  const body = Buffer.concat(chunks);
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
