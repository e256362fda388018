/** What a shopper or staff member reads while the database cannot be reached. */
export const DATABASE_UNAVAILABLE_TEXT = "The shop is briefly unavailable. Please try again in a minute.";

/** How long a client should wait before asking again (Retry-After) while the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 10;

/**
 * Whether an error says the database could not be reached (a connection refused, cut or timed
 * out; the server shutting down, starting up or out of connections), rather than that a statement
 * was wrong. Such a fault is the database's, not the request's: the shop answers 503 and tries
 * again by itself (docs/decisions/0049-database-blinks.md).
 *
 * Looks through the causes an error wraps (drizzle wraps a driver's error in its own).
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let current = error; current && typeof current === "object" && !seen.has(current); current = (current as { cause?: unknown }).cause) {
    seen.add(current);
    const { code, message, errors } = current as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === "string" && (UNREACHABLE_CODES.has(code) || code.startsWith(CONNECTION_EXCEPTION_CLASS))) return true;
    if (typeof message === "string" && UNREACHABLE_MESSAGES.test(message)) return true;
    // A host name with several addresses reports each refused connection in an AggregateError.
    if (Array.isArray(errors) && errors.length > 0 && errors.every(isDatabaseUnreachable)) return true;
  }
  return false;
}

/** SQLSTATE class 08: connection exceptions. */
const CONNECTION_EXCEPTION_CLASS = "08";

const UNREACHABLE_CODES = new Set([
  // The network and the socket (Node's codes).
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EHOSTDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
  // The server: shutting down (by an operator, or crashing), starting up, out of connections.
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);

/** What the driver says when it has no code to give: a connection that ended or never came. */
const UNREACHABLE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly/i;
