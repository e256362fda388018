import { DATABASE_UNAVAILABLE_TEXT, isDatabaseUnreachable } from "./database-faults";
import { diskFaultOf, SHOPPER_DISK_FAULT_MESSAGE } from "./disk-fault";

/**
 * Typed domain errors. Domain functions throw these; `toHttp` is the one place that maps a code to
 * an HTTP status and to the text a user reads.
 */
export type ErrorCode = "NOT_FOUND" | "INVALID" | "OUT_OF_STOCK" | "CONFLICT" | "FORBIDDEN" | "UNAUTHENTICATED" | "TOO_MANY_REQUESTS" | "UNAVAILABLE";

const statusByCode: Record<ErrorCode, number> = {
  NOT_FOUND: 404,
  INVALID: 400,
  OUT_OF_STOCK: 409,
  CONFLICT: 409,
  FORBIDDEN: 403,
  UNAUTHENTICATED: 401,
  TOO_MANY_REQUESTS: 429,
  UNAVAILABLE: 503,
};

export class DomainError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}

function httpStatusFor(code: ErrorCode): number {
  return statusByCode[code];
}

/** Maps any thrown value to a status and a message safe to show a user. */
export function toHttp(error: unknown): { status: number; message: string; code: ErrorCode | "INTERNAL" } {
  if (isDomainError(error)) {
    return { status: httpStatusFor(error.code), message: error.message, code: error.code };
  }
  // The database's fault, not the request's: a 503 the client may try again (database-faults.ts).
  if (isDatabaseUnreachable(error)) return { status: 503, message: DATABASE_UNAVAILABLE_TEXT, code: "UNAVAILABLE" };
  // A full or read-only disk met by a write: nothing was saved, and it is no fault of the request.
  if (diskFaultOf(error)) return { status: httpStatusFor("UNAVAILABLE"), message: SHOPPER_DISK_FAULT_MESSAGE, code: "UNAVAILABLE" };
  return { status: 500, message: "Something went wrong on our side. Please try again.", code: "INTERNAL" };
}
