import net from "node:net";

/**
 * Where a request really comes from when the shop runs behind reverse proxies (see docs/operations.md
 * "Public address and proxies" and docs/decisions/0020-behind-a-proxy-and-health.md).
 *
 * `trustProxy` is the number of proxies in front of the shop that are trusted to append the
 * address they received a request from to `X-Forwarded-For` and to say the scheme in
 * `X-Forwarded-Proto`. With 0 (the default) those headers are ignored: anyone can send them.
 */
export interface ProxySettings {
  /** PUBLIC_URL as configured (undefined when unset): when set, it is the shop's only origin. */
  publicUrl?: string;
  trustProxy: number;
}

function normalise(address: string | undefined): string | undefined {
  if (!address) return undefined;
  const trimmed = address.trim();
  // Node reports IPv4 peers of a dual-stack socket as IPv4-mapped IPv6 addresses.
  return trimmed.startsWith("::ffff:") && net.isIPv4(trimmed.slice(7)) ? trimmed.slice(7) : trimmed;
}

/**
 * The client's address: the connecting peer's, or — behind `trustProxy` trusted proxies — the
 * address the outermost trusted proxy received the request from. Entries further left in
 * `X-Forwarded-For` were written by the client itself and are never believed.
 */
export function clientAddress(forwardedFor: string | null | undefined, peer: string | undefined, trustProxy: number): string | undefined {
  const direct = normalise(peer);
  if (trustProxy <= 0 || !forwardedFor) return direct;
  const chain = [
    ...forwardedFor
      .split(",")
      .map((a) => a.trim())
      .filter(Boolean),
    direct ?? "",
  ];
  const candidate = normalise(chain[Math.max(0, chain.length - 1 - trustProxy)]);
  return candidate && net.isIP(candidate) ? candidate : direct;
}

/** The origin shoppers use: PUBLIC_URL's when set; otherwise the request's, as trusted proxies tell it. */
export function publicOrigin(url: URL, headers: Headers, settings: ProxySettings): string {
  if (settings.publicUrl) return new URL(settings.publicUrl).origin;
  if (settings.trustProxy <= 0) return url.origin;
  const first = (name: string) => headers.get(name)?.split(",")[0]?.trim().toLowerCase() || undefined;
  const proto = first("x-forwarded-proto");
  const host = first("x-forwarded-host");
  const scheme = proto === "http" || proto === "https" ? proto : url.protocol.slice(0, -1);
  try {
    return new URL(`${scheme}://${host ?? url.host}`).origin;
  } catch {
    // Not a host name: keep the one the request arrived with.
    return new URL(`${scheme}://${url.host}`).origin;
  }
}

/** The same request addressed to `origin`, so that every origin check and absolute URL uses it. */
export function atOrigin(request: Request, origin: string): Request {
  const url = new URL(request.url);
  if (url.origin === origin) return request;
  const target = new URL(`${url.pathname}${url.search}`, origin);
  const hasBody = request.method !== "GET" && request.method !== "HEAD" && request.body !== null;
  return new Request(target, {
    method: request.method,
    headers: request.headers,
    body: hasBody ? request.body : undefined,
    signal: request.signal,
    // Required by the fetch standard for a streamed body.
    ...(hasBody ? { duplex: "half" } : {}),
  });
}
