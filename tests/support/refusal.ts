import { DomainError } from "~/lib/errors";

/**
 * The DomainError `promise` was refused with, typed, for a test to read its code, message and
 * details. Fails the test when it settles otherwise: the other error itself, or what it gave instead.
 */
export async function refusalOf(promise: Promise<unknown>): Promise<DomainError> {
  let outcome: unknown;
  try {
    outcome = await promise;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error(`It was not refused; it gave ${JSON.stringify(outcome)}`);
}
