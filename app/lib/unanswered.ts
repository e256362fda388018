import { isRouteErrorResponse } from "react-router";

/**
 * Sends a form to the route's server action and, when no answer comes back (the phone lost its
 * signal, a server went away on the way: a network error or a 5xx), resolves to `whenUnanswered`
 * marked `unanswered` instead of throwing: the page stays as it was, with what was typed, and says
 * so; root.tsx does not reload its data after it (that would fail the same way). A redirect and a
 * refusal the server did answer (4xx) go on as before. Used by the clientAction of the forms whose
 * content must not be lost: checkout, contact, the product form.
 */
export async function keepFormWhenUnanswered<T, F extends object>(
  serverAction: () => Promise<T>,
  whenUnanswered: F,
): Promise<T | (F & { unanswered: true })> {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isRouteErrorResponse(error) && error.status < 500) throw error;
    return { ...whenUnanswered, unanswered: true };
  }
}

/** Whether an action's result is one that got no answer: the routes' data need not (and cannot) be read again. */
export function isUnanswered(actionResult: unknown): boolean {
  return typeof actionResult === "object" && actionResult !== null && "unanswered" in actionResult;
}
