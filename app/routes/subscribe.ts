import { data, redirect } from "react-router";
import type { Route } from "./+types/subscribe";
import { isDomainError } from "~/lib/errors";
import { flashCookie } from "~/lib/flash.server";
import type { FieldErrors } from "~/lib/form-errors";
import { parseForm } from "~/lib/form-refusal.server";
import { localPath } from "~/lib/local-path";
import { logger } from "~/lib/logger.server";
import { subscribeSchema } from "~/modules/subscribers/subscriber.schema";
import { subscribeFrom } from "~/modules/subscribers/subscribers.server";
import { NEWSLETTER_FAILURE, NEWSLETTER_SUCCESS } from "~/components/storefront/newsletter-form";

/** A refused address also says its problem the one way (`error`, `fieldErrors`); the form reads `message`. */
type Result = { ok: true } | { ok: false; message?: string; error?: string; fieldErrors?: FieldErrors };

/** A plain form post (JavaScript off) navigates the page; the footer form with JavaScript fetches JSON. */
function isPageNavigation(request: Request): boolean {
  const mode = request.headers.get("sec-fetch-mode");
  if (mode) return mode === "navigate";
  return (request.headers.get("accept") ?? "").includes("text/html");
}

/** The shop's page the form was sent from, to return to; the home page otherwise. */
function backTo(request: Request): string {
  return localPath(request.headers.get("referer"), new URL(request.url).origin) ?? "/";
}

/** The footer's newsletter form posts here. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = parseForm(subscribeSchema, { email: form.get("email") ?? "" }, ({ error }) => ({ ok: false as const, message: error }));
  let result: Result;
  let status = 200;
  const headers = new Headers();
  if (!parsed.ok) {
    result = parsed.response.data;
    status = 400;
  } else {
    try {
      await subscribeFrom(context.db, parsed.value.email, context.clientAddress);
      result = { ok: true };
    } catch (error) {
      if (isDomainError(error) && error.code === "TOO_MANY_REQUESTS") {
        result = { ok: false, message: error.message };
        status = 429;
        headers.set("Retry-After", String(Number(error.details?.retryAfter ?? 60)));
      } else {
        logger.error({ err: error }, "Could not save email. Check server connection.");
        result = { ok: false };
        status = 503;
      }
    }
  }
  if (isPageNavigation(request)) {
    const message = result.ok ? NEWSLETTER_SUCCESS : (result.message ?? NEWSLETTER_FAILURE);
    return redirect(backTo(request), { status: 303, headers: { "Set-Cookie": flashCookie(request, message, result.ok ? "success" : "error") } });
  }
  return data(result, { status, headers });
}

export function loader() {
  throw data("Not Found", { status: 404 });
}
