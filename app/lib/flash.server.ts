import { FLASH_KINDS, type Flash, type FlashKind } from "./flash";

/**
 * A one-time message carried across a redirect in a short-lived cookie ('Login successful!'), with
 * its kind (success, error or info) so it is shown as what it says.
 */
const NAME = "flash";

/**
 * The cookie's attributes: Secure when the shop is served over https — PUBLIC_URL is https, or a
 * trusted proxy says so (the server has already addressed the request to the public origin, see
 * proxy.server.ts atOrigin).
 */
function attributes(request: Request, maxAge: number): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

export function flashCookie(request: Request, message: string, kind: FlashKind = "success"): string {
  // A success is the message alone; other kinds say theirs first ('error:…').
  const value = kind === "success" ? message : `${kind}:${message}`;
  return `${NAME}=${encodeURIComponent(value)}; ${attributes(request, 60)}`;
}

export function readFlash(request: Request): { flash: Flash | null; clear: string | null } {
  const cookie = request.headers.get("cookie") ?? "";
  const match = cookie.split(/;\s*/).find((c) => c.startsWith(`${NAME}=`));
  if (!match) return { flash: null, clear: null };
  let flash: Flash | null = null;
  try {
    const value = decodeURIComponent(match.slice(NAME.length + 1));
    const kind = FLASH_KINDS.find((k) => k !== "success" && value.startsWith(`${k}:`));
    const message = (kind ? value.slice(kind.length + 1) : value).slice(0, 200);
    flash = message ? { message, kind: kind ?? "success" } : null;
  } catch {
    flash = null;
  }
  return { flash, clear: `${NAME}=; ${attributes(request, 0)}` };
}
