/**
 * Where a redirect built from input may send the browser: a path on this shop, never another
 * site (docs/decisions/0045). Every redirect whose address comes from a request — a form's
 * `returnTo`, a `Referer`, the request's own path — goes through here.
 *
 * `candidate` is a path (`/shop?q=belt`) or an absolute URL (a `Referer`); `origin` is the shop's
 * own (`http://localhost:3000`). The answer is the path, query and fragment, normalised, or null
 * when the candidate is not plainly a path on this origin:
 * - another origin, or no http(s) URL at all (`javascript:`, `mailto:`);
 * - a path a browser would read as another host: `//host`, `/\host`, and the same after
 *   percent-decoding (`/%2F%2Fhost`, `/%5Chost`) or after resolving dot segments (`/a/..//host`);
 * - a backslash in the path, or a control character anywhere (browsers drop tabs and newlines
 *   from addresses, so `/\t/host` would become `//host`);
 * - not a string, empty, or longer than any address the shop makes.
 */
export function localPath(candidate: unknown, origin: string): string | null {
  if (typeof candidate !== "string" || candidate.length === 0 || candidate.length > MAX_LENGTH) return null;
  if (CONTROL.test(candidate)) return null;
  let url: URL;
  let base: URL;
  try {
    base = new URL(origin);
    if (!candidate.startsWith("/")) {
      // Only an absolute URL of this very origin is taken (a Referer); nothing relative.
      if (!/^https?:\/\//i.test(candidate)) return null;
      url = new URL(candidate);
      if (url.origin !== base.origin) return null;
    } else {
      if (!isPlainPath(candidate.split(/[?#]/, 1)[0])) return null;
      url = new URL(candidate, base);
      if (url.origin !== base.origin) return null;
    }
  } catch {
    return null;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  return isPlainPath(url.pathname) ? path : null;
}

/** Longer than any address the shop's own pages build (the server refuses over 16 KB anyway). */
const MAX_LENGTH = 4096;

// C0 controls, DEL, and the Unicode line and paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f\u2028\u2029]/;

/**
 * A path that starts with one slash, holds no backslash, and stays so however often it is
 * percent-decoded (an address decoded once more by a proxy or a browser must not turn into another host).
 */
function isPlainPath(path: string): boolean {
  let current = path;
  for (let round = 0; round < 4; round++) {
    if (!current.startsWith("/") || current.startsWith("//") || current.includes("\\") || CONTROL.test(current)) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return false;
    }
    if (decoded === current) return true;
    current = decoded;
  }
  // Still changing after four decodings: not an address the shop made.
  return false;
}
