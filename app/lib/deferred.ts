/**
 * A promise a loader hands its page unresolved, for `<Await>` to draw once it settles. React
 * Router takes it only after the loader has returned (and after the loader's other awaits): if it
 * failed before then, with nothing attached to it yet, Node would take the failure for one nobody
 * handles. Marked as handled here, it still fails for the page, which shows its error element.
 */
export function deferred<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}
