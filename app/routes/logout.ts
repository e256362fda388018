import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { signOut, signOutEverywhere } from "~/modules/accounts/session.server";

/** Ends this session; with `everywhere=1` ("Sign out of all devices") every session of the account. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const headers = form?.get("everywhere") === "1" ? await signOutEverywhere(request, context.auth) : await signOut(request, context.auth);
  return redirect("/", { headers });
}

export function loader() {
  return redirect("/");
}
