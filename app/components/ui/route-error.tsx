import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { PageTitle, pageTitleOf } from "~/lib/browser-head";

/**
 * The error boundary every storefront route exports: a clear message and a way back, never a
 * blank page. `backTo` names where the way back leads.
 */
/** The text an answer carries: itself when it is text, else its `message` or `error` field (an action's refusal). */
function messageIn(body: unknown): string | undefined {
  if (typeof body === "string") return body || undefined;
  if (!body || typeof body !== "object") return undefined;
  const { message, error } = body as { message?: unknown; error?: unknown };
  if (typeof message === "string" && message) return message;
  if (typeof error === "string" && error) return error;
  return undefined;
}

export function RouteError({ backTo = { to: "/", label: "Go Home" } }: { backTo?: { to: string; label: string } }) {
  const error = useRouteError();
  let title = "Something went wrong";
  let detail = "Please try again in a moment.";
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      title = "404";
      detail = typeof error.data === "string" && error.data !== "Not Found" ? error.data : "Page Not Found";
    } else {
      detail = messageIn(error.data) ?? detail;
    }
  }
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center" {...pageTitleOf(`${detail} | Chamra Leather`)}>
      <PageTitle title={`${detail} | Chamra Leather`} />
      <h1 className="font-serif text-4xl text-leather-800">{title}</h1>
      <p className="mt-4 text-lg text-stone-700">{detail}</p>
      <Link to={backTo.to} className="mt-8 inline-block rounded-md bg-leather-700 px-5 py-3 font-medium text-white hover:bg-leather-800">
        {backTo.label}
      </Link>
    </section>
  );
}
