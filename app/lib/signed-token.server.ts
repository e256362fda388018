import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Short-lived tokens the shop hands a browser and later takes back: `<payload>.<expiry ms>.<mac>`,
 * signed with a key derived from the shop's secret for one purpose only, so a token made for one
 * thing is never taken for another. Returns null for a token that is malformed, tampered with,
 * for another purpose or expired.
 */
function mac(secret: string, purpose: string, body: string): Buffer {
  const key = createHmac("sha256", secret).update(`signed-token:${purpose}`).digest();
  return createHmac("sha256", key).update(body).digest();
}

export function signToken(secret: string, purpose: string, payload: string, ttlMs: number, now = Date.now()): string {
  if (!/^[A-Za-z0-9_-]+$/.test(payload)) throw new Error("A token's payload is letters, digits, '-' and '_' only");
  const body = `${payload}.${now + ttlMs}`;
  return `${body}.${mac(secret, purpose, body).toString("base64url")}`;
}

export function verifyToken(secret: string, purpose: string, token: string, now = Date.now()): string | null {
  const parts = token.split(".");
  if (parts.length !== 3 || token.length > 200) return null;
  const [payload, expiry, signature] = parts;
  const given = Buffer.from(signature, "base64url");
  const expected = mac(secret, purpose, `${payload}.${expiry}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (!/^\d+$/.test(expiry) || Number(expiry) < now) return null;
  return payload;
}
