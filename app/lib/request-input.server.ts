import { DomainError } from "./errors";

/**
 * One boundary for what no page or action can use: addresses and form fields with a NUL byte
 * (PostgreSQL text cannot hold one), malformed percent-encoding, bodies that are not forms, and
 * multipart bodies that cannot be read. Each gets a clear 4xx here, before any loader or action
 * runs, instead of a database error later.
 */
export interface InputProblem {
  status: 400 | 415;
  message: string;
}

export const INPUT_MESSAGES = {
  badAddress: "The address contains characters the shop cannot read.",
  notAForm: "This address accepts forms only (application/x-www-form-urlencoded or multipart/form-data).",
  unreadableForm: "The form could not be read. Please reload the page and try again.",
  nulInForm: "The form contains a character that is not allowed (a NUL byte).",
} as const;

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/** A problem with the address itself: a path that does not decode, or a NUL anywhere in it. */
export function checkAddress(url: URL): InputProblem | null {
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return { status: 400, message: INPUT_MESSAGES.badAddress };
  }
  if (path.includes("\0")) return { status: 400, message: INPUT_MESSAGES.badAddress };
  for (const [name, value] of url.searchParams) {
    if (name.includes("\0") || value.includes("\0")) return { status: 400, message: INPUT_MESSAGES.badAddress };
  }
  return null;
}

/**
 * Reads a form post whole (its size is already bounded), refuses what is not a readable form or
 * holds a NUL byte, and hands back an identical request for the action to read.
 */
export async function checkedForm(request: Request): Promise<{ problem: InputProblem } | { request: Request }> {
  const type = request.headers.get("content-type") ?? "";
  const mediaType = type.split(";")[0].trim().toLowerCase();
  if (!FORM_TYPES.has(mediaType)) return { problem: { status: 415, message: INPUT_MESSAGES.notAForm } };
  const body = await request.arrayBuffer();
  let form: FormData;
  try {
    form = await new Request("http://form.invalid/", { method: "POST", headers: { "content-type": type }, body }).formData();
  } catch {
    return { problem: { status: 400, message: INPUT_MESSAGES.unreadableForm } };
  }
  for (const [name, value] of form) {
    if (name.includes("\0") || (typeof value === "string" && value.includes("\0"))) {
      return { problem: { status: 400, message: INPUT_MESSAGES.nulInForm } };
    }
  }
  return { request: new Request(request.url, { method: request.method, headers: request.headers, body, signal: request.signal }) };
}

/**
 * Reads a request body while counting bytes, and stops as soon as it is larger than `maxBytes`
 * (a declared Content-Length over the limit is refused before reading): an oversize upload is
 * refused with INVALID and `tooLarge` before it is held in memory whole. No body reads as empty.
 */
export async function readBodyWithLimit(request: Request, maxBytes: number, tooLarge: string): Promise<Buffer<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > maxBytes) throw new DomainError("INVALID", tooLarge);
  if (!request.body) return Buffer.alloc(0);
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
  return Buffer.concat(chunks, size);
}
