/**
 * A one-time message carried across a redirect in a short-lived cookie ('Login successful!').
 */
const NAME = "flash";

export function flashCookie(message: string): string {
  return `${NAME}=${encodeURIComponent(message)}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax`;
}

export function readFlash(request: Request): { message: string | null; clear: string | null } {
  const cookie = request.headers.get("cookie") ?? "";
  const match = cookie.split(/;\s*/).find((c) => c.startsWith(`${NAME}=`));
  if (!match) return { message: null, clear: null };
  let message: string | null = null;
  try {
    message = decodeURIComponent(match.slice(NAME.length + 1)).slice(0, 200) || null;
  } catch {
    message = null;
  }
  return { message, clear: `${NAME}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax` };
}
