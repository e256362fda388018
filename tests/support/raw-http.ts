import http from "node:http";

/**
 * HTTP/1.1 requests sent exactly as written: the path is not normalised or re-encoded, no cookie
 * jar, no redirects followed, no headers added but Host and the body's length. For requests no
 * browser would send.
 */
export interface RawRequest {
  method: string;
  /** The request target as sent: path and query, percent-encoded or not. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Send the body chunked, without Content-Length. */
  chunked?: boolean;
}

export interface RawResponse {
  /** 0 when no answer came (the connection failed or closed first). */
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The start of the body (event streams are not read). */
  body: string;
  error?: string;
}

const BODY_KEPT = 4_000;

export function rawRequest(port: number, request: RawRequest, agent: http.Agent, timeoutMs = 60_000): Promise<RawResponse> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { ...request.headers };
    // Node frames a body it is given without a length as chunked only for some methods: say so always.
    if (request.body) headers[request.chunked ? "Transfer-Encoding" : "Content-Length"] = request.chunked ? "chunked" : String(request.body.length);
    let settled = false;
    const done = (response: RawResponse) => {
      if (settled) return;
      settled = true;
      resolve(response);
    };
    const outgoing = http.request(
      { host: "127.0.0.1", port, method: request.method, path: request.path, headers, agent, timeout: timeoutMs },
      (incoming) => {
        const status = incoming.statusCode ?? 0;
        // A live event stream never ends: its status and headers are the answer.
        if (String(incoming.headers["content-type"] ?? "").startsWith("text/event-stream")) {
          incoming.destroy();
          return done({ status, headers: incoming.headers, body: "" });
        }
        const chunks: Buffer[] = [];
        let kept = 0;
        incoming.on("data", (chunk: Buffer) => {
          if (kept < BODY_KEPT) {
            chunks.push(chunk);
            kept += chunk.length;
          }
        });
        incoming.on("end", () => done({ status, headers: incoming.headers, body: Buffer.concat(chunks).toString("utf8").slice(0, BODY_KEPT) }));
        incoming.on("error", (error) =>
          done({ status, headers: incoming.headers, body: Buffer.concat(chunks).toString("utf8"), error: error.message }),
        );
      },
    );
    outgoing.on("timeout", () => outgoing.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
    outgoing.on("error", (error) => done({ status: 0, headers: {}, body: "", error: error.message }));
    if (request.body) outgoing.end(request.body);
    else outgoing.end();
  });
}

/** The `name=value` pairs a response sets, without those it clears. */
export function cookiesSet(response: RawResponse): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of response.headers["set-cookie"] ?? []) {
    const [pair, ...attributes] = line.split(";");
    const at = pair.indexOf("=");
    if (at <= 0) continue;
    const cleared = pair.slice(at + 1) === "" || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
    if (!cleared) out.set(pair.slice(0, at).trim(), pair.slice(at + 1));
  }
  return out;
}

/** A Cookie header from name/value pairs. */
export function cookieHeader(cookies: Map<string, string>): string {
  return [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
}
