import { data } from "react-router";
import { DISK_FAULT_RETRY_AFTER_SECONDS, diskFaultOf } from "./disk-fault";
import { isDomainError, toHttp, type ErrorCode } from "./errors";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnreachable } from "./database-faults";
import { logger } from "./logger.server";

/** What a failed action knows about its error: the status, the text a user may read, and its kind. */
export interface ActionFailure {
  status: number;
  /** Safe to show: a domain error's own text, or the general "something went wrong" text. */
  message: string;
  code: ErrorCode | "INTERNAL";
  /** The fault is ours or a service's (an unexpected error or UNAVAILABLE), not the request's. */
  ourSide: boolean;
}

/** What the log line says: its message, and any ids that help find the case. */
export type FailureLog = { msg: string } & Record<string, unknown>;

/**
 * The one way an action fails. Maps the error to its status and text (`toHttp`), logs it by one
 * rule — our side (unexpected errors, UNAVAILABLE) at error level with the error, a domain error
 * (the request was refused) at debug — and answers `data(body(failure), { status })`, with
 * Retry-After when the error carries one. Each route shapes its own body, so its answers keep the
 * words and fields its page reads.
 */
export function actionFailure<B>(error: unknown, log: FailureLog, body: (failure: ActionFailure) => B) {
  const failure = loggedFailure(error, log);
  return data(body(failure), { status: failure.status, headers: failure.headers });
}

/** The same mapping and logging, for the few routes that answer with a Response of their own. */
export function loggedFailure(error: unknown, log: FailureLog): ActionFailure & { headers: HeadersInit } {
  const { status, message, code } = toHttp(error);
  const failure = { status, message, code, ourSide: code === "INTERNAL" || code === "UNAVAILABLE" };
  const { msg, ...fields } = log;
  if (failure.ourSide) logger.error({ ...fields, err: error }, msg);
  else logger.debug({ ...fields, code, reason: message }, msg);
  const retryAfter = isDomainError(error)
    ? error.details?.retryAfter
    : isDatabaseUnreachable(error)
      ? DATABASE_RETRY_AFTER_SECONDS
      : diskFaultOf(error)
        ? DISK_FAULT_RETRY_AFTER_SECONDS
        : undefined;
  return { ...failure, headers: typeof retryAfter === "number" ? { "Retry-After": String(retryAfter) } : {} };
}
