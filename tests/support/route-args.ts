import type { AppLoadContext } from "react-router";

/**
 * The arguments React Router hands a loader or action, for calling one directly: the request, the
 * route's params and the load context (testContext), with the URL React Router reads from the
 * request. No route reads the matched pattern, so it is left empty.
 */
export function routeArgs<P extends Record<string, string | undefined>>(args: { request: Request; params: P; context: AppLoadContext }) {
  return { ...args, url: new URL(args.request.url), pattern: "" };
}

/** What `routeArgs` makes, with params by name. */
type RouteArgs = ReturnType<typeof routeArgs<Record<string, string>>>;

/**
 * Any loader or action, for helpers that call one of several. Declared as a method so that a route
 * whose params name their keys (`{ id: string }`) fits: the helper's caller gives those params.
 * `R` is what it returns, for a helper that hands the route's own answer type on (`answer()` infers it).
 */
export type RouteFunction<R = unknown> = { call(args: RouteArgs): R }["call"];
