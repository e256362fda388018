import type { HeadersFunction, ServerBuild } from "react-router";

/**
 * Every 429 carries Retry-After (docs/decisions/0046). An action answers it with
 * `data(body, { status: 429, headers: { "Retry-After": … } })` (action-failure.server.ts), but
 * React Router sends a route's own headers, beyond its cookies, only through the route's `headers`
 * export, for a page post and a `.data` request alike. Rather than every route repeating one,
 * `withRetryAfter` gives each route without a `headers` export this one: the headers as before
 * (its parents' and the cookies), plus the Retry-After its action, loader or error answered with.
 */
const passRetryAfter: HeadersFunction = ({ parentHeaders, actionHeaders, loaderHeaders, errorHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = errorHeaders?.get("Retry-After") ?? actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

/** The pages' server build, each route without a `headers` export given `passRetryAfter`. */
export function withRetryAfter(build: ServerBuild): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => [
      id,
      route && !route.module.headers ? { ...route, module: { ...route.module, headers: passRetryAfter } } : route,
    ]),
  );
  return { ...build, routes };
}
