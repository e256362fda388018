import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";
import { DomainError } from "~/lib/errors";
import { PASSWORD_COMMON, PASSWORD_MAX_LENGTH, passwordShapeProblem, type PasswordAudience } from "./password-rules";

/**
 * The whole password rule, on the server: the shape (password-rules.ts) and no common password.
 * Common means what zxcvbn, with its list of common passwords, keyboard patterns, repeats and
 * sequences, guesses in fewer than a million tries (score below 2), or a password that is, apart
 * from letter case, l33t spelling or reversal, one entry of that list. The dictionary (about
 * 400 kB) stays on the server: browsers check the shape only.
 */
const MIN_ZXCVBN_SCORE = 2;

let estimator: ZxcvbnFactory | undefined;

/** Built on first use (about 50 ms), then kept. */
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, maxLength: PASSWORD_MAX_LENGTH });
  return estimator;
}

export function isCommonPassword(password: string): boolean {
  const result = zxcvbn().check(password);
  if (result.score < MIN_ZXCVBN_SCORE) return true;
  const [only, ...rest] = result.sequence;
  return rest.length === 0 && only?.pattern === "dictionary";
}

/** What is wrong with a password for this audience, or null when it may be used. */
export function passwordProblem(password: string, audience: PasswordAudience): string | null {
  return passwordShapeProblem(password, audience) ?? (isCommonPassword(password) ? PASSWORD_COMMON : null);
}

/** Refuses a password the rule refuses (400, with the rule's message). */
export function assertPasswordAllowed(password: string, audience: PasswordAudience): void {
  const problem = passwordProblem(password, audience);
  if (problem) throw new DomainError("INVALID", problem);
}
