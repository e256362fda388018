import { data } from "react-router";
import type { Route } from "./+types/subscribe";
import { getDb } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { subscribeSchema } from "~/modules/subscribers/subscriber.schema";
import { subscribe } from "~/modules/subscribers/subscribers.server";

/** The footer's newsletter form posts here. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = subscribeSchema.safeParse({ email: form.get("email") ?? "" });
  if (!parsed.success) {
    return data({ ok: false as const, message: parsed.error.issues[0]?.message }, { status: 400 });
  }
  try {
    await subscribe(getDb(), parsed.data.email);
    return data({ ok: true as const });
  } catch (error) {
    logger.error({ err: error }, "Could not save email. Check server connection.");
    return data({ ok: false as const }, { status: 503 });
  }
}

export function loader() {
  throw data("Not Found", { status: 404 });
}
