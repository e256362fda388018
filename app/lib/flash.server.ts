import { FLASH_KINDS, type Flash, type FlashKind } from "./flash";

/**
 * A one-time message carried across a redirect in a short-lived cookie ('Login successful!'), with
 * its kind (success, error or info) so it is shown as what it says.
 */
const NAME = "flash";

export function flashCookie(message: string, kind: FlashKind = "success"): string {
  return `${NAME}=${encodeURIComponent(`${kind}:${message}`)}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax`;
}

export function readFlash(request: Request): { flash: Flash | null; clear: string | null } {
  const cookie = request.headers.get("cookie") ?? "";
  const match = cookie.split(/;\s*/).find((c) => c.startsWith(`${NAME}=`));
  if (!match) return { flash: null, clear: null };
  let flash: Flash | null = null;
  try {
    const value = decodeURIComponent(match.slice(NAME.length + 1));
    const colon = value.indexOf(":");
    const kind = FLASH_KINDS.find((k) => k === value.slice(0, colon));
    // A cookie from before kinds existed (or typed by hand) is shown as information.
    const message = (kind ? value.slice(colon + 1) : value).slice(0, 200);
    flash = message ? { message, kind: kind ?? "info" } : null;
  } catch {
    flash = null;
  }
  return { flash, clear: `${NAME}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax` };
}
